import path from 'node:path';
import { childProcesses } from '@docsvc/test-kit';
import { ServiceError } from '@docsvc/schemas';
import { describe, expect, it } from 'vitest';
import { letterLines, textPdf } from '../../../../../test/fixtures/pdf.js';
import { rasterizePdfPage } from '../../rasterize-pdf.js';
import { createPageRenderer } from '../registry.js';
import { parseImageList } from './page-images.js';

/** What only the poppler renderer has: a process a page, its limits, and pdf.js behind it. */

const limits = { maxImagePixels: 50_000_000, maxRenderPixels: 200_000_000 };
const popplers = () => childProcesses(process.pid).filter((p) => /^(pdftoppm|pdfimages|prlimit)$/.test(path.basename(p.cmdline.split(' ')[0] ?? '')));

describe('poppler renderer', () => {
  it('stops a page past its time limit with invalid_document, and leaves no process running', async () => {
    const renderer = await createPageRenderer({ renderer: 'poppler', timeoutMs: 150 });
    const pdf = textPdf([{ lines: letterLines(45) }]);
    const err = await rasterizePdfPage(pdf, 1, { dpi: 1200, limits, renderer }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 'invalid_document', message: expect.stringMatching(/PAGE_TIMEOUT_MS \(150 ms\)/) });
    expect(popplers()).toEqual([]);
  });

  it('refuses a page that needs more memory than PAGE_MEMORY_MB allows, rather than answering a blank raster', async () => {
    // 100 MB of address space for a 134-megapixel raster: poppler says "Out of memory" and still exits 0.
    const renderer = await createPageRenderer({ renderer: 'poppler', memoryMb: 50 });
    const err = await rasterizePdfPage(textPdf([{ lines: ['big'] }]), 1, { dpi: 1200, limits, renderer }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 'invalid_document', message: expect.stringMatching(/more memory than PAGE_MEMORY_MB/) });
  });

  it('hands a page it cannot read to pdf.js, which opened the document, and says why', async () => {
    // The catalog's /Pages is not a page tree: poppler gives up (exit 99), pdf.js finds the page by its /Type.
    const broken = Buffer.from(textPdf([{ lines: ['Hello'] }]).toString('latin1').replace('/Pages 2 0 R >>', '/Pages 3 0 R >>'), 'latin1');
    const renderer = await createPageRenderer({ renderer: 'poppler' });
    const page = await rasterizePdfPage(broken, 1, { dpi: 30, limits, renderer });
    expect(page).toMatchObject({ renderer: 'pdfjs', fallback: expect.stringMatching(/^poppler could not draw it \(.+\)$/), image: { width: 255, height: 330 } });
  });

  it("reads pdfimages' list, inline images included", () => {
    const list = [
      'page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio',
      '--------------------------------------------------------------------------------------------',
      '   1     0 image    2550  3300  gray    1   1  jbig2  no         4  0   300   300 57.8K 5.6%',
      '   1     1 image     900   900  cmyk    4   8  jpeg   no    [inline]     300   300 21.0K 0.7%',
    ].join('\n');
    expect(parseImageList(list)).toEqual([
      { type: 'image', width: 2550, height: 3300, color: 'gray', components: 1, bitsPerComponent: 1, encoding: 'jbig2', xPpi: 300, yPpi: 300 },
      { type: 'image', width: 900, height: 900, color: 'cmyk', components: 4, bitsPerComponent: 8, encoding: 'jpeg', xPpi: 300, yPpi: 300 },
    ]);
  });
});

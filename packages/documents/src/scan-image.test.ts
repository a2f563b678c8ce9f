import { beforeAll, describe, expect, it } from 'vitest';
import { jbig2Image } from '../../../test/fixtures/jbig2.js';
import { buildPdf } from '../../../test/fixtures/pdf.js';
import { scanKinds, type ScanKind } from '../../../test/fixtures/scan-pdfs.js';
import { decodePgm } from './pgm.js';
import { readPdfPageForOcr } from './rasterize-pdf.js';
import { RENDERERS, createPageRenderer } from './renderers/registry.js';

const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 };
/** The kinds whose page is one bilevel image over the whole page, upright: read as they are. */
const AS_IS = ['JBIG2, generic region', 'JBIG2 with globals: a symbol dictionary and a text region', 'CCITT G4', 'CCITT G3 1-D', 'CCITT G3 2-D', '1-bit Flate, inverted /Decode [1 0]'];

let kinds: ScanKind[];
beforeAll(async () => {
  kinds = await scanKinds(5);
}, 60_000);

/** A scan page (its JBIG2 image over the whole page) with `extra` drawn after it in Helvetica. */
function scanWith(kind: ScanKind, extra: string): Buffer {
  const [w, h] = [(kind.ink.width * 72) / kind.dpi, (kind.ink.height * 72) / kind.dpi];
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>`,
    { dict: '<< >>', stream: Buffer.from(`q ${w} 0 0 ${h} 0 0 cm /Im1 Do Q ${extra}`, 'latin1') },
    jbig2Image(kind.ink),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

describe.each(RENDERERS.map((r) => ({ name: r.name })))('a scanned page read for OCR with the $name renderer', ({ name }) => {
  it('is its own image where it is one bilevel image drawn pixel for pixel: the exact pixels, as a PBM', async () => {
    const renderer = await createPageRenderer({ renderer: name });
    for (const kind of kinds.filter((k) => AS_IS.includes(k.name))) {
      const page = await readPdfPageForOcr(kind.pdf, 1, { dpi: 250, limits, renderer });
      expect(page, kind.name).toMatchObject({ source: 'ocr', method: 'extract', dpi: 300, image: { width: kind.ink.width, height: kind.ink.height } });
      if (page.source !== 'ocr') continue;
      expect(Buffer.from(page.pgm!.subarray(0, 3)).toString('latin1'), kind.name).toBe('P4\n');
      // An eighth of the bytes of the gray raster, and the scan's own pixels, every one.
      expect(page.pgm!.length, kind.name).toBeLessThan((kind.ink.width * kind.ink.height) / 7);
      const gray = decodePgm(page.pgm!);
      expect(gray.data.every((v, i) => v === (kind.ink.data[i] ? 0 : 255)), kind.name).toBe(true);
      expect(page.image.data.every((v, i) => v === gray.data[i]), kind.name).toBe(true);
    }
  });

  it('is drawn where the image is not the page as it is: colour or gray, a mask, a palette, flipped, turned, smaller, two images', async () => {
    const renderer = await createPageRenderer({ renderer: name });
    for (const kind of kinds.filter((k) => !AS_IS.includes(k.name))) {
      const page = await readPdfPageForOcr(kind.pdf, 1, { dpi: 250, limits, renderer });
      expect(page, kind.name).toMatchObject({ source: 'ocr', method: 'render' });
    }
  });

  it('is drawn where anything else shows on the page; a hidden OCR layer (text render mode 3) shows nothing', async () => {
    const renderer = await createPageRenderer({ renderer: name });
    const kind = kinds[0]!;
    const stamped = await readPdfPageForOcr(scanWith(kind, 'BT /F1 14 Tf 20 20 Td (PAID) Tj ET'), 1, { dpi: 250, limits, forceOcr: true, renderer });
    const boxed = await readPdfPageForOcr(scanWith(kind, '0 0 1 rg 10 10 50 20 re f'), 1, { dpi: 250, limits, renderer });
    const hidden = await readPdfPageForOcr(scanWith(kind, 'BT 3 Tr /F1 14 Tf 20 20 Td (hidden words) Tj ET'), 1, { dpi: 250, limits, forceOcr: true, renderer });
    expect(stamped).toMatchObject({ source: 'ocr', method: 'render' });
    expect(boxed).toMatchObject({ source: 'ocr', method: 'render' });
    expect(hidden).toMatchObject({ source: 'ocr', method: 'extract' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { meanOf } from '../../test/image-fixtures.js';
import { peakRssGrowth } from '../../test/memory.js';
import { ccittImagePdf, letterLines, textPdf } from '../../../../test/fixtures/pdf.js';
import { scanKinds, type ScanKind } from '../../../../test/fixtures/scan-pdfs.js';
import { rasterizePdfPage } from '../rasterize-pdf.js';
import { RENDERERS, createPageRenderer } from './registry.js';
import type { PageRenderer } from './types.js';
import type { GrayImage } from '@docsvc/image';

/**
 * One suite, run against every renderer of the registry: the same pages and the same assertions on
 * raster size, orientation, what each kind of scanned page shows, limits and concurrency. Either
 * renderer may draw the pages the OCR engine reads, and a page's boxes must not depend on which.
 */

const limits = { maxImagePixels: 50_000_000, maxRenderPixels: 40_000_000 };
const MB = 2 ** 20;

/** How a raster shows a page's ink: dark where the ink is, light elsewhere, and the overlap of its dark pixels with the ink. */
function shows(image: GrayImage, ink: ScanKind['ink']) {
  let both = 0;
  let either = 0;
  let inkSum = 0;
  let inkCount = 0;
  let paperSum = 0;
  for (let i = 0; i < image.data.length; i++) {
    const dark = image.data[i]! < 128;
    const isInk = ink.data[i] === 1;
    if (dark && isInk) both++;
    if (dark || isInk) either++;
    if (isInk) {
      inkSum += image.data[i]!;
      inkCount++;
    } else paperSum += image.data[i]!;
  }
  return { overlap: both / either, ink: inkSum / inkCount, paper: paperSum / (image.data.length - inkCount) };
}

let kinds: ScanKind[];
beforeAll(async () => {
  kinds = await scanKinds();
}, 60_000);

describe.each(RENDERERS.map((r) => ({ name: r.name })))('$name renderer', ({ name }) => {
  let renderer: PageRenderer;
  beforeAll(async () => {
    renderer = await createPageRenderer({ renderer: name, timeoutMs: 60_000, memoryMb: 512 });
  });

  it('says what it is', () => {
    expect(renderer.name).toBe(name);
    expect(renderer.version).toMatch(name === 'poppler' ? /^poppler \d+\.\d+\.\d+$/ : /^pdf\.js \d+\.\d+\.\d+$/);
  });

  it('draws a page at the size pdf.js gives it: a letter page at 300 DPI, an odd size rounded, the crop box, /Rotate', async () => {
    const letter = await rasterizePdfPage(textPdf([{ lines: letterLines(40), fontSize: 11 }]), 1, { dpi: 300, limits, renderer });
    expect(letter).toMatchObject({ dpi: 300, widthPt: 612, heightPt: 792, renderer: name, image: { width: 2550, height: 3300 } });
    expect(letter.image.data).toHaveLength(2550 * 3300);
    expect(meanOf(letter.image, 0, 0, 2550, 250)).toBe(255); // the top margin is white
    expect(meanOf(letter.image, 300, 260, 1500, 40)).toBeLessThan(235); // glyphs of the first line, an inch from the top left
    const odd = await rasterizePdfPage(textPdf([{ lines: ['odd size'], widthPt: 612.3, heightPt: 791.7 }]), 1, { dpi: 100, limits, renderer });
    expect(odd.image).toMatchObject({ width: 850, height: 1100 });
    const turned = await rasterizePdfPage(textPdf([{ lines: ['sideways'], rotate: 90, widthPt: 600, heightPt: 800 }]), 1, { dpi: 100, limits, renderer });
    expect(turned).toMatchObject({ widthPt: 800, heightPt: 600, image: { width: 1111, height: 833 } });
    // A crop box half an inch inside the media box: the first baseline, an inch below the media box's top, half an inch (50 px) below the raster's.
    const cropped = Buffer.from(textPdf([{ lines: ['cropped page'], fontSize: 24 }]).toString('latin1').replace('/MediaBox [0 0 612 792]', '/MediaBox [0 0 612 792] /CropBox [36 36 576 756]'), 'latin1');
    const crop = await rasterizePdfPage(cropped, 1, { dpi: 100, limits, renderer });
    expect(crop).toMatchObject({ widthPt: 540, heightPt: 720, image: { width: 750, height: 1000 } });
    expect(meanOf(crop.image, 0, 0, 750, 20)).toBe(255);
    expect(meanOf(crop.image, 50, 28, 250, 22)).toBeLessThan(235);
    expect(meanOf(crop.image, 0, 55, 750, 100)).toBeGreaterThan(253);
  });

  it('draws every kind of scanned page as it is displayed: JBIG2, CCITT G3/G4, JPEG gray/RGB/CMYK, /Decode, masks, palettes, placement, /Rotate', async () => {
    for (const kind of kinds) {
      const page = await rasterizePdfPage(kind.pdf, 1, { dpi: kind.dpi, limits, renderer });
      expect(page.image, kind.name).toMatchObject({ width: kind.ink.width, height: kind.ink.height });
      const seen = shows(page.image, kind.ink);
      // Ink dark, paper light, in the same places: a page inverted, turned or mirrored overlaps its ink by 0.1 or less.
      expect(seen.ink, kind.name).toBeLessThan(100);
      expect(seen.paper, kind.name).toBeGreaterThan(220);
      expect(seen.overlap, kind.name).toBeGreaterThan(0.7);
    }
  });

  it('leaves an image over MAX_IMAGE_PIXELS out of the page, undecoded, as the answer says', async () => {
    const { growth, outcome } = await peakRssGrowth(() => rasterizePdfPage(ccittImagePdf(30_000), 1, { dpi: 100, limits, renderer }));
    expect(growth).toBeLessThan(300 * MB);
    const page = outcome as Awaited<ReturnType<typeof rasterizePdfPage>>;
    expect(page.image).toMatchObject({ width: 850, height: 1100 });
    expect(meanOf(page.image, 0, 0, 850, 1100)).toBe(255);
    if (name !== 'pdfjs') expect(page).toMatchObject({ renderer: 'pdfjs', fallback: expect.stringMatching(/30000x30000 pixels, over MAX_IMAGE_PIXELS/) });
  });

  it('draws pages of one document at once, each with its own content', async () => {
    const pdf = textPdf([0, 1, 2].map((i) => ({ lines: letterLines(5 + 20 * i) })));
    const pages = await Promise.all([1, 2, 3].map((n) => rasterizePdfPage(pdf, n, { dpi: 50, limits, renderer })));
    const ink = pages.map(({ image }) => image.data.filter((v) => v < 160).length);
    expect(ink[0]).toBeGreaterThan(0);
    expect(ink[1]).toBeGreaterThan(ink[0]!);
    expect(ink[2]).toBeGreaterThan(ink[1]!);
  });
});

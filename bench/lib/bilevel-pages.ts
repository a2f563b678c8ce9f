// Bilevel page files for the OCR benchmarks: the scan-style pages of pages.ts thresholded to black and
// white and written as black-and-white scanners write them (a 1-bit PNG, as OCRmyPDF's linn.png; a TIFF
// with CCITT Group 4), 300 DPI stated. BENCH_PAGE_STYLE=bilevel-png or bilevel-tiff.
import { bilevelPng, bilevelTiffG4 } from '../../test/fixtures/bilevel.ts';
import { threshold } from '../../test/fixtures/jbig2.ts';
import type { Page } from './pages.ts';

export type BilevelStyle = 'bilevel-png' | 'bilevel-tiff';

export const bilevelStyle = (): BilevelStyle | undefined => {
  const style = process.env.BENCH_PAGE_STYLE;
  return style === 'bilevel-png' || style === 'bilevel-tiff' ? style : undefined;
};

/** The pages as bilevel files of `style` (their gray pixels thresholded as a scanner's black-and-white mode does). */
export async function asBilevel(pages: Page[], style: BilevelStyle): Promise<Page[]> {
  return Promise.all(
    pages.map(async (page) => {
      const bitmap = threshold(page.gray, 140);
      const gray = { ...page.gray, data: bitmap.data.map((v) => (v ? 0 : 255)) };
      // Page's ext names the file's kind for its key and file name; a TIFF keeps '.png' out of it.
      return style === 'bilevel-png'
        ? { ...page, gray, bytes: bilevelPng(bitmap), ext: 'png' as const, contentType: 'image/png' }
        : { ...page, name: `${page.name}-g4`, gray, bytes: await bilevelTiffG4(bitmap), ext: 'tif' as unknown as Page['ext'], contentType: 'image/tiff' };
    }),
  );
}

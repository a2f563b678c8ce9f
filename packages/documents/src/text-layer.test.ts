import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { intersectionOverUnion, tightenToInk } from '@docsvc/assembly';
import { buildPdf, drawnPdf, letterLines, scannedPdf, textPdf } from '../../../test/fixtures/pdf.js';
import { helveticaWidth } from '../../../test/fixtures/font-metrics.js';
import { largestImageOf, rasterizePdfPage, readPdfPageForOcr } from './rasterize-pdf.js';

const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 };
const blank = { width: 600, height: 200, data: new Uint8Array(600 * 200).fill(255) };

/** One page: an image over the whole page, then text drawn with `textOps` in font F1. */
function pageWithImageAndText(textOps: string, font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>') {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 144 48] /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>',
    { dict: '<< >>', stream: Buffer.from(`q 144 0 0 48 0 0 cm /Im1 Do Q BT ${textOps} ET`, 'latin1') },
    { dict: '<< /Type /XObject /Subtype /Image /Width 600 /Height 200 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>', stream: deflateSync(blank.data) },
    font,
  ]);
}

describe('readPdfPageForOcr', () => {
  it('answers a born-digital page from its text layer: exact lines, words boxed on their ink', async () => {
    const lines = ['Invoice No. 42 for ACME Corp', 'Total due: 1,234.50 EUR', ...letterLines(10)];
    const pdf = textPdf([{ lines, fontSize: 14 }]);
    const page = await readPdfPageForOcr(pdf, 1, { dpi: 250, limits });
    expect(page.source).toBe('text_layer');
    if (page.source !== 'text_layer') return;
    expect([page.width, page.height]).toEqual([2125, 2750]);
    const found = page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    expect(found.map((l) => l.text)).toEqual(lines);
    // Each word's box, against the ink of that word in the page rendered at the same DPI.
    const { image } = await rasterizePdfPage(pdf, 1, { dpi: 250, limits });
    const words = found.flatMap((l) => l.words);
    // Horizontally the box spans the word's ink; vertically it runs from ascent to descent, holding the ink.
    const inks = words.map((w) => tightenToInk(image, { x0: w.bbox.x0 - 6, y0: w.bbox.y0 - 4, x1: w.bbox.x1 + 6, y1: w.bbox.y1 + 4 }));
    const xIous = words.map((w, i) => intersectionOverUnion({ ...w.bbox, y0: 0, y1: 1 }, { ...inks[i]!, y0: 0, y1: 1 }));
    expect(xIous.reduce((a, b) => a + b, 0) / xIous.length).toBeGreaterThan(0.85);
    expect(Math.min(...xIous)).toBeGreaterThan(0.6);
    words.forEach((w, i) => {
      expect(inks[i]!.y0, w.text).toBeGreaterThanOrEqual(w.bbox.y0 - 2);
      expect(inks[i]!.y1, w.text).toBeLessThanOrEqual(w.bbox.y1 + 2);
    });
    expect(words.every((w) => w.confidence === 1)).toBe(true);
  });

  it("cuts a word at a column line drawn through it: one cell's text run on to the next cell's with no space", async () => {
    // "Elizab" fills its cell to the line; "2165 Princeton Ave" starts the next cell (one text run, as a report writer wrote it).
    const line = 100 + helveticaWidth('Elizab', 10);
    const words = async (lines: Array<[number, number, number, number]>) => {
      const page = await readPdfPageForOcr(drawnPdf([{ texts: [{ text: 'Elizab2165 Princeton Ave', x: 100, y: 100 }], lines }]), 1, { dpi: 250, limits });
      return page.source === 'text_layer' ? page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text)))) : [];
    };
    expect(await words([[line, 80, line, 110], [60, 80, 60, 110], [300, 80, 300, 110]])).toEqual(['Elizab', '2165', 'Princeton', 'Ave']);
    // No line through it: one word.
    expect(await words([[60, 80, 60, 110], [300, 80, 300, 110]])).toEqual(['Elizab2165', 'Princeton', 'Ave']);
  });

  it('reads text set a quarter turn off (a table set sideways, a page shown turned by /Rotate) exactly, in the page turned upright', async () => {
    const page = (extra: string, ops: string) =>
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]${extra} /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
        { dict: '<< >>', stream: Buffer.from(ops, 'latin1') },
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ]);
    const rows = [['Region', '2022', '2023'], ['North', '1,204', '1,310'], ['South', '987', '1,022']];
    // Set sideways as LaTeX's sidewaystable does: each row a column of the portrait page, read bottom to top.
    const sideways = rows.flatMap((row, i) => row.map((cell, j) => `BT /F1 14 Tf 0 1 -1 0 ${100 + 30 * i} ${100 + 150 * j} Tm (${cell}) Tj ET`)).join('\n');
    const upright = rows.map((row, i) => `BT /F1 14 Tf 72 ${700 - 30 * i} Td (${row.join('    ')}) Tj ET`).join('\n');
    // Drawn upside down (a page scanned or set so, no /Rotate): its first row nearest the page's foot.
    const upsideDown = rows.map((row, i) => `BT /F1 14 Tf -1 0 0 -1 540 ${92 + 30 * i} Tm (${row.join('    ')}) Tj ET`).join('\n');
    for (const [name, pdf, rotation, size] of [
      ['sideways on a portrait page', page('', sideways), 90, [2750, 2125]],
      ['upright, shown turned by /Rotate 90', page(' /Rotate 90', upright), 270, [2125, 2750]],
      ['upright, shown turned by /Rotate -90', page(' /Rotate -90', upright), 90, [2125, 2750]],
      ['upside down', page('', upsideDown), 180, [2125, 2750]],
    ] as const) {
      const read = await readPdfPageForOcr(pdf, 1, { dpi: 250, limits });
      expect(read.source, name).toBe('text_layer');
      if (read.source !== 'text_layer') continue;
      expect(read.rotation, name).toBe(rotation);
      expect([read.width, read.height], name).toEqual(size);
      const lines = read.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      expect(lines.map((l) => l.words.map((w) => w.text)), name).toEqual(rows);
      // Boxed in the turned page: words run across it, inside it.
      for (const w of lines.flatMap((l) => l.words)) {
        expect(w.bbox.x1 - w.bbox.x0, `${name}: ${w.text}`).toBeGreaterThan(w.bbox.y1 - w.bbox.y0);
        expect(w.bbox.x1, name).toBeLessThanOrEqual(size[0]);
        expect(w.bbox.y1, name).toBeLessThanOrEqual(size[1]);
      }
    }
    // Text turned every which way (a chart's labels) is still read by OCR.
    const mixed = page('', `${upright}\n${sideways}\n${rows.map((row, i) => `BT /F1 14 Tf 0 -1 1 0 ${400 + 30 * i} 700 Tm (${row.join(' ')}) Tj ET`).join('\n')}`);
    expect(await readPdfPageForOcr(mixed, 1, { dpi: 250, limits })).toMatchObject({ source: 'ocr', refusal: 'rotated_text' });
  });

  it('renders a scanned page (no text layer) for OCR', async () => {
    const page = await readPdfPageForOcr(scannedPdf([blank]), 1, { dpi: 250, limits });
    expect(page).toMatchObject({ source: 'ocr', refusal: 'no_text' });
  });

  it('renders a scanned page at its own resolution, above or below the DPI asked for, within [200, 400]', async () => {
    const at = async (scanDpi: number) => readPdfPageForOcr(scannedPdf([blank], scanDpi), 1, { dpi: 250, limits });
    // The 600x200 scan is rendered pixel for pixel: 3x1 inches at 200 DPI, 2x0.67 inches at 300.
    expect(await at(200)).toMatchObject({ source: 'ocr', dpi: 200, image: { width: 600, height: 200 } });
    expect(await at(300)).toMatchObject({ source: 'ocr', dpi: 300, image: { width: 600, height: 200 } });
    expect(await at(400)).toMatchObject({ source: 'ocr', dpi: 400, image: { width: 600, height: 200 } });
    expect(await at(600)).toMatchObject({ source: 'ocr', dpi: 400, image: { width: 400, height: 133 } });
    const forced = await readPdfPageForOcr(scannedPdf([blank], 200), 1, { dpi: 250, limits, forceOcr: true });
    expect(forced).toMatchObject({ source: 'ocr', dpi: 200 });
  });

  it('does not trust a hidden OCR layer over a page-sized image: it may disagree with what is shown', async () => {
    const page = await readPdfPageForOcr(pageWithImageAndText('3 Tr /F1 10 Tf 10 20 Td (invisible words) Tj'), 1, { dpi: 250, limits });
    expect(page).toMatchObject({ source: 'ocr', refusal: 'image_covers_page' });
  });

  it('refuses glyphs without a real Unicode mapping (private use)', async () => {
    const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /Differences [65 /uniE001 /uniE002 /uniE003] >> >>';
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      { dict: '<< >>', stream: Buffer.from('BT /F1 20 Tf 10 40 Td (ABCABCABC) Tj ET', 'latin1') },
      font,
    ]);
    const page = await readPdfPageForOcr(pdf, 1, { dpi: 250, limits });
    expect(page).toMatchObject({ source: 'ocr', refusal: 'unmapped_glyphs' });
  });

  it('renders every page when OCR is forced', async () => {
    const page = await readPdfPageForOcr(textPdf([{ lines: ['hello'] }]), 1, { dpi: 250, limits, forceOcr: true });
    expect(page.source).toBe('ocr');
    expect(page).not.toHaveProperty('refusal');
  });
});

describe('largestImageOf', () => {
  it('finds a scan filling its page and the resolution it was scanned at', async () => {
    for (const dpi of [200, 300]) {
      const found = await largestImageOf(scannedPdf([blank], dpi), 1);
      expect(found.coverage).toBeCloseTo(1, 2);
      expect(found.dpi).toBeCloseTo(dpi, 0);
    }
  });

  it('reads the image placed under text, and answers no image on a born-digital page', async () => {
    const mixed = await largestImageOf(pageWithImageAndText('/F1 10 Tf 10 20 Td (words) Tj'), 1);
    // 600 pixels across 144 points (2 inches): 300 DPI.
    expect(mixed).toMatchObject({ coverage: 1 });
    expect(mixed.dpi).toBeCloseTo(300, 0);
    const text = await largestImageOf(textPdf([{ lines: ['hello'] }]), 1);
    expect(text.coverage).toBe(0);
    expect(text.dpi).toBeUndefined();
  });
});

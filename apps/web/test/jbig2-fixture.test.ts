import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jbig2Pdf, threshold, type Bitmap } from '../../../test/fixtures/jbig2.ts';
import { renderLines } from '../../../test/fixtures/render-text.ts';

/**
 * The JBIG2 fixture generator (test/fixtures/jbig2.ts) checked by a decoder nobody here wrote:
 * poppler's pdfimages gives back exactly the bitmap encoded, and pdftoppm draws its ink on the page.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'docsvc-jbig2-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bits of a binary PBM (P4: 1 is black, rows padded to bytes). */
function readPbm(file: string): Bitmap {
  const bytes = readFileSync(file);
  const head = /^P4\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(head[1]), Number(head[2])];
  const stride = Math.ceil(width / 8);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = (bytes[head[0].length + y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
  return { width, height, data };
}

describe('the JBIG2 fixture', () => {
  it('is decoded by poppler to the very bitmap encoded, and rendered with its ink', async () => {
    const { image } = await renderLines(['JBIG2 scanned text', 'generic region, template 0'], { width: 999, height: 301, fontSize: 40, lineHeight: 60 });
    const bitmap = threshold(image);
    const pdf = path.join(dir, 'jbig2.pdf');
    writeFileSync(pdf, jbig2Pdf([bitmap, { ...bitmap, data: bitmap.data.map((b) => 1 - b) }], 200));
    expect(execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })).toMatch(/ 999 +301 +gray +1 +1 +jbig2 /);

    execFileSync('pdfimages', [pdf, path.join(dir, 'image')]);
    const decoded = readPbm(path.join(dir, 'image-000.pbm'));
    expect([decoded.width, decoded.height]).toEqual([999, 301]);
    expect(Buffer.from(decoded.data).equals(Buffer.from(bitmap.data))).toBe(true);
    // The second page, its negative: mostly black, so the coder's other cases (long runs of ones, carries) are met too.
    expect(Buffer.from(readPbm(path.join(dir, 'image-001.pbm')).data).equals(Buffer.from(bitmap.data.map((b) => 1 - b)))).toBe(true);

    // The page rendered at the image's resolution (a pixel more or less, rounded): dark where the bitmap
    // is black, give or take the edges' smoothing.
    execFileSync('pdftoppm', ['-r', '200', '-gray', '-f', '1', '-l', '1', pdf, path.join(dir, 'page')]);
    const pgm = readFileSync(path.join(dir, 'page-1.pgm'));
    const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const [width, height] = [Number(head[1]), Number(head[2])];
    expect(Math.abs(width - 999) + Math.abs(height - 301)).toBeLessThanOrEqual(2);
    let ink = 0;
    let agree = 0;
    for (let y = 0; y < Math.min(height, 301); y++) {
      for (let x = 0; x < Math.min(width, 999); x++) {
        const black = bitmap.data[y * 999 + x]!;
        ink += black;
        if ((pgm[head[0].length + y * width + x]! < 128 ? 1 : 0) === black) agree += 1;
      }
    }
    expect(ink).toBeGreaterThan(3000);
    expect(agree / bitmap.data.length).toBeGreaterThan(0.98);
  });
});

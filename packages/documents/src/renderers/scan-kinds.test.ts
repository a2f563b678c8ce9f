import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanKinds, type ScanKind } from '../../../../test/fixtures/scan-pdfs.js';
import { wordAccuracy } from '../../../../test/fixtures/render-text.js';
import { encodePgm } from '../pgm.js';
import { readPdfPageForOcr } from '../rasterize-pdf.js';
import { RENDERERS, createPageRenderer } from './registry.js';
import { runPoppler } from './poppler/run-poppler.js';

/**
 * Every kind of scanned page is read as well as a user reads it by hand: the words tesseract finds in
 * the raster the service would hand the engine (readPdfPageForOcr with PDF_DPI's default, 250) agree
 * with the words it finds in `pdftoppm -r <scan resolution> -gray` of the same page, whichever renderer
 * drew it. (The OCR engines are tested in packages/ocr-engine; here tesseract is the user's reader.)
 */

const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 };

/** tesseract's words on a page image (PGM, on its stdin), one thread, English, automatic segmentation: as by hand. */
function tesseractWords(image: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('tesseract', ['stdin', 'stdout', '-l', 'eng', '--psm', '3'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['pipe', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8').split(/\s+/).filter(Boolean)) : reject(new Error(`tesseract exited with ${code}`))));
    child.stdin.end(image);
  });
}

/** What a user runs: pdftoppm at the scan's resolution, gray. */
async function byHand(kind: ScanKind): Promise<Uint8Array> {
  const run = await runPoppler('pdftoppm', ['-r', String(kind.dpi), '-gray', '-f', '1', '-l', '1', '-'], kind.pdf, { maxOutputBytes: 1e8 });
  if (run.code !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
  return run.stdout;
}

/** Two readings agree on a share of their words (each reading's words found in the other, the lower share). */
const agreement = (a: string[], b: string[]): number => Math.min(wordAccuracy(a, b), wordAccuracy(b, a));

let kinds: ScanKind[];
const reference = new Map<string, string[]>();
beforeAll(async () => {
  kinds = await scanKinds(23);
  // Two readers at a time: the machine has two cores.
  for (let i = 0; i < kinds.length; i += 2) {
    await Promise.all(kinds.slice(i, i + 2).map(async (kind) => reference.set(kind.name, await tesseractWords(await byHand(kind)))));
  }
}, 180_000);

describe.each(RENDERERS.map((r) => ({ name: r.name })))('scanned pages drawn by $name', ({ name }) => {
  it('read as tesseract reads the pdftoppm render of the same page (word agreement >= 0.97), at the scan resolution', { timeout: 180_000 }, async () => {
    const renderer = await createPageRenderer({ renderer: name });
    const results: Array<{ kind: ScanKind; dpi: number; words: string[] }> = [];
    // Pages are read one at a time, as worker-pdf's threads read them (one job a thread); tesseract reads two at once.
    // (Two documents at once in one pdf.js, one of them JPX, after a dozen others, once never finished here.)
    for (let i = 0; i < kinds.length; i += 2) {
      const pages: Array<{ kind: ScanKind; dpi: number; raster: Uint8Array }> = [];
      for (const kind of kinds.slice(i, i + 2)) {
        const page = await readPdfPageForOcr(kind.pdf, 1, { dpi: 250, limits, renderer });
        if (page.source !== 'ocr') throw new Error(`${kind.name}: not rendered for OCR`);
        pages.push({ kind, dpi: page.dpi, raster: page.pgm ?? encodePgm(page.image) });
      }
      results.push(...(await Promise.all(pages.map(async ({ kind, dpi, raster }) => ({ kind, dpi, words: await tesseractWords(raster) })))));
    }
    for (const { kind, dpi, words } of results) {
      console.log(`${name}: ${kind.name}: ${dpi} DPI, agreement ${agreement(reference.get(kind.name)!, words).toFixed(3)}, accuracy ${wordAccuracy(kind.truth, words).toFixed(3)} (by hand ${wordAccuracy(kind.truth, reference.get(kind.name)!).toFixed(3)})`);
    }
    for (const { kind, dpi, words } of results) {
      expect(dpi, kind.name).toBe(kind.dpi);
      expect(agreement(reference.get(kind.name)!, words), kind.name).toBeGreaterThanOrEqual(0.97);
      // And the words are really there: the page is read, not merely read alike.
      expect(wordAccuracy(kind.truth, words), kind.name).toBeGreaterThanOrEqual(0.9);
    }
  });
});

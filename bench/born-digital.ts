// Born-digital PDF pages: answered from the text layer versus rendered and recognised by OCR, on the
// same pages, in the same run. Run: npm run build && node bench/born-digital.ts (BENCH_PAGES=5).
import { availableParallelism } from 'node:os';
import { readPdfPageForOcr } from '@docsvc/documents';
import { createOcrEngine, type EngineChoice } from '@docsvc/ocr-engine';
import { letterLines, textPdf } from '../test/fixtures/pdf.ts';
import { wordAccuracy } from '../test/fixtures/render-text.ts';

const pages = Number(process.env.BENCH_PAGES ?? 5);
const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 };
const lines = letterLines(45);
const pdf = textPdf(Array.from({ length: pages }, () => ({ lines })));
const truth = lines.join(' ').split(/\s+/);
const wordsOf = (blocks: Array<{ paragraphs: Array<{ lines: Array<{ words: Array<{ text: string }> }> }> }>) =>
  blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));

await readPdfPageForOcr(pdf, 1, { dpi: 250, limits }); // load pdf.js once, outside the timings
const engine = await createOcrEngine({ engine: (process.env.OCR_ENGINE as EngineChoice | undefined) ?? 'auto', concurrency: 1 });
let textMs = 0;
let ocrMs = 0;
let textAccuracy = 0;
let ocrAccuracy = 0;
for (let page = 1; page <= pages; page++) {
  let t = performance.now();
  const fast = await readPdfPageForOcr(pdf, page, { dpi: 250, limits });
  textMs += performance.now() - t;
  if (fast.source !== 'text_layer') throw new Error('expected the text layer to be used');
  textAccuracy += wordAccuracy(truth, wordsOf(fast.blocks)) / pages;
  t = performance.now();
  const slow = await readPdfPageForOcr(pdf, page, { dpi: 250, limits, forceOcr: true });
  if (slow.source !== 'ocr') throw new Error('expected a raster');
  const recognised = await engine.recognize(slow.image);
  ocrMs += performance.now() - t;
  ocrAccuracy += wordAccuracy(truth, wordsOf(recognised.blocks)) / pages;
}
await engine.close();
const row = {
  pages,
  text_layer_ms_per_page: Math.round(textMs / pages),
  ocr_ms_per_page: Math.round(ocrMs / pages),
  speedup: Number((ocrMs / textMs).toFixed(1)),
  text_layer_accuracy: Number(textAccuracy.toFixed(4)),
  ocr_accuracy: Number(ocrAccuracy.toFixed(4)),
};
console.table([row]);
console.log(JSON.stringify({ bench: 'born-digital', cores: availableParallelism(), node: process.version, ...row }));

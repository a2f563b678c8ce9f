// Which DPI to render PDF pages at for OCR: word accuracy and time per page (rasterise + recognise)
// of a dense born-digital letter page and of a small-print page, at several resolutions.
// Run: npm run build && node bench/pdf-dpi.ts
import { availableParallelism } from 'node:os';
import { rasterizePdfPage } from '@docsvc/documents';
import { createOcrEngine, type EngineChoice } from '@docsvc/ocr-engine';
import { letterLines, textPdf } from '../test/fixtures/pdf.ts';
import { wordAccuracy } from '../test/fixtures/render-text.ts';

const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 100_000_000 };
const pages = [
  { name: 'letter 12pt', lines: letterLines(45), fontSize: 12 },
  { name: 'small print 8pt', lines: letterLines(70), fontSize: 8 },
];
const engine = await createOcrEngine({ engine: (process.env.OCR_ENGINE as EngineChoice | undefined) ?? 'auto', concurrency: 1 });
const rows: Array<Record<string, string | number>> = [];
for (const page of pages) {
  const pdf = textPdf([{ lines: page.lines, fontSize: page.fontSize }]);
  const truth = page.lines.join(' ').split(/\s+/);
  for (const dpi of [150, 200, 250, 300, 400]) {
    const t0 = performance.now();
    const { image } = await rasterizePdfPage(pdf, 1, { dpi, limits });
    const t1 = performance.now();
    const result = await engine.recognize(image);
    const t2 = performance.now();
    const words = result.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
    rows.push({ page: page.name, dpi, raster_ms: Math.round(t1 - t0), ocr_ms: Math.round(t2 - t1), accuracy: Number(wordAccuracy(truth, words).toFixed(4)) });
  }
}
await engine.close();
console.table(rows);
console.log(JSON.stringify({ bench: 'pdf-dpi', cores: availableParallelism(), node: process.version, rows }));

import { createOcrEngine, rawPage, type EnginePage } from '@docsvc/ocr-engine';
import { assessPage, pageWords, tiltDegrees } from '../packages/ocr-engine/src/page-quality.ts';
import { inkReport } from '../packages/ocr-engine/src/pixels.ts';
import { proseLines, wordAccuracy } from '../test/fixtures/render-text.ts';
import { scannedPage } from '../test/fixtures/scans.ts';
import { SCAN_PAGE } from '../bench/lib/pages.ts';
const wordsOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
const engine = await createOcrEngine({ engine: 'native', concurrency: 1 });
const prose = proseLines(SCAN_PAGE.lines, SCAN_PAGE.maxChars, 3001);
const truth = prose.join(' ').split(/\s+/);
for (const skew of (process.argv[2] ?? '-1,-2,1,2,3,4,5,6').split(',').map(Number)) {
  const img = await scannedPage(prose, { ...SCAN_PAGE, skew, seed: 1 });
  const t0 = performance.now();
  const page = await engine.recognize(rawPage({ ...img, channels: 1 }));
  const q = assessPage(page);
  const t1 = performance.now();
  const ink = inkReport(img, pageWords(page).map((w) => w.bbox));
  const inkMs = Math.round(performance.now() - t1);
  console.log(JSON.stringify({ skew, ms: Math.round(performance.now() - t0), acc: wordAccuracy(truth, wordsOf(page)), conf: q.confidence, tilt: tiltDegrees(page), words: q.words, unread: ink.unread, inkMs }));
}
await engine.close();

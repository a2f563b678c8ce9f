import { createOcrEngine, rawPage, readPage, type EnginePage } from '@docsvc/ocr-engine';
import { pageWords, tiltDegrees } from '../packages/ocr-engine/src/page-quality.ts';
import { inkReport } from '../packages/ocr-engine/src/pixels.ts';
import { proseLines, wordAccuracy } from '../test/fixtures/render-text.ts';
import { scannedPage } from '../test/fixtures/scans.ts';
const wordsOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
const engine = await createOcrEngine({ engine: (process.argv[3] as 'native') ?? 'native', concurrency: 1 });
const prose = proseLines(16, 60, 4242);
const truth = prose.join(' ').split(' ');
for (const skew of (process.argv[2] ?? '-5,-6,-7').split(',').map(Number)) {
  const img = await scannedPage(prose, { width: 1700, height: 1500, skew });
  const page = await engine.recognize(rawPage({ ...img, channels: 1 }));
  const ink = inkReport(img, pageWords(page).map((w) => w.bbox));
  const r = await readPage(engine, rawPage({ ...img, channels: 1 }), { language: 'auto' });
  console.log(JSON.stringify({ skew, acc: wordAccuracy(truth, wordsOf(page)), tilt: tiltDegrees(page), unread: ink.unread, read: { skew: r.skew, passes: r.passes, acc: wordAccuracy(truth, wordsOf(r.page)) } }));
}
await engine.close();

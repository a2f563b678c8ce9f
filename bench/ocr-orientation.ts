// What orientation, skew and language detection cost (readPage, as worker-ocr runs it with language
// 'auto') next to one bare recognition of the same page in English, on real-style scanned letter
// pages: upright, turned 90/180/270, skewed, and a French letter. Also what running tesseract's OSD
// on every page would cost (the rejected design), on the full page and on a half-size copy.
// Run: npm run build && node bench/ocr-orientation.ts
// Sizes: BENCH_ORIENTATION_REPS (runs of each case, median, default 2), OCR_ENGINE (default auto).
import { createOcrEngine, rawPage, readPage, rotateRaw, type EngineChoice, type EnginePage, type OcrEngine, type PageImage } from '@docsvc/ocr-engine';
import sharp from 'sharp';
import { proseLines, wordAccuracy } from '../test/fixtures/render-text.ts';
import { FRENCH_LETTER, scannedPage } from '../test/fixtures/scans.ts';
import { envInt, main, median, onCleanup, report, round } from './lib/common.ts';
import { SCAN_PAGE } from './lib/pages.ts';
import type { RawImage } from '@docsvc/image';

const log = (msg: string) => console.error(`[ocr-orientation] ${msg}`);
const wordsOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));

interface Case {
  name: string;
  image: RawImage;
  truth: string[];
}

await main(async () => {
  const reps = Math.max(1, envInt('BENCH_ORIENTATION_REPS', 2));
  const engine: OcrEngine = await createOcrEngine({ engine: (process.env.OCR_ENGINE as EngineChoice | undefined) ?? 'auto', concurrency: 1 });
  onCleanup(() => engine.close());
  log(`engine ${engine.name} ${engine.version}`);

  const prose = proseLines(SCAN_PAGE.lines, SCAN_PAGE.maxChars, 3001);
  const truth = prose.join(' ').split(/\s+/);
  const raw = (g: { width: number; height: number; data: Uint8Array }): RawImage => ({ ...g, channels: 1 });
  const upright = raw(await scannedPage(prose, { ...SCAN_PAGE, seed: 1 }));
  const frenchTruth = FRENCH_LETTER.join(' ').split(/\s+/);
  const cases: Case[] = [
    { name: 'upright', image: upright, truth },
    { name: 'turned 90', image: rotateRaw(upright, 90), truth },
    { name: 'turned 180', image: rotateRaw(upright, 180), truth },
    { name: 'turned 270', image: rotateRaw(upright, 270), truth },
    { name: 'skewed 3° clockwise', image: raw(await scannedPage(prose, { ...SCAN_PAGE, seed: 1, skew: 3 })), truth },
    { name: 'skewed 3° anticlockwise', image: raw(await scannedPage(prose, { ...SCAN_PAGE, seed: 1, skew: -3 })), truth },
    { name: 'French letter', image: raw(await scannedPage(FRENCH_LETTER, { width: 2550, height: 1200, seed: 2 })), truth: frenchTruth },
  ];

  // A bare recognition of each page in English, upright as given: the cost readPage is compared with.
  const bare = async (c: Case) => {
    const times: number[] = [];
    let page: EnginePage | undefined;
    for (let i = 0; i < reps; i++) {
      page = await engine.recognize(rawPage(c.image), { language: 'eng' });
      times.push(page.recognizeMs);
    }
    return { ms: median(times), accuracy: wordAccuracy(c.truth, wordsOf(page!)) };
  };

  const rows: Array<Record<string, string | number>> = [];
  const figures: Record<string, Record<string, unknown>> = {};
  const uprightBare = await bare(cases[0]!);
  for (const c of cases) {
    const reference = c === cases[0] ? uprightBare : await bare(c);
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof readPage>> | undefined;
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      last = await readPage(engine, rawPage(c.image), { language: 'auto' });
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    const accuracy = wordAccuracy(c.truth, wordsOf(last!.page));
    const row = {
      page: c.name,
      'bare eng ms': round(reference.ms),
      'bare accuracy': round(reference.accuracy, 4),
      'readPage ms': round(ms),
      passes: last!.passes,
      osd: last!.orientation ? 'yes' : 'no',
      rotation: last!.rotation,
      skew: round(last!.skew, 2),
      language: last!.language,
      accuracy: round(accuracy, 4),
      // Against one bare recognition of the upright page: what the page costs in all.
      'x upright bare': round(ms / uprightBare.ms, 2),
    };
    rows.push(row);
    figures[c.name] = row;
    log(JSON.stringify(row));
  }

  // The rejected design: OSD on every page, before recognition.
  const osdTimes = async (image: PageImage) => {
    const t: number[] = [];
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      await engine.detectOrientation(image);
      t.push(performance.now() - t0);
    }
    return median(t);
  };
  const osdFull = engine.canDetectOrientation ? await osdTimes(rawPage(upright)) : NaN;
  const half = await sharp(upright.data, { raw: { width: upright.width, height: upright.height, channels: 1 } })
    .resize(Math.round(upright.width / 2), Math.round(upright.height / 2))
    .toColourspace('b-w') // sharp answers 3 channels for a resized 1-channel raw input otherwise
    .raw()
    .toBuffer({ resolveWithObject: true });
  const osdHalf = engine.canDetectOrientation ? await osdTimes(rawPage({ width: half.info.width, height: half.info.height, channels: 1, data: half.data })) : NaN;

  const uprightCost = (figures.upright!['readPage ms'] as number) / uprightBare.ms - 1;
  console.log(
    `upright English page: readPage ${figures.upright!['readPage ms']} ms (${figures.upright!.passes} recognition) against ${round(uprightBare.ms)} ms bare: ` +
      `orientation + language detection cost ${round(uprightCost * 100, 1)}% (target <= 10%)`,
  );
  console.log(
    `OSD on every page instead: ${round(osdFull)} ms on the full page (${round((osdFull / uprightBare.ms) * 100)}% of its recognition), ` +
      `${round(osdHalf)} ms on a half-size copy (${round((osdHalf / uprightBare.ms) * 100)}%)`,
  );
  report(
    'ocr-orientation',
    rows,
    {
      engine: engine.name,
      page: `${SCAN_PAGE.width}x${SCAN_PAGE.height}`,
      reps,
      upright_bare_ms: round(uprightBare.ms),
      upright_detection_cost: round(uprightCost, 4),
      osd_every_page_ms: { full: round(osdFull), half: round(osdHalf) },
      cases: figures,
      targets: { upright_detection_cost_le_10pct: uprightCost <= 0.1, turned_pages_accuracy_ge_0_95: ['turned 90', 'turned 180', 'turned 270'].every((n) => (figures[n]!.accuracy as number) >= 0.95) },
    },
    ['tesseract', 'tesseract.js'],
  );
});

import type { Job } from 'bullmq';
import { assembleSections, packSections, pageStructureOf, tightenToInk } from '@docsvc/assembly';
import { oddFigures, takeLinesOff, turnBoxes, type Ruling } from '@docsvc/layout';
import type { DocumentLimits } from '@docsvc/documents/images';
import { firstModel, levelledForLines, pageWords, rawPage, readAgain, readingAheadOf, readPage, toGray, type EnginePage, type OcrEngine, type PaddleReader, type ReadingMode, type ReadPageOptions, type ReadPageResult } from '@docsvc/ocr-engine';
import { quietScan } from '@docsvc/image';
import type { PackedWord } from '@docsvc/schemas';
import type { OcrPageJob, OcrPageResult } from '@docsvc/queue';
import type { WorkerContext } from '@docsvc/worker-runtime';
import { pageImage, type JobPage } from './page-image.js';
import type { Box, RawImage } from '@docsvc/image';

/**
 * Job "page": read one page upright in the right language (readPage: orientation and language are
 * decided from what the engine reads) and assemble its sections, and its tables and key-value pairs
 * from its words and the lines drawn on it (found in its pixels), with what the reading missed read
 * again in one more recognition (readAgain): the ink it left unread (tesseract drops a digit alone in
 * a cell) and the figures of a table that read unlike the rest of their column (`“1.2` for `-1.2`,
 * `21` for `2.1`, taken where they then read as the column prints). With fine_grained, each word box is
 * tightened to the word's own ink in the same (upright) image. With OCR_QUIET_NOISE, a noisy scan is
 * read with its ink set black and its paper white (quietScan). Stops at PAGE_TIMEOUT_MS (ctx.signal:
 * the engine's process is killed or its thread replaced).
 */
export async function recognizePage(
  job: Job<OcrPageJob>,
  ctx: WorkerContext,
  engine: OcrEngine,
  settings: PageSettings,
): Promise<OcrPageResult> {
  const { limits, fieldReadings } = settings;
  const fetched = pageImage(job.data, ctx, limits);
  if (!job.data.drawnLines && settings.quietNoise <= 0) {
    // The engine starts (and loads its model) while the page is fetched and checked.
    const arriving = fetched.then(unlined);
    return readAndLayOut(job, ctx, engine, fieldReadings, arriving, readPage(engine, arriving.then((p) => p.image), readOptions(job, ctx, fieldReadings, dpiOf(job.data).dpi)));
  }
  if (!job.data.drawnLines) {
    // The engine starts while the page's pixels are decoded and their noise measured: told the
    // resolution the file states, since a quietened page reaches it as pixels.
    const fetchedPage = await fetched;
    const arriving = quietened(fetchedPage, settings.quietNoise).then(unlined);
    return readAndLayOut(job, ctx, engine, fieldReadings, arriving, readPage(engine, arriving.then((p) => p.image), readOptions(job, ctx, fieldReadings, dpiOf(job.data).dpi ?? fetchedPage.dpi)));
  }
  // Structure asked: the page's lines are taken off first, and how it is read follows from them: as
  // pixels, told the resolution its file states; where a ruled grid was taken off, without the engine's
  // own table finding (the layout finds the tables; tesseract's finder took up to half again such a
  // page's time). The reading starts before the lines are found, as if a grid will be taken off (its
  // model loads meanwhile, on the other core), and starts again as the plain reading where none was.
  // The recognition that reads again what the reading misses (readAgain) starts once the lines are
  // off, its model loading on the core the reading leaves free (started before, it slowed that step
  // by as much as it saved).
  const fetchedPage = await fetched;
  const dpi = dpiOf(job.data).dpi ?? fetchedPage.dpi;
  const lining = withoutLines(fetchedPage, settings.quietNoise);
  // A page of `auto` read again in its own language: the recognition to follow loads that model instead.
  let readingIn = firstModel(job.data.language, engine.languages);
  let ahead: ReturnType<typeof readingAheadOf> | undefined;
  const onReading = (language: string) => {
    readingIn = language;
    ahead?.onReading(language);
  };
  const given = { ...readOptions(job, ctx, fieldReadings, dpi), onReading };
  const reading = readPage(engine, lining.then((l) => (l.gridErased ? l.image : Promise.reject(new NoGrid()))), { ...given, findTables: false }).catch((err: unknown) => {
    if (!(err instanceof NoGrid)) throw err;
    return readPage(engine, lining.then((l) => l.image), given);
  });
  try {
    await lining;
    ahead = readingAheadOf(engine, { language: readingIn, signal: ctx.signal, ...(dpi ? { dpi } : {}) });
    return await readAndLayOut(job, ctx, engine, fieldReadings, lining, reading, ahead);
  } finally {
    // The reading is over (or failed) before its process is left: none outlives the page.
    await reading.catch(() => {});
    await ahead?.cancel();
  }
}

/** What a page is read with: the worker's limits, field readings and OCR_QUIET_NOISE. */
export interface PageSettings {
  limits: DocumentLimits;
  fieldReadings: { modes: readonly ReadingMode[]; paddle: PaddleReader | null };
  /** Pages whose paper noise is at least this are quietened before they are read (quietScan); 0: never (the default). */
  quietNoise: number;
}

/** The page had no ruled grid to take off: its reading without table finding is not the one wanted. */
class NoGrid extends Error {}

/** How a page of a job is read (readPage): its language, and its prompted fields' other readings. */
function readOptions(job: Job<OcrPageJob>, ctx: WorkerContext, fieldReadings: { modes: readonly ReadingMode[] }, dpi: number | undefined): ReadPageOptions {
  const { language, readFields } = job.data;
  // Prompted fields: the page read again in other ways (OCR_FIELD_READINGS), whose words are looked in too.
  return { language, signal: ctx.signal, ...(readFields ? { readAgainAs: fieldReadings.modes } : {}), ...(dpi ? { dpi } : {}) };
}

/** A page as it is read: quietened where its scan was noisy (and how noisy its paper was). */
type QuietPage = JobPage & { noise?: number; quietened?: boolean };

/** A page as it is read: without the lines drawn on it where they were taken off, and those lines. */
type LinedPage = QuietPage & { rulings: Ruling[]; width: number; height: number; gridErased: boolean; linesMs?: number; skew: number };

const unlined = (p: QuietPage): LinedPage => ({ ...p, rulings: [], width: p.image.width, height: p.image.height, gridErased: false, skew: 0 });

/**
 * The page with its ink set black and its paper white where its scan is noisy (quietScan: paper noise
 * of `minNoise` gray levels or more), handed to the engine as gray pixels; else as it came. A bilevel
 * scan has no levels to set.
 */
async function quietened(p: JobPage, minNoise: number): Promise<QuietPage> {
  if (p.bilevel || minNoise <= 0) return p;
  // In place: a page quietened is handed on as new pixels, and one left alone is left unchanged.
  const quiet = quietPixels(await p.image.pixels(), minNoise);
  return quiet.image ? { ...p, image: rawPage(quiet.image), noise: quiet.noise, quietened: true } : { ...p, noise: quiet.noise };
}

/** quietScan of a page's pixels (a colour page's gray), in place: the gray page where it was quietened. */
function quietPixels(pixels: RawImage, minNoise: number): { image?: RawImage; noise: number } {
  const quiet = quietScan(toGray(pixels), { minNoise, inPlace: true });
  return quiet.image ? { image: { ...quiet.image, channels: 1 }, noise: quiet.noise } : { noise: quiet.noise };
}

async function readAndLayOut(
  job: Job<OcrPageJob>,
  ctx: WorkerContext,
  engine: OcrEngine,
  fieldReadings: { modes: readonly ReadingMode[]; paddle: PaddleReader | null },
  arriving: Promise<LinedPage>,
  reading: Promise<ReadPageResult>,
  ahead?: ReturnType<typeof readingAheadOf>,
): Promise<OcrPageResult> {
  const { page, fineGrained, drawnLines, readFields } = job.data;
  const lined = drawnLines ? await arriving : undefined;
  const dpi = dpiOf(job.data).dpi ?? lined?.dpi;
  const read = await reading;
  // Prompted fields on a page with words in a script it reads: PaddleOCR reads it too, in the same (upright, levelled) pixels.
  const others = read.others.map((page) => ({ page, by: engine.name }));
  if (readFields && fieldReadings.paddle?.canRead(read.language) && pageWords(read.page).length > 0) {
    const page = await fieldReadings.paddle.read(read.image, { signal: ctx.signal });
    read.engineMs += page.recognizeMs;
    read.passes += 1;
    others.push({ page, by: fieldReadings.paddle.name });
  }
  const { from, rulings: drawn, width: sentWidth, height: sentHeight, skew: levelledBy, noise, quietened } = await arriving;
  // Levelled before its lines were looked for, then by the reading (where it measured a tilt of its own).
  const skew = Math.round((levelledBy + read.skew) * 100) / 100;
  const t0 = performance.now();
  const gray = fineGrained ? toGray(await read.image.pixels()) : undefined;
  const { width, height } = read.image;
  // The lines where the page was read: turned with it; a page levelled by a few degrees keeps none.
  const rulings = read.skew === 0 ? turnBoxes(drawn, read.rotation, sentWidth, sentHeight) : [];
  const assembled = (from: EnginePage) => {
    const sections = assembleSections(from, page, { layout: true, ...(gray ? { wordBox: (box: Box) => tightenToInk(gray, box) } : {}) });
    const packed = packSections(sections);
    return { sections, packed, structure: pageStructureOf({ width, height, sections: packed }, rulings), from };
  };
  // Structure asked for: what the reading missed read again in one more recognition: the ink it left
  // unread (a digit alone in a cell) and the figures that read unlike the rest of their column
  // (`“1.2`, `21` among one-decimal figures), found in the page's first structure.
  const t1 = performance.now();
  let first: (ReturnType<typeof assembled> & { ms: number }) | undefined;
  const firstOf = (looked: EnginePage) => {
    const t = performance.now();
    return (first = { ...assembled(looked), ms: performance.now() - t });
  };
  const again = drawnLines
    ? await readAgain(engine, read.image, read.page, { cellsOf: (looked) => firstOf(looked).structure.tables.flatMap(oddFigures), signal: ctx.signal, ...(ahead ? { ahead: ahead.current } : {}), ...(dpi ? { dpi } : {}) })
    : undefined;
  // The look and the recognition; the first structure is layout.
  const againMs = Math.round(performance.now() - t1 - (first?.ms ?? 0));
  if (again && again.engineMs > 0) {
    read.engineMs += again.engineMs;
    read.passes += 1;
  }
  const final = again?.page ?? read.page;
  const { sections, packed, structure } = first?.from === final ? first : assembled(final);
  const layoutMs = Math.round(performance.now() - t0) - againMs;
  ctx.log.info(
    {
      page,
      width,
      height,
      from,
      ...(noise !== undefined ? { noise: Math.round(noise * 100) / 100, ...(quietened ? { quietened } : {}) } : {}),
      rotation: read.rotation,
      skew,
      language: read.language,
      ...(read.missingLanguage ? { missing_language: read.missingLanguage } : {}),
      passes: read.passes,
      ...(read.orientation ? { osd: { rotate: read.orientation.rotation, confidence: read.orientation.confidence, script: read.orientation.script } } : {}),
      engine_ms: read.engineMs,
      ...(again ? { read_again: { regions: again.regions, words: again.words, marks: again.marks, cells: again.cells.read, replaced: again.cells.replaced, look_ms: again.lookMs, ms: againMs } } : {}),
      layout_ms: layoutMs,
      ...(lined?.linesMs !== undefined ? { lines: { ms: lined.linesMs, grid_erased: lined.gridErased, ...(lined.skew ? { levelled: lined.skew } : {}) } } : {}),
      rulings: rulings.length,
      sections: sections.length,
      tables: structure.tables.length,
    },
    'page recognised',
  );
  return {
    page,
    source: 'ocr',
    width,
    height,
    sections: packed,
    engineMs: read.engineMs,
    rotation: read.rotation,
    skew,
    language: read.language,
    engine: engine.name,
    tables: structure.tables,
    keyValuePairs: structure.keyValuePairs,
    ...(others.length > 0 ? { otherReadings: others.map((o) => packedWords(o.page)), otherReadingsBy: others.map((o) => o.by) } : {}),
    ...(read.missingLanguage ? { missingLanguage: read.missingLanguage } : {}),
  };
}

/** The page's resolution where its image does not state it (a PDF page's raster). */
const dpiOf = (data: OcrPageJob): { dpi?: number } => ('dpi' in data.image && data.image.dpi ? { dpi: data.image.dpi } : {});

/** An engine page's words, packed as a result's words are. */
const packedWords = (page: EnginePage): PackedWord[] => pageWords(page).map((w) => [w.text, w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1, Math.round(w.confidence * 1000) / 1000]);

/**
 * The page with the lines drawn on it (table borders and rules) painted over, and those lines: the
 * engine then reads the text between rules instead of "|" and "_" run into the words, and the lines
 * give the tables their grid. A page lying askew is levelled first (levelledForLines: from a third
 * of a degree a grid's lines are no longer found whole), and read levelled. A page without lines
 * goes on as it came.
 */
async function withoutLines(p: JobPage, minNoise: number): Promise<LinedPage> {
  const scanned = await p.image.pixels();
  const t0 = performance.now();
  const { image: pixels, skew } = levelledForLines(scanned);
  // In place: the page is read as it is without its lines from here on.
  const { rulings, erased, gridErased } = takeLinesOff(pixels, { inPlace: true, stepped: skew !== 0 });
  // A noisy scan quietened once its lines are off (they were found in its own levels).
  const quiet = p.bilevel || minNoise <= 0 ? undefined : quietPixels(erased ?? pixels, minNoise);
  const image = quiet?.image ? rawPage(quiet.image) : erased ? rawPage(erased) : skew ? rawPage(pixels) : p.image;
  const noisy = quiet ? { noise: quiet.noise, ...(quiet.image ? { quietened: true } : {}) } : {};
  return { ...p, ...noisy, image, rulings, skew, width: pixels.width, height: pixels.height, gridErased: gridErased === true, linesMs: Math.round(performance.now() - t0) };
}

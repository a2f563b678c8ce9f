import { detectLanguage, looksEnglish } from '@docsvc/language-id';
import { AUTO_LANGUAGE, installedModelFor, modelsForScript, ocrLanguageModel, ocrModelFor, type MissingLanguage } from '@docsvc/schemas';
import { rawPage } from './page-image.js';
import { assessPage, pageWords, readsWell, tiltDegrees, type PageQuality } from './page-quality.js';
import { estimateSkew, inkReport, straighten, toGray } from './pixels.js';
import { rotateRaw } from './pnm.js';
import { readsWithBest } from './best-models.js';
import { medianHeight, stacked } from './stack-image.js';
import type { EnginePage, OcrEngine, Orientation, PageImage, ReadingMode, Rotation } from './types.js';

/**
 * tesseract's OSD orientation confidence from which a page is turned. OCRmyPDF's default is 14 and
 * Paperless-ngx's 12, for OSD run on every page; here OSD runs only on pages that read badly, and a
 * turned page is kept only if it then reads better, so a lower bar costs one extra read at worst.
 */
export const MIN_ORIENTATION_CONFIDENCE = 5;

const modeKey = (mode: ReadingMode) => `${mode.segmentation}/${mode.model}`;
/** A re-read with the detected language is kept unless it reads this much worse (confidence 0..1). */
const LANGUAGE_TOLERANCE = 0.05;
/** Fewer words than this, on a page with ink, and the page is looked at more closely. */
const FEW_WORDS = 10;
/** The models that write Han characters, besides the Han script's default (chi_sim). */
const HAN_MODELS = ['jpn', 'chi_tra', 'chi_sim'];
/** Lines tilted this much (degrees) and the page is looked at more closely. */
const TILTED_DEGREES = 1;
/** A page whose ink is more than this share outside the words read was not read completely. */
const UNREAD_INK = 0.3;
/** Below this share of ink pixels a page is blank (speckles, a rule or two). */
const BLANK_INK = 0.002;
/** Words read with less confidence than this, of two characters or more with a letter, are the ones whose script is asked. */
const UNSURE_CONFIDENCE = 0.6;
/** Fewer unsure words than this tell no script for sure (OSD told a table's 12 Hebrew labels, read as 9 unsure Latin words). */
const UNSURE_WORDS = 8;
/** The unsure words are set in lines this wide (pixels) for OSD. */
const UNSURE_STACK_WIDTH = 2400;
/** OSD's script confidence from which the unsure words' script is tried (OSD said 3.6 of a Hebrew table's labels). */
const MIN_SCRIPT_CONFIDENCE = 1;
/** Skew (degrees) from which a page is straightened. */
const MIN_SKEW = 0.5;
/**
 * A page read with lines tilted by less than LEVEL_ALWAYS_DEGREES is levelled and read again only
 * when this share of its ink lies outside the words read. tesseract reads every word of pages tilted
 * 1-3 degrees anticlockwise (no ink left), and a second reading doubles their cost for nothing
 * (bench/ocr-orientation); where it reads only part of a page (26 words of 670 at 2 degrees
 * clockwise) most of the ink is left.
 */
const TILTED_UNREAD_INK = 0.01;
/** From this tilt a page is levelled even when all its ink was read: tesseract misreads words from 4 degrees (0.98 of a letter page at 4, 0.96 of a short one at 6). */
const LEVEL_ALWAYS_DEGREES = 3.5;

export interface ReadPageOptions {
  /** 'auto', or installed models joined by '+'. */
  language: string;
  /**
   * Read the page, once upright and in its language, again in each of these ways: `others` of the
   * result. A way that comes to what the kept reading did, or an earlier way did (a best model the
   * language lacks), is skipped.
   */
  readAgainAs?: readonly ReadingMode[];
  /** The page's resolution when the image does not state it (a PDF page's raster): every reading is told it. */
  dpi?: number;
  /** false: every reading of the page without the engine's own table finding (RecognizeOptions.findTables). */
  findTables?: boolean;
  /**
   * Told the model(s) of each reading of the page as it starts (a page of `auto` in another language
   * is read again in its own): what a reading to follow may load meanwhile (startReadingAgain).
   */
  onReading?: (language: string) => void;
  signal?: AbortSignal;
}

export interface ReadPageResult {
  /** The recognised page; boxes in the pixel space of `image`. */
  page: EnginePage;
  /** The page as recognised: straightened and upright. */
  image: PageImage;
  /** Degrees the page was turned clockwise to be upright (after straightening). */
  rotation: Rotation;
  /** Degrees the page was turned clockwise about its centre (its size kept) to level its lines; 0 when it was not. */
  skew: number;
  /** The model(s) the kept recognition used, e.g. 'fra' or 'eng+spa'. */
  language: string;
  /** Recognitions run for the page (1 for an upright page in its first model). */
  passes: number;
  /** What OSD said, when it ran (only for pages whose reading was poor). */
  orientation: Orientation | null;
  /** For 'auto': the language (or script) the page is in when no installed model reads it; it was read with `language`. */
  missingLanguage?: MissingLanguage;
  /** Time in the engine: recognitions and orientation detection. */
  engineMs: number;
  /** The page read again as `readAgainAs` asked, in the same pixels as `page`. */
  others: EnginePage[];
}

interface Reading {
  page: EnginePage;
  image: PageImage;
  rotation: Rotation;
  skew: number;
  quality: PageQuality;
}

/** The model(s) readPage reads a page with first: those asked for; for `auto`, English where installed, since most pages of most users are. */
export const firstModel = (language: string, installed: readonly string[]): string => (language !== AUTO_LANGUAGE ? language : installed.includes('eng') ? 'eng' : installed[0]!);

/**
 * Reads one page as a careful person would run tesseract. `source` may still be on its way. First as it is, in the requested model
 * (English for 'auto'): a page that reads well is done, one recognition and nothing else. Then, only
 * where the reading gives cause:
 * - few words, or tilted lines: is ink left unread? tesseract 5.3 reads nothing of many pages
 *   skewed clockwise by 3-5 degrees; such a page is straightened and read again (a page tilted
 *   by less than 3.5 degrees whose every word was read is answered as read);
 * - poor confidence, or lines read as vertical text: tesseract's orientation and script detection
 *   (OSD); if that names another orientation or, for 'auto', a script another model reads, the page
 *   is turned upright and read again;
 * - 'auto': the language of the text (eld, as translation uses) among the installed models of its
 *   script; a page in another language than the one read is read again with its model (a French
 *   page read in English loses its accents).
 * Every second reading is kept only when it reads better, so an uncertain detection never makes a
 * page worse.
 */
export async function readPage(engine: OcrEngine, source: PageImage | Promise<PageImage>, opts: ReadPageOptions): Promise<ReadPageResult> {
  const installed = engine.languages;
  const auto = opts.language === AUTO_LANGUAGE;
  const signal = opts.signal;
  // What every recognition of the page is told: its resolution (when the image states none), whether to look for tables, and its stop signal.
  const given = { ...(opts.dpi ? { dpi: opts.dpi } : {}), ...(opts.findTables === false ? { findTables: false } : {}), ...(signal ? { signal } : {}) };
  let passes = 0;
  let engineMs = 0;
  const read = async (image: PageImage | Promise<PageImage>, rotation: Rotation, skew: number, language: string): Promise<Reading> => {
    opts.onReading?.(language);
    const page = await engine.recognize(image, { language, ...given });
    passes += 1;
    engineMs += page.recognizeMs;
    return { page, image: await image, rotation, skew, quality: assessPage(page) };
  };

  // The first reading starts before the page has arrived (the native engine loads its model meanwhile).
  const first = await read(source, 0, 0, firstModel(opts.language, installed));
  const original = first.image;
  let best = first;
  let orientation: Orientation | null = null;
  /** Ink the first reading left unread (only looked for when it found few words or tilted lines). */
  let unreadInk = false;

  const level = async (reading: Reading, skew: number): Promise<void> => {
    const candidate = await read(rawPage(straighten(await reading.image.pixels(), -skew)), reading.rotation, -skew, reading.page.language);
    if (candidate.quality.score > best.quality.score) best = candidate;
  };

  if (first.quality.words < FEW_WORDS) {
    // Few words: a blank page, or text tesseract did not read (it reads nothing of many pages skewed
    // clockwise by 3-5 degrees).
    const gray = toGray(await original.pixels());
    const ink = inkReport(
      gray,
      pageWords(first.page).map((w) => w.bbox),
    );
    unreadInk = ink.inkShare >= BLANK_INK && ink.unread >= UNREAD_INK;
    const skew = unreadInk ? estimateSkew(gray) : 0;
    if (Math.abs(skew) >= MIN_SKEW) await level(first, skew);
  }

  if (!readsWell(best.quality) || (unreadInk && best === first)) {
    orientation = await engine.detectOrientation(best.image, signal ? { signal } : {});
    if (orientation) engineMs += orientation.ms;
    // Any script OSD names is worth one try with its model: the better reading is kept.
    const model = (auto && orientation ? modelsForScript(orientation.script, installed)[0] : undefined) ?? best.page.language;
    const tryTurned = async (rotation: Rotation): Promise<void> => {
      const upright = rotation === 0 ? best.image : rawPage(rotateRaw(await best.image.pixels(), rotation));
      const candidate = await read(upright, rotation, best.skew, model);
      if (better(candidate.quality, best.quality)) best = candidate;
    };
    const hinted: Rotation = orientation?.rotation ?? 0;
    const confident = orientation !== null && orientation.confidence >= MIN_ORIENTATION_CONFIDENCE;
    const turn: Rotation = confident ? hinted : 0;
    if (turn !== 0 || model !== best.page.language) await tryTurned(turn);
    // Han is written by Chinese (simplified, traditional) and Japanese alike, and a table of kanji
    // carries no kana for OSD to tell Japanese by: each installed model that writes Han is tried,
    // the best reading kept (a Japanese page read in Chinese loses most of its characters).
    if (auto && orientation?.script === 'Han') {
      const upright = best.rotation;
      for (const other of HAN_MODELS.filter((m) => installed.includes(m) && m !== model)) {
        const candidate = await read(best.image, upright, best.skew, other);
        if (better(candidate.quality, best.quality)) best = candidate;
      }
    }
    // A weak hint (OSD is least sure on CJK and on short texts) is tried only if the page still reads badly.
    if (!confident && hinted !== 0 && !readsWell(best.quality)) await tryTurned(hinted);
  }

  // A table of figures with its labels in another script (Hebrew, Greek, Cyrillic): the figures read
  // well in any Latin model, and OSD over the whole page sees them and says Latin. Where most words of
  // letters read badly, those words alone say which script they are in (OSD on them, set in lines);
  // the page is read again with that script's model beside its own, kept if it then reads well and better.
  if (auto) {
    const lettered = pageWords(best.page).filter((w) => [...w.text].length >= 2 && /\p{L}/u.test(w.text));
    const unsure = lettered.filter((w) => w.confidence < UNSURE_CONFIDENCE);
    if (unsure.length >= UNSURE_WORDS && unsure.length * 2 > lettered.length) {
      const pad = Math.max(4, Math.round(medianHeight(unsure.map((w) => w.bbox)) / 2));
      const words = stacked(toGray(await best.image.pixels()), unsure.map((w) => w.bbox), pad, UNSURE_STACK_WIDTH);
      const said = await engine.detectOrientation(words.image, signal ? { signal } : {});
      if (said) engineMs += said.ms;
      const other = said && said.scriptConfidence >= MIN_SCRIPT_CONFIDENCE ? modelsForScript(said.script, installed)[0] : undefined;
      if (other && !best.page.language.split('+').includes(other)) {
        // With the page's model too: the other script's model alone misreads the figures (a Hebrew model reads "2.6" as "26").
        const candidate = await read(best.image, best.rotation, best.skew, `${other}+${best.page.language}`);
        // Kept only if it then reads well: a faint Latin receipt's unsure words, called Cyrillic (2.0),
        // read "better" in rus+eng (0.48 -> 0.56) and in Cyrillic look-alikes.
        if (readsWell(candidate.quality) && better(candidate.quality, best.quality)) best = candidate;
      }
    }
  }

  const tilt = tiltDegrees(best.page);
  if (best.skew === 0 && Math.abs(tilt) >= TILTED_DEGREES) {
    // Lines read tilted: level them unless the tilt is small and every word was read; tesseract reads a levelled page better.
    const gray = toGray(await best.image.pixels());
    const steep = Math.abs(tilt) >= LEVEL_ALWAYS_DEGREES;
    if (steep || inkReport(gray, pageWords(best.page).map((w) => w.bbox)).unread >= TILTED_UNREAD_INK) {
      const measured = estimateSkew(gray);
      await level(best, Math.abs(measured) >= MIN_SKEW ? measured : tilt);
    }
  }

  let missing: MissingLanguage | undefined;
  if (auto) {
    const detected = detectedModel(best.page, installed);
    if (detected && detected !== best.page.language) {
      const candidate = await read(best.image, best.rotation, best.skew, detected);
      if (candidate.quality.confidence >= best.quality.confidence - LANGUAGE_TOLERANCE) best = candidate;
    }
    missing = missingLanguage(best.page, orientation, installed);
  }

  // Other readings of the kept one (upright, levelled, in its language), never instead of it; not of
  // a blank page (a page with unread ink may read otherwise).
  const others: EnginePage[] = [];
  if (best.quality.words > 0 || unreadInk) {
    const language = best.page.language;
    const done = new Set([modeKey({ segmentation: 'page', model: 'installed' })]);
    for (const way of opts.readAgainAs ?? []) {
      const model = readsWithBest(language, way.model, engine.bestLanguages) ? 'best' : 'installed';
      const key = modeKey({ segmentation: way.segmentation, model });
      if (done.has(key)) continue;
      done.add(key);
      const other = await engine.recognize(best.image, { language, segmentation: way.segmentation, model, ...given });
      passes += 1;
      engineMs += other.recognizeMs;
      others.push(other);
    }
  }

  return {
    page: best.page,
    image: best.image,
    rotation: best.rotation,
    skew: best.skew,
    language: best.page.language,
    passes,
    orientation,
    ...(missing ? { missingLanguage: missing } : {}),
    engineMs,
    others,
  };
}

/** Fewer words than this tell no language for sure (eld is unreliable on a few words). */
const MIN_WORDS_FOR_LANGUAGE = 10;

/**
 * The language a page read with 'auto' is in when no installed model reads it, so that the answer
 * can say so: the script OSD named when no installed model writes it, or the language of the text
 * (eld over every language it knows, only when it is sure) when its model is not installed.
 */
function missingLanguage(page: EnginePage, orientation: Orientation | null, installed: readonly string[]): MissingLanguage | undefined {
  if (orientation && orientation.confidence >= MIN_ORIENTATION_CONFIDENCE && modelsForScript(orientation.script, installed).length === 0) {
    return { script: orientation.script };
  }
  const words = pageWords(page).map((w) => w.text);
  if (words.length < MIN_WORDS_FOR_LANGUAGE) return undefined;
  const text = words.join(' ');
  if (looksEnglish(text)) return undefined;
  const guess = detectLanguage(text, []);
  if (!guess.reliable) return undefined;
  const model = ocrModelFor(guess.language);
  if (model && installed.includes(model)) return undefined;
  return { language: guess.language, ...(model ? { model } : {}) };
}

/** A turned or re-modelled reading replaces the first when it is no longer sideways, or reads more with confidence. */
function better(candidate: PageQuality, current: PageQuality): boolean {
  if (current.sideways && !candidate.sideways) return candidate.confidence >= current.confidence - 0.1;
  if (candidate.sideways && !current.sideways) return false;
  return candidate.score > current.score;
}

/**
 * The installed model of the language the page's text is in, among the models of the same script
 * as the one it was read with; undefined when the detector is unsure or only one model reads it.
 */
function detectedModel(page: EnginePage, installed: readonly string[]): string | undefined {
  const primary = page.language.split('+')[0]!;
  const sameScript = modelsForScript(ocrLanguageModel(primary).script, installed);
  const candidates = sameScript.flatMap((model) => ocrLanguageModel(model).iso ?? []);
  if (candidates.length < 2) return undefined;
  const text = pageWords(page)
    .map((w) => w.text)
    .join(' ');
  // Plainly English text read in English needs no detector (nor its 25 MB database): English pages cost nothing.
  if (primary === 'eng' && looksEnglish(text)) return undefined;
  const guess = detectLanguage(text, candidates);
  if (!guess.reliable) return undefined;
  return installedModelFor(guess.language, sameScript);
}

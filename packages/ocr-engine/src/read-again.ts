import type { GrayImage } from '@docsvc/image';
import { leftInkCuts, lookForLeftInk, withLeftInkRead } from './left-ink.js';
import { toPageImage } from './page-image.js';
import { pageWords } from './page-quality.js';
import { cellCuts, withCellsRead, type CellToReread } from './reread-cells.js';
import { backOnPage, stacked } from './stack-image.js';
import type { EnginePage, EngineWord, OcrEngine, PageImage } from './types.js';

export interface ReadAgainOptions {
  /**
   * The cells of the page to read again, from the page with its unread ink looked for (its dots
   * read): table cells whose figures read unlike their column (layout's oddFigures).
   */
  cellsOf?: (page: EnginePage) => readonly CellToReread[];
  /**
   * The recognition, started before the page was read (startReadingAgain), so that its model loaded
   * meanwhile: used where the page was read in its language, else cancelled. readAgain reads or
   * cancels it, whatever happens.
   */
  ahead?: ReadingAhead;
  /** The page's resolution, when its image does not state it. */
  dpi?: number;
  signal?: AbortSignal;
}

export interface ReadAgain {
  /** The page with what was read again in it (the page given to cellsOf where nothing was). */
  page: EnginePage;
  /** Regions of unread ink found, and words added (dots included). */
  regions: number;
  words: number;
  /** Words whose raised footnote mark was read again and put right. */
  marks: number;
  /** Cells read again, and those whose words were replaced. */
  cells: { read: number; replaced: number };
  /** Time in the engine for the second recognition (0: there was none). */
  engineMs: number;
  /** Time spent looking for unread ink (every page pays it). */
  lookMs: number;
}

/**
 * What a page's first reading missed, read in one more recognition: the ink it left unread (a digit
 * alone in a cell, a raised footnote mark; left-ink.ts) and the cells `cellsOf` names (figures read
 * unlike their column: `“1.2` for `-1.2`; reread-cells.ts), cut out, stacked one under another a
 * word height apart and read as a block of lines (psm 6) in the page's language. One recognition,
 * not one for each: a native tesseract process takes about 0.2 s to start and load its model. The
 * caller may start it before the page is read (opts.ahead); else it starts as soon as unread ink is
 * found, loading while the cells are worked out. A page with nothing to read again costs the look.
 */
export async function readAgain(engine: OcrEngine, image: PageImage, given: EnginePage, opts: ReadAgainOptions = {}): Promise<ReadAgain> {
  let ahead = opts.ahead?.language === given.language ? opts.ahead : undefined;
  try {
    if (opts.ahead && !ahead) await opts.ahead.cancel();
    const look = await lookForLeftInk(image, given);
    const ink = leftInkCuts(look);
    const start = () => startReadingAgain(engine, { language: given.language, ...(opts.dpi ? { dpi: opts.dpi } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
    if (ink.length > 0) ahead ??= start();
    const cells = opts.cellsOf?.(look.page) ?? [];
    const nothing = { page: look.page, regions: look.regions.length, words: look.dots, marks: 0, cells: { read: 0, replaced: 0 }, engineMs: 0, lookMs: look.lookMs };
    if (ink.length === 0 && cells.length === 0) return nothing;
    const cuts = [...ink, ...cellCuts(cells, look.height, look.gray)];
    const pad = Math.max(4, Math.round(look.height * 0.6));
    const stack = stacked(look.gray, cuts, pad);
    ahead ??= start();
    const reading = await ahead.read(stack.image);
    const byCut: EngineWord[][] = cuts.map(() => []);
    for (const word of pageWords(reading)) {
      const back = backOnPage(stack, cuts, pad, word.bbox);
      if (back) byCut[back.index]!.push({ ...word, bbox: back.box });
    }
    const left = withLeftInkRead(look, byCut.slice(0, ink.length));
    const again = withCellsRead(left.page, cells, cuts.slice(ink.length), byCut.slice(ink.length));
    return { ...nothing, page: again.page, words: left.words, marks: left.marks, cells: { read: cells.length, replaced: again.replaced }, engineMs: reading.recognizeMs };
  } finally {
    // Read, or not wanted: a recognition given its image is unchanged by this.
    await ahead?.cancel();
  }
}

/** Why a recognition started ahead was not given an image. */
class NothingToRead extends Error {}

/** A recognition of what a page's reading missed, started before it is known (startReadingAgain). */
export interface ReadingAhead {
  /** The model(s) it reads with. */
  readonly language: string;
  /** Gives it the image to read (once). */
  read(image: GrayImage): Promise<EnginePage>;
  /** Ends it unless it was given its image: the process killed, and gone when the promise settles. */
  cancel(): Promise<void>;
}

/**
 * The recognition readAgain reads with (a block of lines, psm 6), started before its image is
 * known: a native engine's process starts and loads its model meanwhile (runPageProcess waits for
 * its input), about 0.2 s a page that is then not waited for.
 */
export function startReadingAgain(engine: OcrEngine, opts: { language: string; dpi?: number; signal?: AbortSignal }): ReadingAhead {
  let give!: (image: PageImage) => void;
  let refuse!: (reason: NothingToRead) => void;
  const image = new Promise<PageImage>((resolve, reject) => {
    give = resolve;
    refuse = reject;
  });
  // An engine that failed before waiting for the image (a language it lacks) never takes the refusal.
  image.catch(() => {});
  const reading = engine.recognize(image, { ...opts, segmentation: 'block' });
  // Not read until `read`: a cancelled reading's rejection is expected, and a failed one is read there.
  reading.catch(() => {});
  return {
    language: opts.language,
    read: (gray) => {
      give(toPageImage(gray));
      return reading;
    },
    cancel: async () => {
      refuse(new NothingToRead());
      await reading.catch(() => {});
    },
  };
}

/**
 * A reading again started ahead (startReadingAgain) that follows the model each reading of the page
 * starts in (readPage's onReading): a page of `auto` read again in its own language has it started
 * again in that one. `current` for readAgain; `cancel` ends it, and waits for those it replaced to be gone.
 */
export function readingAheadOf(engine: OcrEngine, opts: { language: string; dpi?: number; signal?: AbortSignal }): { readonly current: ReadingAhead; onReading: (language: string) => void; cancel: () => Promise<void> } {
  let current = startReadingAgain(engine, opts);
  const replaced: Array<Promise<void>> = [];
  return {
    get current() {
      return current;
    },
    onReading: (language) => {
      if (language === current.language) return;
      replaced.push(current.cancel());
      current = startReadingAgain(engine, { ...opts, language });
    },
    cancel: async () => {
      await Promise.all([...replaced, current.cancel()]);
    },
  };
}

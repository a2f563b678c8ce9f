import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { ServiceError } from '@docsvc/schemas';
import { bestLanguagesOf, bestModelPath, readsWithBest } from '../best-models.js';
import { DEFAULT_LANG_PATH, DEFAULT_LANGUAGE, listInstalledLanguages, parseLanguageSet } from '../languages.js';
import { toPageImage } from '../page-image.js';
import { PAGE_SEGMENTATION_MODES } from '../segmentation.js';
import { toEngineBlocks } from '../to-engine-page.js';
import type { EnginePage, EngineStats, OcrEngine, Orientation, PageImage, RecognizeOptions, Rotation } from '../types.js';
import { WorkerPool } from './pool.js';
import { BEST_SUFFIX, TesseractThread } from './thread.js';
import type { GrayImage } from '@docsvc/image';

export interface TesseractJsOptions {
  /** Directory of <lang>.traineddata files; default /usr/share/tesseract-ocr/5/tessdata. Never fetched at run time. */
  langPath?: string;
  /** Directory of best <lang>.traineddata (model: 'best'); default the npm packages' (bestModelPath); null: none. */
  bestLangPath?: string | null;
  /** Concurrent recognitions (tesseract.js workers) in this process; default 1. */
  concurrency?: number;
  /** Recycle a tesseract worker after this many pages (its WASM heap never shrinks); default 200. */
  recycleAfterPages?: number;
  /** Recycle workers when the process RSS is above this many bytes; default 1.5 GiB. */
  maxRssBytes?: number;
  /** Time limit for a worker to load; default 30 s. */
  initTimeoutMs?: number;
}

/** The pool's counters besides the engine's own. */
export interface TesseractJsStats extends EngineStats {
  /** Workers started, the first ones included. */
  workersStarted: number;
  /** Workers replaced because of their page count or the process RSS. */
  workersRecycled: number;
  /** Workers replaced because they died, failed or were aborted mid-page. */
  workersReplaced: number;
  /** Language switches of a running worker. */
  languageSwitches: number;
  /** Pages waiting for a free worker now. */
  queued: number;
}

const DEFAULTS = {
  concurrency: 1,
  recycleAfterPages: 200,
  maxRssBytes: 1.5 * 1024 ** 3,
  initTimeoutMs: 30_000,
};

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`TesseractJsEngine: ${name} must be a positive integer (got ${value})`);
  return value;
}

function positiveNumber(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`TesseractJsEngine: ${name} must be a positive number (got ${value})`);
  return value;
}

const TESSERACT_JS_VERSION = (createRequire(import.meta.url)('tesseract.js/package.json') as { version: string }).version;

/**
 * tesseract.js (tesseract compiled to WebAssembly): the portable engine, for machines without a
 * tesseract 5 binary. A pool of warm tesseract workers reading local traineddata (never downloaded),
 * recycled as their WASM heaps grow; orientation detection runs in one more thread, started the first
 * time a page needs it, on the legacy engine with osd.traineddata.
 */
export class TesseractJsEngine implements OcrEngine {
  readonly name = 'tesseract.js' as const;
  readonly version = `tesseract.js ${TESSERACT_JS_VERSION}`;
  private osd: { thread: TesseractThread; ready: Promise<void> } | null = null;
  /** OSD runs one page at a time in its thread. */
  private osdQueue: Promise<unknown> = Promise.resolve();
  private orientationRuns = 0;
  private running = 0;
  private closed = false;

  private constructor(
    private readonly installed: string[],
    private readonly best: string[],
    private readonly pool: WorkerPool,
    private readonly langPath: string,
    private readonly initTimeoutMs: number,
    readonly canDetectOrientation: boolean,
  ) {}

  /** Starts and warms `concurrency` workers with English (or the first installed language). */
  static async create(opts: TesseractJsOptions = {}): Promise<TesseractJsEngine> {
    const langPath = resolve(opts.langPath ?? DEFAULT_LANG_PATH);
    const installed = listInstalledLanguages(langPath);
    if (installed.length === 0) throw new Error(`TesseractJsEngine: no <lang>.traineddata in ${langPath}`);
    const initTimeoutMs = positiveInteger('initTimeoutMs', opts.initTimeoutMs ?? DEFAULTS.initTimeoutMs);
    const bestLangPath = bestModelPath(opts.bestLangPath);
    const pool = new WorkerPool({
      langPath,
      bestLangPath,
      concurrency: positiveInteger('concurrency', opts.concurrency ?? DEFAULTS.concurrency),
      recycleAfterPages: positiveInteger('recycleAfterPages', opts.recycleAfterPages ?? DEFAULTS.recycleAfterPages),
      maxRssBytes: positiveNumber('maxRssBytes', opts.maxRssBytes ?? DEFAULTS.maxRssBytes),
      initTimeoutMs,
    });
    await pool.start(installed.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : installed[0]!);
    return new TesseractJsEngine(installed, bestLanguagesOf(bestLangPath, installed), pool, langPath, initTimeoutMs, existsSync(join(langPath, 'osd.traineddata')));
  }

  get languages(): string[] {
    return [...this.installed];
  }

  get bestLanguages(): string[] {
    return [...this.best];
  }

  get stats(): TesseractJsStats {
    return { ...this.pool.stats, orientationRuns: this.orientationRuns, running: this.running };
  }

  /**
   * Recognises one page. Waits for a free worker (first come, first served). Fails with
   * invalid_document for bytes tesseract cannot decode, with a retryable internal_error when its
   * worker fails, and with the signal's reason when aborted (the worker is then replaced).
   */
  async recognize(image: PageImage | GrayImage | Promise<PageImage>, opts: RecognizeOptions = {}): Promise<EnginePage> {
    const language = parseLanguageSet(opts.language ?? DEFAULT_LANGUAGE, this.installed);
    // Awaited only when it is a promise: a page given as it is joins the queue at once (stats.queued).
    const page = toPageImage(image instanceof Promise ? await image : image);
    if (page.bytes.length === 0) throw new ServiceError('invalid_document', 'the page image is empty');
    this.running += 1;
    try {
      const raw = await this.pool.run({
        languages: readsWithBest(language, opts.model, this.best) ? language.split('+').map((code) => `${code}${BEST_SUFFIX}`).join('+') : language,
        // A buffer of our own, moved (not copied) to the worker thread: the caller's bytes stay usable.
        image: new Uint8Array(page.bytes),
        ...pageParameters(opts),
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      return {
        width: page.width,
        height: page.height,
        language,
        blocks: toEngineBlocks(raw.blocks, page.width, page.height),
        recognizeMs: Math.round(raw.ms),
      };
    } finally {
      this.running -= 1;
    }
  }

  async detectOrientation(image: PageImage | GrayImage, opts: { signal?: AbortSignal } = {}): Promise<Orientation | null> {
    if (!this.canDetectOrientation) return null;
    if (this.closed) throw new ServiceError('internal_error', 'OCR engine is closed', [], true);
    const page = toPageImage(image);
    const turn = this.osdQueue.then(() => this.detectNow(page, opts.signal));
    this.osdQueue = turn.catch(() => undefined);
    return turn;
  }

  private async detectNow(page: PageImage, signal: AbortSignal | undefined): Promise<Orientation | null> {
    if (signal?.aborted) throw signal.reason;
    this.running += 1;
    try {
      const osd = await this.osdThread();
      const detection = osd.detect(new Uint8Array(page.bytes));
      const onAbort = (): void => {
        // A detection cannot be interrupted inside WASM: the thread is dropped to free the CPU.
        this.dropOsdThread();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let raw;
      try {
        raw = await detection;
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        this.dropOsdThread();
        if (/Error attempting to read image/.test(String(err))) throw new ServiceError('invalid_document', 'the page image could not be decoded');
        throw new ServiceError('internal_error', `orientation detection failed: ${err instanceof Error ? err.message : String(err)}`, [], true);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
      this.orientationRuns += 1;
      const rotation = raw.orientation_degrees;
      if (rotation === null || raw.orientation_confidence === null || ![0, 90, 180, 270].includes(rotation)) return null;
      return {
        rotation: rotation as Rotation,
        confidence: raw.orientation_confidence,
        script: raw.script ?? 'Unknown',
        scriptConfidence: raw.script_confidence ?? 0,
        ms: Math.round(raw.ms),
      };
    } finally {
      this.running -= 1;
    }
  }

  private async osdThread(): Promise<TesseractThread> {
    if (!this.osd || this.osd.thread.failure) {
      if (this.osd) this.dropOsdThread();
      const thread = new TesseractThread({ langPath: this.langPath, bestLangPath: null }, () => {
        if (this.osd?.thread === thread) this.osd = null;
      });
      this.osd = { thread, ready: thread.bootOsd(this.initTimeoutMs) };
    }
    const current = this.osd;
    try {
      await current.ready;
    } catch (err) {
      if (this.osd === current) this.osd = null;
      throw new ServiceError('internal_error', `orientation detection could not start: ${err instanceof Error ? err.message : String(err)}`, [], true);
    }
    return current.thread;
  }

  private dropOsdThread(): void {
    const osd = this.osd;
    this.osd = null;
    void osd?.thread.terminate();
  }

  /** Fails queued pages, lets pages in progress finish, then stops every worker thread. */
  async close(): Promise<void> {
    this.closed = true;
    await this.osdQueue;
    this.dropOsdThread();
    await this.pool.close();
  }
}

/** tesseract parameters for one page alone (its segmentation, its resolution), as the pool takes them: none, or `{ parameters }`. */
function pageParameters(opts: RecognizeOptions): { parameters?: Record<string, string> } {
  const parameters: Record<string, string> = {
    ...(opts.segmentation && opts.segmentation !== 'page' ? { tessedit_pageseg_mode: PAGE_SEGMENTATION_MODES[opts.segmentation] } : {}),
    ...(opts.dpi ? { user_defined_dpi: String(Math.round(opts.dpi)) } : {}),
    ...(opts.findTables === false ? { textord_tabfind_find_tables: '0' } : {}),
  };
  return Object.keys(parameters).length ? { parameters } : {};
}

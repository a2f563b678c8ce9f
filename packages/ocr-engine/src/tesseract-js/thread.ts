import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readTraineddata } from '../languages.js';
import { encodePnm, grayToRaw, warmUpImage } from '../pnm.js';
import { PAGE_SEGMENTATION_MODES } from '../segmentation.js';
import type { RawBlock } from '../to-engine-page.js';

/**
 * One tesseract instance: tesseract.js's own worker script (the one its createWorker spawns) in a
 * worker thread, driven over that script's message protocol ({workerId, jobId, action, payload} out;
 * {jobId, action, status: resolve|reject|progress, data} back).
 *
 * Why not createWorker itself (measured with tesseract.js 7.0.0):
 * - a traineddata file that fails to initialise makes its worker script answer `reject` then
 *   `resolve` for the same job, and createWorker's message handler throws a TypeError on the second
 *   answer: an uncaught exception that kills the process, errorHandler or not;
 * - with errorHandler set, a load failure (missing file) never settles createWorker, and the thread
 *   it spawned cannot be reached to terminate it: it keeps the process alive for ever;
 * - without errorHandler, any rejected job is rethrown inside its message handler (uncaught);
 * - the Node Worker gets no 'error' listener (it sets `onerror`, which Node ignores), so a crash of
 *   the thread is an unhandled 'error' event.
 * Here every answer is handled once, later duplicates are ignored, 'error'/'exit' fail what is
 * pending, and the thread can always be terminated. tesseract.js is pinned (7.0.0), so the protocol
 * cannot move under us. The WASM core is single-threaded (no pthreads build), so there is no OpenMP
 * thread count to limit: one thread per worker is what we get.
 */

/**
 * A best model's code inside a thread ('eng_best'): both models of a language can sit in its memory
 * file system at once, and a pool's threads are told apart by the set they hold.
 */
export const BEST_SUFFIX = '_best';

/** Where a thread reads traineddata: the installed models, and the best ones (codes ending in BEST_SUFFIX). */
export interface ModelPaths {
  langPath: string;
  bestLangPath: string | null;
}

const require = createRequire(import.meta.url);
const WORKER_SCRIPT = join(dirname(require.resolve('tesseract.js')), 'worker-script', 'node', 'index.js');

/** tesseract's OEM_LSTM_ONLY: the fast/best models carry only the LSTM (no legacy engine). */
const OEM_LSTM_ONLY = 1;
/** tesseract's OEM_TESSERACT_ONLY: orientation and script detection runs on the legacy engine (osd.traineddata). */
const OEM_LEGACY_ONLY = 0;

/**
 * Set after every initialize (each creates a new TessBaseAPI, which forgets parameters).
 * - psm 3 (fully automatic segmentation, no OSD): finds columns, blocks and reading order on whole
 *   document pages; 6 (one uniform block) merges columns; 1 needs osd.traineddata, not installed.
 * - preserve_interword_spaces 0: a gap is one space, never a run of them (our line text is rebuilt
 *   from the words anyway).
 */
const PAGE_PARAMETERS = { tessedit_pageseg_mode: PAGE_SEGMENTATION_MODES.page, preserve_interword_spaces: '0', debug_file: '/dev/null' } as const;

export interface RawRecognition {
  blocks: RawBlock[];
  ms: number;
}

/** What tesseract.js's `detect` answers (nulls when the page has too little text). */
export interface RawDetection {
  script: string | null;
  script_confidence: number | null;
  orientation_degrees: number | null;
  orientation_confidence: number | null;
}

interface Pending {
  resolve(data: unknown): void;
  reject(err: Error): void;
}

interface Reply {
  jobId?: unknown;
  status?: unknown;
  data?: unknown;
}

/** A rejection by the worker script; `message` is its text (tesseract.js sends strings). */
export class TesseractJobError extends Error {
  constructor(
    readonly action: string,
    message: string,
  ) {
    super(`tesseract ${action}: ${message}`);
    this.name = 'TesseractJobError';
  }
}

let threadCounter = 0;

export class TesseractThread {
  readonly id = ++threadCounter;
  /** Pages (recognitions other than the warm-up) this thread has run. */
  pages = 0;
  /** Why the thread is unusable (died, crashed, terminated); null while it is healthy. */
  failure: Error | null = null;

  private readonly worker: Worker;
  private readonly pending = new Map<string, Pending>();
  private jobCounter = 0;
  private current = '';
  private readonly loaded = new Set<string>();
  private terminated: Promise<void> | null = null;

  constructor(
    private readonly paths: ModelPaths,
    /** Called once if the thread dies by itself (not through terminate()). */
    private readonly onDeath: (err: Error) => void = () => {},
  ) {
    this.worker = new Worker(WORKER_SCRIPT);
    this.worker.on('message', (reply: Reply) => this.onReply(reply));
    this.worker.on('error', (err: Error) => this.fail(err));
    this.worker.on('messageerror', (err: Error) => {
      this.fail(err);
      void this.worker.terminate();
    });
    this.worker.on('exit', (code: number) => this.fail(new Error(`tesseract worker thread exited (code ${code})`)));
  }

  /** The language set tesseract is initialised with ('' before boot). */
  get languages(): string {
    return this.current;
  }

  /**
   * Loads the WASM core and `languages`, then recognises a tiny image (the first recognition of a
   * tesseract instance sets up its LSTM). Rejects after timeoutMs; on any failure the thread is
   * terminated.
   */
  async boot(languages: string, timeoutMs: number): Promise<void> {
    await this.withinTime(timeoutMs, 'load', async () => {
      await this.call('load', { options: { lstmOnly: true, logging: false } });
      await this.initialize(languages);
      await this.recognize(encodePnm(grayToRaw(warmUpImage())), { transfer: true, countPage: false });
    });
  }

  /**
   * Loads the core with osd.traineddata on the legacy engine, for detect() only. tesseract.js 7's
   * node core loader loads the full core (legacy engine included) whatever `lstmOnly` says.
   */
  async bootOsd(timeoutMs: number): Promise<void> {
    await this.withinTime(timeoutMs, 'load osd', async () => {
      await this.call('load', { options: { lstmOnly: false, logging: false } });
      const data = await readTraineddata(this.paths.langPath, 'osd');
      await this.call('loadLanguage', { langs: [{ code: 'osd', data }], options: { cacheMethod: 'none', gzip: false, lstmOnly: false } });
      await this.call('initialize', { langs: 'osd', oem: OEM_LEGACY_ONLY });
      await this.call('setParameters', { params: { debug_file: '/dev/null' } });
      this.current = 'osd';
    });
  }

  /** Orientation and script of one encoded image (thread booted with bootOsd); moves the buffer. */
  async detect(image: Uint8Array): Promise<RawDetection & { ms: number }> {
    const started = performance.now();
    const data = (await this.call('detect', { image }, [image.buffer as ArrayBuffer])) as RawDetection;
    return { ...data, ms: performance.now() - started };
  }

  /**
   * Makes `languages` tesseract's language set: loads the traineddata not yet in the thread's memory
   * file system (they stay there, so switching back is only an initialise), then initialises. On a
   * failure or after timeoutMs the thread is terminated (tesseract is left half-initialised).
   */
  async useLanguages(languages: string, timeoutMs: number): Promise<void> {
    if (languages === this.current) return;
    await this.withinTime(timeoutMs, `switch to ${languages}`, () => this.initialize(languages));
  }

  /** Runs `work`, terminating the thread if it fails or outlasts timeoutMs. */
  private async withinTime(timeoutMs: number, what: string, work: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`tesseract worker did not ${what} within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([work(), timeout]);
    } catch (err) {
      await this.terminate();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private async initialize(languages: string): Promise<void> {
    this.current = '';
    const missing = languages.split('+').filter((code) => !this.loaded.has(code));
    if (missing.length > 0) {
      // Bytes handed over as {code, data}: the worker script then never looks at langPath or a URL.
      const langs = await Promise.all(missing.map(async (code) => ({ code, data: await this.traineddata(code) })));
      await this.call('loadLanguage', { langs, options: { cacheMethod: 'none', gzip: false, lstmOnly: true } });
      for (const code of missing) this.loaded.add(code);
    }
    await this.call('initialize', { langs: languages, oem: OEM_LSTM_ONLY });
    await this.call('setParameters', { params: PAGE_PARAMETERS });
    this.current = languages;
  }

  private traineddata(code: string): Promise<Uint8Array> {
    if (!code.endsWith(BEST_SUFFIX)) return readTraineddata(this.paths.langPath, code);
    if (!this.paths.bestLangPath) throw new Error(`no best models to load ${code} from`);
    return readTraineddata(this.paths.bestLangPath, code.slice(0, -BEST_SUFFIX.length));
  }

  /** Recognises one encoded image (PNM, PNG, JPEG, TIFF, ...). `transfer` hands its buffer over (detaching it). */
  async recognize(image: Uint8Array, opts: { transfer: boolean; countPage?: boolean; parameters?: Record<string, string> }): Promise<RawRecognition> {
    if (opts.countPage !== false) this.pages += 1;
    const started = performance.now();
    const data = (await this.call(
      'recognize',
      // Parameters given with a page are set for it alone: tesseract.js restores the thread's after it.
      { image, options: { ...opts.parameters }, output: { text: false, blocks: true } },
      opts.transfer ? [image.buffer as ArrayBuffer] : [],
    )) as { blocks?: RawBlock[] | null } | null;
    return { blocks: data?.blocks ?? [], ms: performance.now() - started };
  }

  /** Stops the thread; whatever is pending on it rejects. Idempotent. */
  terminate(): Promise<void> {
    this.terminated ??= (async () => {
      this.fail(new Error('tesseract worker terminated'), false);
      try {
        await this.worker.terminate();
      } catch {
        // Already gone.
      }
    })();
    return this.terminated;
  }

  private call(action: string, payload: unknown, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const jobId = `${action}-${this.id}-${++this.jobCounter}`;
    return new Promise((resolve, reject) => {
      this.pending.set(jobId, { resolve, reject });
      try {
        this.worker.postMessage({ workerId: `ocr-engine-${this.id}`, jobId, action, payload }, transfer);
      } catch (err) {
        this.pending.delete(jobId);
        reject(err as Error);
      }
    });
  }

  private onReply(reply: Reply): void {
    try {
      if (reply === null || typeof reply !== 'object' || reply.status === 'progress') return;
      const jobId = String(reply.jobId);
      const pending = this.pending.get(jobId);
      // A second answer to a settled job (initialize answers reject, then resolve): ignored.
      if (!pending) return;
      this.pending.delete(jobId);
      if (reply.status === 'resolve') pending.resolve(reply.data);
      else pending.reject(new TesseractJobError(jobId.slice(0, jobId.indexOf('-')), String(reply.data)));
    } catch {
      // Never let a malformed answer become an uncaught exception.
    }
  }

  private fail(err: Error, notify = true): void {
    if (this.failure) return;
    this.failure = err;
    for (const pending of this.pending.values()) pending.reject(err);
    this.pending.clear();
    if (notify && !this.terminated) {
      try {
        this.onDeath(err);
      } catch {
        // The pool's handler does not throw; a listener's bug must not crash the process.
      }
    }
  }
}

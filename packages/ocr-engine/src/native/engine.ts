import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ServiceError } from '@docsvc/schemas';
import { bestLanguagesOf, bestModelPath, readsWithBest } from '../best-models.js';
import { DEFAULT_LANG_PATH, DEFAULT_LANGUAGE, listInstalledLanguages, parseLanguageSet } from '../languages.js';
import { assertEngineImage, toPageImage } from '../page-image.js';
import { toEngineBlocks } from '../to-engine-page.js';
import type { EnginePage, EngineStats, OcrEngine, Orientation, PageImage, RecognizeOptions } from '../types.js';
import { PAGE_SEGMENTATION_MODES } from '../segmentation.js';
import { parseHocr } from './hocr.js';
import { parseOsd } from './osd.js';
import { runPageProcess, type PageProcessRun } from '../page-process.js';
import { PageFiles, type PageInput } from './page-files.js';
import type { GrayImage } from '@docsvc/image';

export interface NativeEngineOptions {
  /** The tesseract binary; default 'tesseract' from PATH. */
  binary?: string;
  /** Directory of <lang>.traineddata (and osd.traineddata); default /usr/share/tesseract-ocr/5/tessdata. */
  langPath?: string;
  /** Directory of best <lang>.traineddata (model: 'best'); default the npm packages' (bestModelPath); null: none. */
  bestLangPath?: string | null;
  /** Address space one tesseract process may use, in MB (OCR_PAGE_MEMORY_MB); default 2048. */
  memoryLimitMb?: number;
  /** CPU seconds one tesseract process may use before the kernel ends it; default 600. */
  cpuLimitSeconds?: number;
}

/** The oldest tesseract whose CLI reads stdin and writes hOCR as parsed here. */
const MIN_MAJOR = 5;

/** `tesseract --version`'s version when the binary answers and is 5 or newer, else null. */
export function probeNativeTesseract(binary = 'tesseract'): Promise<string | null> {
  return new Promise((done) => {
    execFile(binary, ['--version'], { timeout: 10_000 }, (err, stdout, stderr) => {
      // tesseract 4 printed its version on stderr.
      const match = /tesseract\s+v?(\d+)\.(\d+)\.(\d+)/i.exec(`${stdout}\n${stderr}`);
      if (err || !match || Number(match[1]) < MIN_MAJOR) return done(null);
      done(`${match[1]}.${match[2]}.${match[3]}`);
    });
  });
}

const MEMORY_FAILURE = /malloc fail|out of memory|bad_alloc|cannot allocate/i;
const UNREADABLE = /pixRead|cannot be read|Unsupported image|Error in readHeader|image file not found/i;
const LANGUAGE_FAILURE = /Failed loading language|Could not initialize tesseract/i;

/**
 * Debian's tesseract 5 binary, one short-lived process per page (start and model load: about 0.1 s
 * against 2-5 s for a page), single-threaded, the page on stdin (a large one as a file named on
 * stdin: PageFiles), hOCR read back from stdout. Nothing
 * stays running between pages: a page that hangs or balloons is stopped by killing its process
 * (AbortSignal; PAGE_TIMEOUT_MS in worker-ocr) or by its address-space and CPU limits, and memory
 * is returned to the system after every page.
 */
export class NativeEngine implements OcrEngine {
  readonly name = 'native' as const;
  private readonly counters = { pagesRecognized: 0, orientationRuns: 0, running: 0 };
  private readonly pageFiles = new PageFiles();

  private constructor(
    readonly version: string,
    private readonly installed: string[],
    private readonly binary: string,
    private readonly langPath: string,
    private readonly bestLangPath: string | null,
    private readonly best: string[],
    private readonly memoryLimitBytes: number,
    private readonly cpuLimitSeconds: number,
    private readonly memoryLimitMb: number,
    /** Whether osd.traineddata is there: without it orientation is never detected. */
    readonly canDetectOrientation: boolean,
  ) {}

  /** Checks that the binary is tesseract >= 5 and that langPath holds languages. */
  static async create(opts: NativeEngineOptions = {}): Promise<NativeEngine> {
    const binary = opts.binary ?? 'tesseract';
    const langPath = resolve(opts.langPath ?? DEFAULT_LANG_PATH);
    const version = await probeNativeTesseract(binary);
    if (!version) throw new Error(`NativeEngine: ${binary} is not a tesseract ${MIN_MAJOR} or newer binary`);
    const installed = listInstalledLanguages(langPath);
    if (installed.length === 0) throw new Error(`NativeEngine: no <lang>.traineddata in ${langPath}`);
    const memoryLimitMb = opts.memoryLimitMb ?? 2048;
    if (!Number.isFinite(memoryLimitMb) || memoryLimitMb < 64) throw new RangeError(`NativeEngine: memoryLimitMb must be at least 64 (got ${memoryLimitMb})`);
    const bestLangPath = bestModelPath(opts.bestLangPath);
    return new NativeEngine(
      `tesseract ${version}`,
      installed,
      binary,
      langPath,
      bestLangPath,
      bestLanguagesOf(bestLangPath, installed),
      memoryLimitMb * 1024 * 1024,
      opts.cpuLimitSeconds ?? 600,
      memoryLimitMb,
      existsSync(join(langPath, 'osd.traineddata')),
    );
  }

  get languages(): string[] {
    return [...this.installed];
  }

  get bestLanguages(): string[] {
    return [...this.best];
  }

  get stats(): EngineStats {
    return { ...this.counters };
  }

  async recognize(image: PageImage | GrayImage | Promise<PageImage>, opts: RecognizeOptions = {}): Promise<EnginePage> {
    const language = parseLanguageSet(opts.language ?? DEFAULT_LANGUAGE, this.installed);
    const arriving = Promise.resolve(image).then((img) => {
      const page = toPageImage(img);
      assertEngineImage(page.bytes);
      return page;
    });
    // psm 3: fully automatic segmentation without OSD (columns, blocks, reading order), as the
    // tesseract.js engine is set up; psm 6 for 'block'; hOCR without font information.
    const psm = PAGE_SEGMENTATION_MODES[opts.segmentation ?? 'page'];
    const models = readsWithBest(language, opts.model, this.best) ? this.bestLangPath! : this.langPath;
    const dpi = opts.dpi ? ['--dpi', String(Math.round(opts.dpi))] : [];
    const tables = opts.findTables === false ? ['-c', 'textord_tabfind_find_tables=0'] : [];
    const args = ['stdin', 'stdout', '--tessdata-dir', models, '-l', language, '--psm', psm, ...dpi, ...tables, '-c', 'tessedit_create_hocr=1', '-c', 'hocr_font_info=0'];
    const run = await this.run(
      args,
      arriving.then((p) => p.bytes),
      opts.signal,
    );
    const page = await arriving;
    if (run.code !== 0) throw this.failure(run);
    this.counters.pagesRecognized += 1;
    return {
      width: page.width,
      height: page.height,
      language,
      blocks: toEngineBlocks(parseHocr(run.stdout), page.width, page.height),
      recognizeMs: Math.round(run.ms),
    };
  }

  async detectOrientation(image: PageImage | GrayImage, opts: { signal?: AbortSignal } = {}): Promise<Orientation | null> {
    if (!this.canDetectOrientation) return null;
    const page = toPageImage(image);
    assertEngineImage(page.bytes);
    const run = await this.run(['stdin', 'stdout', '--tessdata-dir', this.langPath, '-l', 'osd', '--psm', '0'], page.bytes, opts.signal);
    this.counters.orientationRuns += 1;
    // "Too few characters. Skipping this page" exits 1 with nothing on stdout: nothing to tell.
    if (run.code !== 0) {
      if (/Too few characters/i.test(run.stderr)) return null;
      throw this.failure(run);
    }
    const osd = parseOsd(run.stdout);
    return osd ? { ...osd, ms: Math.round(run.ms) } : null;
  }

  async close(): Promise<void> {
    // Nothing runs between pages; the folder of page files goes.
    await this.pageFiles.close();
  }

  private async run(args: string[], bytes: Uint8Array | Promise<Uint8Array>, signal: AbortSignal | undefined): Promise<PageProcessRun> {
    this.counters.running += 1;
    let given: PageInput | undefined;
    const input = Promise.resolve(bytes).then(async (b) => (given = await this.pageFiles.inputFor(b)));
    try {
      return await runPageProcess(args, input.then((i) => i.stdin), {
        binary: this.binary,
        memoryLimitBytes: this.memoryLimitBytes,
        cpuLimitSeconds: this.cpuLimitSeconds,
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      // An abort, or the page that never came (its own error, e.g. invalid_document), is as it is.
      if (signal?.aborted || err instanceof ServiceError || !(err instanceof Error && 'syscall' in err)) throw err;
      throw internal(`tesseract could not be started: ${err.message}`, err, true);
    } finally {
      this.counters.running -= 1;
      // A page file goes with its process; one still being written (the run was aborted) once it is.
      if (given) await given.done();
      else void input.then((i) => i.done(), () => {});
    }
  }

  /** What a tesseract process that did not succeed means for the page. */
  private failure(run: PageProcessRun): ServiceError {
    const said = run.stderr.trim().split('\n').slice(-3).join(' | ');
    if (MEMORY_FAILURE.test(run.stderr)) {
      return new ServiceError('invalid_document', `the page needed more memory than OCR_PAGE_MEMORY_MB (${this.memoryLimitMb} MB) allows; the page is too large or malformed`, [
        { limit: 'OCR_PAGE_MEMORY_MB', limit_mb: this.memoryLimitMb },
      ]);
    }
    if (run.signal === 'SIGXCPU') {
      return new ServiceError('invalid_document', `the page took more than ${this.cpuLimitSeconds} s of CPU to recognise; the page is too complex or malformed`);
    }
    if (run.signal === 'SIGKILL') {
      // Not ours (an abort rejects before this): the kernel's OOM killer, or an operator. Worth a retry.
      return internal(`tesseract was killed (SIGKILL)`, undefined, true);
    }
    if (run.signal) return new ServiceError('invalid_document', `the OCR engine crashed on this page (${run.signal}): ${said}`);
    if (LANGUAGE_FAILURE.test(run.stderr)) return internal(`tesseract could not load its language data: ${said}`, undefined, false);
    if (UNREADABLE.test(run.stderr)) return new ServiceError('invalid_document', 'the page image could not be decoded');
    return internal(`tesseract exited with status ${run.code}: ${said}`, undefined, true);
  }
}

function internal(message: string, cause: unknown, retryable: boolean): ServiceError {
  const err = new ServiceError('internal_error', message, [], retryable);
  if (cause !== undefined) err.cause = cause;
  return err;
}

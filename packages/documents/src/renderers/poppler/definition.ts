import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ServiceError } from '@docsvc/schemas';
import { invalidDocument } from '../../errors.js';
import { decodePgm } from '../../pgm.js';
import type { OpenPdf } from '../../pdfjs.js';
import { rasterSize } from '../../render-dpi.js';
import { pdfjsPageRenderer } from '../pdfjs/definition.js';
import { defineRenderer, type PageRenderer, type RenderRequest, type RenderedRaster, type RendererOptions } from '../types.js';
import { listPageImages, type ListedImage } from './page-images.js';
import { lastLines, runPoppler, type PopplerRunOptions } from './run-poppler.js';

/** The oldest poppler whose pdftoppm has -scale-dimension-before-rotation (0.86, 2020) and reads '-' as stdin. */
const MIN_VERSION = [0, 86];

/** `pdftoppm -v`'s version when pdftoppm and pdfimages both answer (Debian poppler-utils), else null. */
export function probePoppler(): Promise<string | null> {
  const version = (tool: string) =>
    new Promise<string | null>((done) => {
      execFile(tool, ['-v'], { timeout: 10_000 }, (err, stdout, stderr) => {
        const match = /version\s+(\d+)\.(\d+)\.(\d+)/.exec(`${stdout}\n${stderr}`);
        if (err || !match) return done(null);
        const [major, minor] = [Number(match[1]), Number(match[2])];
        if (major < MIN_VERSION[0]! || (major === MIN_VERSION[0] && minor < MIN_VERSION[1]!)) return done(null);
        done(`${match[1]}.${match[2]}.${match[3]}`);
      });
    });
  return Promise.all([version('pdftoppm'), version('pdfimages')]).then(([a, b]) => (a && b ? a : null));
}

/** What poppler prints when an allocation failed: it may still exit 0, with a blank or partial raster. */
const MEMORY_FAILURE = /out of memory|bad_alloc|bitmap->alpha is NULL|cannot allocate/i;

/**
 * Debian's poppler (pdftoppm, pdfimages): a page drawn to 8-bit gray by a short-lived process, the
 * document on its stdin. Native decoders (libjpeg, openjpeg, poppler's JBIG2 and CCITT), about a
 * fifth of pdf.js's CPU on a scanned page, and nothing held in the worker between pages.
 *
 * Drawn as pdf.js draws it, so that a page's raster and the boxes on it do not depend on the
 * renderer: the crop box, the page's /Rotate, the raster's exact size (rasterSize of the displayed
 * page: -scale-to-x/-y, which pdftoppm applies before the rotation when told so). An image over
 * limits.maxImagePixels, which pdf.js leaves out undecoded (and the answer's warnings say so), is
 * looked for first (`pdfimages -list`, nothing decoded); such a page is handed to pdf.js.
 */
export class PopplerRenderer implements PageRenderer {
  readonly name = 'poppler' as const;

  constructor(
    readonly version: string,
    private readonly run: Omit<PopplerRunOptions, 'maxOutputBytes'>,
  ) {}

  async render(request: RenderRequest): Promise<RenderedRaster> {
    const { pdf, pageNumber, widthPt, heightPt, dpi, limits } = request;
    const images = request.images ?? (await this.listImages(pdf, pageNumber));
    const over = images?.find((i) => i.width * i.height > limits.maxImagePixels);
    if (over) {
      const drawn = await pdfjsPageRenderer.render(request);
      return { ...drawn, fallback: `an image of ${over.width}x${over.height} pixels, over MAX_IMAGE_PIXELS, left out of the page as pdf.js leaves it` };
    }
    const { width, height } = rasterSize(widthPt, heightPt, dpi);
    const page = String(pageNumber);
    const args = ['-gray', '-cropbox', '-scale-dimension-before-rotation', '-scale-to-x', String(width), '-scale-to-y', String(height), '-f', page, '-l', page, '-singlefile', '-'];
    // The raster comes back through a file: reading 8 MB from a pipe cost this thread twice the CPU.
    const drawn = await withScratch(async (dir) => {
      const run = await runPoppler('pdftoppm', [...args, path.join(dir, 'page')], pdf.bytes, { ...this.run, maxOutputBytes: 64 * 1024 });
      return { run, pgm: run.code === 0 ? await readFile(path.join(dir, 'page.pgm')).catch(() => undefined) : undefined };
    });
    const { run, pgm } = drawn;
    if (MEMORY_FAILURE.test(run.stderr) || run.signal === 'SIGSEGV' || run.signal === 'SIGABRT') {
      throw new ServiceError('invalid_document', `the page needed more memory than PAGE_MEMORY_MB allows to render (poppler: ${lastLines(run.stderr, 1)}); the page is too large or malformed`, [
        { limit: 'PAGE_MEMORY_MB' },
      ]);
    }
    if (run.signal === 'SIGXCPU' || run.signal === 'SIGKILL') {
      throw new ServiceError('invalid_document', 'the page took more CPU time to render than twice PAGE_TIMEOUT_MS allows; the document is too complex or malformed');
    }
    if (run.code !== 0 || !pgm || pgm.length === 0) {
      // pdf.js opened the document (it decided the page needs OCR): a file poppler cannot read may still be drawn by it.
      const why = `poppler could not draw it (${lastLines(run.stderr) || `exit ${run.code ?? run.signal}`})`;
      const fallback = await pdfjsPageRenderer.render(request).catch(() => {
        throw invalidDocument('pdf', `page ${pageNumber} cannot be drawn: ${why}`);
      });
      return { ...fallback, fallback: why };
    }
    const image = decodePgm(pgm, { view: true });
    if (image.width !== width || image.height !== height) {
      throw new Error(`pdftoppm drew page ${pageNumber} at ${image.width}x${image.height}, not the ${width}x${height} asked for`);
    }
    return { image, pgm, renderer: this.name };
  }

  listImages(pdf: OpenPdf, pageNumber: number): Promise<ListedImage[] | undefined> {
    return listPageImages(pdf.bytes, pageNumber, this.run).catch(() => undefined);
  }
}

/** A scratch folder for a tool's output files, removed afterwards. */
async function withScratch<R>(work: (dir: string) => Promise<R>): Promise<R> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsvc-poppler-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const popplerRenderer = defineRenderer({
  name: 'poppler',
  summary: "Debian's poppler-utils (pdftoppm), a short-lived process a page with native image decoders",
  probe: async () => (await probePoppler()) !== null,
  create: async (opts: RendererOptions) => {
    const version = await probePoppler();
    if (!version) throw new Error('poppler renderer: pdftoppm and pdfimages 0.86 or newer are not installed (Debian package poppler-utils)');
    const memoryMb = opts.memoryMb ?? 512;
    return new PopplerRenderer(`poppler ${version}`, {
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs, cpuLimitSeconds: Math.ceil((2 * opts.timeoutMs) / 1000) } : {}),
      memoryLimitBytes: 2 * memoryMb * 1024 * 1024,
    });
  },
});

import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ServiceError } from '@docsvc/schemas';
import { emptyPdf, encryptedDocument, invalidDocument } from './errors.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

// Only the legacy build loads in Node; imported on first use so that image-only callers never pay for it.
let pdfjs: Promise<PdfJs> | undefined;
export const loadPdfJs = (): Promise<PdfJs> => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

// pdf.js reads these folders with fs.readFile (plain paths, trailing slash required). Without the
// standard fonts the base-14 fonts render in a wrong fallback.
const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name: string): string => path.join(packageDir, name) + path.sep;
/** The pdf.js data folders handed to getDocument (exported for a test that they exist). */
export const pdfjsFolders = {
  standardFontDataUrl: folder('standard_fonts'),
  cMapUrl: folder('cmaps'),
  wasmUrl: folder('wasm'),
  iccUrl: folder('iccs'),
} as const;

/** pdf.js's Node canvas factory (@napi-rs/canvas), typed as far as we use it. */
export interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(target: CanvasAndContext): void;
}
export interface CanvasAndContext {
  canvas: unknown;
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}

/** An open document; close() frees pdf.js's worker-side state (PDFDocumentProxy has no destroy in v6). */
export interface OpenPdf {
  doc: PDFDocumentProxy;
  /** The file as given (pdf.js works on a copy): for renderers that read it themselves. */
  bytes: Uint8Array;
  canvasFactory: CanvasFactory;
  close(): Promise<void>;
}

export interface OpenPdfOptions {
  /** Embedded images over this many pixels are left out of the rendering instead of being decoded. */
  maxImagePixels: number;
}

/** Opens a PDF with pdf.js, nothing fetched from outside, and maps its failures to ServiceErrors. */
export async function openPdf(bytes: Uint8Array, opts: OpenPdfOptions): Promise<OpenPdf> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes ownership of (detaches) a typed array it is given: hand it a copy.
    data: new Uint8Array(bytes),
    ...pdfjsFolders,
    cMapPacked: true,
    // No fetch, no system fonts, no scripting, no XFA: the document is the only input.
    useWorkerFetch: false,
    useSystemFonts: false,
    enableXfa: false,
    disableFontFace: true,
    // Decompression bombs (a 35000x35000 JBIG2 is a few KB) are dropped before being decoded, and
    // no image is drawn through an OffscreenCanvas, which Node lacks and which would dodge the limit.
    maxImageSize: opts.maxImagePixels,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // Recover what can be recovered from slightly broken files rather than failing the page.
    stopAtErrors: false,
    // Warnings go to the console; our logs are JSON lines.
    verbosity: VerbosityLevel.ERRORS,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw mapPdfError(err);
  }
  const close = (): Promise<void> => task.destroy();
  if (doc.numPages < 1) {
    await close();
    throw emptyPdf();
  }
  return { doc, bytes, canvasFactory: doc.canvasFactory as CanvasFactory, close };
}

/** pdf.js errors cross its (in-process) worker by name and message, not by class. */
export function mapPdfError(err: unknown): Error {
  if (err instanceof ServiceError) return err;
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'PasswordException') return encryptedDocument();
  if (/out of memory|allocation failed/i.test(message)) return err instanceof Error ? err : new Error(message);
  return invalidDocument('pdf', message || name || 'pdf.js could not parse it');
}

import type { GrayImage } from '@docsvc/image';
import type { OpenPdf } from '../pdfjs.js';
import type { DocumentLimits } from '../types.js';
import type { ListedImage } from './poppler/page-images.js';

/**
 * One page to draw. The document is the one pdf.js has open (it decided that the page needs OCR and
 * knows its size); a renderer that reads the file itself takes `pdf.bytes`.
 */
export interface RenderRequest {
  pdf: OpenPdf;
  /** 1-based. */
  pageNumber: number;
  /** The page as displayed (crop box, /Rotate and /UserUnit applied), in points. */
  widthPt: number;
  heightPt: number;
  /** The raster is rasterSize(widthPt, heightPt, dpi) exactly, whichever renderer draws it. */
  dpi: number;
  limits: DocumentLimits;
  /** The page's images as listImages gave them, when the caller asked already. */
  images?: ListedImage[];
}

export interface RenderedRaster {
  /** 8-bit gray, the page as displayed on white. */
  image: GrayImage;
  /** The same raster as a binary PGM, when the renderer wrote one (stored as it is, not encoded again). */
  pgm?: Uint8Array;
  /** The renderer that drew it: the one asked, or the one it handed the page to. */
  renderer: string;
  /** Why another renderer drew it (poppler hands pdf.js a page with an image over MAX_IMAGE_PIXELS, which pdf.js leaves out). */
  fallback?: string;
}

/** Draws PDF pages to gray rasters: pdf.js in this thread, or poppler's pdftoppm as a process. */
export interface PageRenderer {
  readonly name: string;
  /** e.g. 'poppler 22.12.0', 'pdf.js 6.5.438', for logs. */
  readonly version: string;
  render(request: RenderRequest): Promise<RenderedRaster>;
  /**
   * The images a page draws, read without decoding them, when this renderer can tell (poppler's
   * `pdfimages -list`): their size, encoding and resolution as drawn. pdf.js can tell only by parsing
   * the page's operators, which decodes every image on the way (a letter-size JPEG scan: 0.6 s).
   */
  listImages?(pdf: OpenPdf, pageNumber: number): Promise<ListedImage[] | undefined>;
}

/** What every renderer is given (worker-pdf's PAGE_TIMEOUT_MS and PAGE_MEMORY_MB). */
export interface RendererOptions {
  /** A page's time limit: a renderer process still drawing past it is killed. */
  timeoutMs?: number;
  /** A page's memory allowance, MB: a renderer process gets twice this in address space (libraries and stacks count there). */
  memoryMb?: number;
}

/**
 * One renderer as the registry knows it: its name (PDF_RENDERER's value, the log's `renderer`), a
 * line for the README and the start-up log, whether it can run here, and its factory.
 */
export interface RendererDefinition<Name extends string = string> {
  readonly name: Name;
  readonly summary: string;
  /** Whether it can run here: `auto` takes the first renderer of the registry that can. */
  probe(): Promise<boolean>;
  /** Starts it; throws when it cannot run (an explicit PDF_RENDERER that cannot run fails the worker). */
  create(opts: RendererOptions): Promise<PageRenderer>;
}

/** Declares a renderer, keeping its name's literal type (the registry's names are a union of them). */
export const defineRenderer = <Name extends string>(definition: RendererDefinition<Name>): RendererDefinition<Name> => definition;

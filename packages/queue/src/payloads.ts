import type { OcrPageResult, PageRange, SkippedImage } from '@docsvc/schemas';

/**
 * Job payloads and results, one pair per job name. Every job carries the `requestId` (the API
 * request's log_id), so that workers' log lines about it can be found by that id.
 */

/**
 * Where the bytes of a document are: a URL to fetch, or an object already in the bucket (with its
 * kind when the API read its first bytes: "png", "pdf", ...).
 */
export type DocumentSource = { url: string } | { objectKey: string; kind?: string };

/** Queue pdf-raster, job "prepare": fetch or read the document, decide its type, count its pages. */
export interface PrepareJob {
  requestId: string;
  source: DocumentSource;
  /** Where a downloaded document is kept (default: under the request's work/ prefix, deleted when it ends). */
  keepAt?: string;
}
export interface PrepareResult {
  /** "pdf", "png", "jpeg", "webp", "tiff", "bmp", "gif". */
  kind: string;
  pageCount: number;
  /** The document's bytes in the bucket (the stored file itself, or a downloaded copy under work/). */
  sourceKey: string;
  /** Images of its pages over MAX_IMAGE_PIXELS, left out when a page is rendered (PDF only; absent when none). */
  skippedImages?: SkippedImage[];
}

/**
 * A document ready to be read page by page: what preparing it found and the pages to read
 * (page_range resolved against it). An OCR job keeps it on its record, so that a resumed job does not
 * prepare its document again.
 */
export interface DocumentPlan {
  kind: string;
  totalPages: number;
  pageRange: PageRange;
  /** The document's bytes in the bucket. */
  sourceKey: string;
  /** Images of its pages left out when a page is rendered (PrepareResult's). */
  skippedImages?: SkippedImage[];
}

/**
 * Queue pdf-raster, job "raster": one PDF page made ready for recognition. A page with a usable text
 * layer is answered from it at once (no raster, no OCR); any other page, or every page when
 * `forceOcr`, becomes a grayscale raster (PGM) in the bucket for OCR.
 */
export interface RasterJob {
  requestId: string;
  sourceKey: string;
  /** 1-based. */
  page: number;
  dpi: number;
  forceOcr?: boolean;
}
export type RasterResult =
  | { source: 'ocr'; rasterKey: string; width: number; height: number; dpi: number; /** why the text layer was not used */ refusal?: string }
  | { source: 'text_layer'; page: OcrPageResult };

/**
 * Queue pdf-raster, job "searchable": the searchable PDF of a recognised document, written to
 * `outputKey`. A PDF source keeps its pages as they are, with an invisible text layer under each page
 * that was recognised; an image source becomes one page per image (per TIFF page) at its own
 * resolution. Page results are read from `pagesPrefix` (@docsvc/ocr-pipeline PageResults), one at a time.
 */
export interface SearchablePdfJob {
  requestId: string;
  sourceKey: string;
  /** The document's kind, as prepared ("pdf", "jpeg", "tiff", ...). */
  kind: string;
  pageCount: number;
  /** The pages that were read (1-based, inclusive): the others are kept as they are, without text. */
  pageRange: PageRange;
  pagesPrefix: string;
  outputKey: string;
}
export interface SearchablePdfResult {
  outputKey: string;
  bytes: number;
  /** Pages given a text layer. */
  layered: number;
}

/** Queue ocr-page, job "page": recognise one page image. */
export interface OcrPageJob {
  requestId: string;
  /** 1-based page number in the document. */
  page: number;
  /** A rendered raster (PDF pages), or a page of an image document (0-based index: TIFF pages). */
  /** A PDF page's raster and the DPI it was drawn at (PGM states none), or a page of an image document. */
  image: { rasterKey: string; dpi?: number } | { sourceKey: string; pageIndex: number };
  /** "auto" (the worker picks each page's model from what it reads), or tesseract model(s), e.g. "eng" or "fra+eng". */
  language: string;
  fineGrained: boolean;
  /**
   * Look for the lines drawn on the page (tables' borders and rules), take a grid's lines off before
   * recognition and give them to the layout, and read again the ink the recognition left unread (a
   * digit alone in a cell): asked for by requests that want tables; it costs a scan its decoding, two
   * passes over its pixels and, where ink was left unread, a recognition of that ink alone.
   */
  drawnLines?: boolean;
  /**
   * Read the page a second time as one block of lines (tesseract's psm 6), its words kept beside the
   * result for prompted fields: asked for by requests whose prompt names fields. It costs a second
   * recognition.
   */
  readFields?: boolean;
}
/** The page's result: the shared type of @docsvc/schemas (the OCR answer is built from it). */
export type { OcrPageResult };

/** What a worker-ocr tells about itself with its heartbeat (readiness, the languages route). */
export interface OcrWorkerInfo {
  /** Its name in the OCR engine registry (@docsvc/ocr-engine ENGINES), e.g. "native". */
  engine: string;
  /** The engine's version, e.g. "tesseract 5.3.0". */
  version: string;
  /** Installed recognition models (tesseract codes). */
  languages: string[];
  /** Whether it can detect page orientation (osd.traineddata installed). */
  orientation: boolean;
}

/** Queue translate, job "translate": a chunk of strings to `target`; each item's language is detected when `source` is absent. */
export interface TranslateJob {
  requestId: string;
  source?: string;
  target: string;
  texts: string[];
  /** Index of texts[0] in the request's array, so that an error can name the item. */
  offset: number;
}
export interface TranslateResult {
  texts: string[];
  /** Per item: the source language used (given or detected), the detector's confidence (1 when given), and whether detection was sure (absent when given). */
  languages: Array<{ language: string; confidence: number; reliable?: boolean }>;
}

/** Redis key under which translation workers publish the routes their engine offers. */
export const translateRoutesKey = (prefix: string) => `${prefix}:translate:routes`;

/** Intermediate objects of one request live under this prefix, deleted when the request ends. */
export const workPrefix = (requestId: string) => `work/${requestId}/`;

/**
 * Queue ocr-job, job "document": run one asynchronous OCR job (its record in @docsvc/ocr-jobs) to its
 * end. The BullMQ job id is the job's id, so adding it twice adds it once.
 */
export interface OcrDocumentJob {
  /** The log_id of the request that created the job. */
  requestId: string;
  jobId: string;
}
export interface OcrDocumentResult {
  /** deferred: its API key's page slots are all held by its other jobs; the job goes back to the queue for a while. */
  status: 'succeeded' | 'failed' | 'cancelled' | 'deferred';
}

/**
 * Queue ocr-job, job "webhook": one attempt at announcing a job's end to its webhook_url. A failed
 * attempt adds the next one, delayed (id `<jobId>.webhook.<attempt>`, so each is added once).
 */
export interface OcrWebhookJob {
  requestId: string;
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** When the first attempt was made (ms): retries stop WEBHOOK_RETRY_HOURS after it. */
  firstAttemptAt?: number;
}

/** Every job of queue pdf-raster (worker-pdf), and its results. */
export type PdfQueueJob = PrepareJob | RasterJob | SearchablePdfJob;
export type PdfQueueResult = PrepareResult | RasterResult | SearchablePdfResult;

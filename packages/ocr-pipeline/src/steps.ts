import { isSinglePageKind, type DocumentKind } from '@docsvc/documents/kind';
import type { DocumentSource, OcrPageJob, OcrPageResult, PdfQueueJob, PdfQueueResult, PrepareJob, PrepareResult, QueueHandles, RasterJob, RasterResult, SearchablePdfJob, SearchablePdfResult } from '@docsvc/queue';

/** The two queues an OCR request's steps go through (worker-pdf's and worker-ocr's). */
export interface OcrQueues {
  pdf: QueueHandles<PdfQueueJob, PdfQueueResult>;
  ocr: QueueHandles<OcrPageJob, OcrPageResult>;
}

/**
 * Runs one job and resolves with its result: the caller decides how (the API with its request's
 * deadline; the job coordinator with stable job ids and a lower priority). `step` names the job
 * within its page ("prepare", "raster", "ocr") for callers that derive ids from it.
 */
export type RunStep = {
  (queue: 'pdf', name: 'prepare', data: PrepareJob, step: { page?: undefined; kind: 'prepare' }): Promise<PrepareResult>;
  (queue: 'pdf', name: 'searchable', data: SearchablePdfJob, step: { page?: undefined; kind: 'searchable' }): Promise<SearchablePdfResult>;
  (queue: 'pdf', name: 'raster', data: RasterJob, step: { page: number; kind: 'raster' }): Promise<RasterResult>;
  (queue: 'ocr', name: 'page', data: OcrPageJob, step: { page: number; kind: 'ocr' }): Promise<OcrPageResult>;
};

/**
 * The document made ready to read page by page: its kind, page count and bytes in the bucket. A single
 * image whose kind is known from its first bytes is one page and needs no preparing job (the OCR
 * worker checks its size and decodes it); a PDF, a TIFF or a URL is prepared by worker-pdf.
 */
export async function prepareDocument(run: RunStep, requestId: string, source: DocumentSource, keepAt?: string): Promise<PrepareResult> {
  if ('objectKey' in source && isSinglePageKind(source.kind as DocumentKind | undefined)) {
    return { kind: source.kind!, pageCount: 1, sourceKey: source.objectKey };
  }
  return run('pdf', 'prepare', { requestId, source, ...(keepAt ? { keepAt } : {}) }, { kind: 'prepare' });
}

/** The searchable PDF of a read document (worker-pdf); the page results must be stored under `pagesPrefix` first. */
export function buildSearchablePdf(run: RunStep, job: SearchablePdfJob): Promise<SearchablePdfResult> {
  return run('pdf', 'searchable', job, { kind: 'searchable' });
}

export interface PageOptions {
  requestId: string;
  /** PDF_DPI. */
  dpi: number;
  forceOcr: boolean;
  /** 'auto' or installed models. */
  language: string;
  fineGrained: boolean;
  /** Look for the lines drawn on a scanned page (OcrPageJob.drawnLines). */
  drawnLines: boolean;
  /** Read a scanned page again for prompted fields (OcrPageJob.readFields). */
  readFields?: boolean;
}

/**
 * One page of a prepared document, read: a PDF page from its text layer when that is usable, else
 * rendered then recognised; a page of an image recognised from the document itself.
 */
export async function readDocumentPage(run: RunStep, prepared: PrepareResult, page: number, opts: PageOptions): Promise<OcrPageResult> {
  let image: OcrPageJob['image'];
  if (prepared.kind === 'pdf') {
    const raster = await run('pdf', 'raster', { requestId: opts.requestId, sourceKey: prepared.sourceKey, page, dpi: opts.dpi, forceOcr: opts.forceOcr }, { page, kind: 'raster' });
    if (raster.source === 'text_layer') return raster.page; // born-digital: no OCR needed
    image = { rasterKey: raster.rasterKey, dpi: raster.dpi };
  } else {
    image = { sourceKey: prepared.sourceKey, pageIndex: page - 1 };
  }
  return run('ocr', 'page', { requestId: opts.requestId, page, image, language: opts.language, fineGrained: opts.fineGrained, drawnLines: opts.drawnLines, ...(opts.readFields ? { readFields: true } : {}) }, { page, kind: 'ocr' });
}

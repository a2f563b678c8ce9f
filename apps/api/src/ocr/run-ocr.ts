import type { FastifyBaseLogger as Logger } from 'fastify';
import { buildOcrAnswer } from '@docsvc/assembly';
import { buildSearchablePdf, prepareDocument, readDocumentPage, resolvePageRange, type OcrQueues, type RunStep } from '@docsvc/ocr-pipeline';
import {
  enqueue,
  pageResultKey,
  workPrefix,
  type DocumentSource,
  type EnqueuedJob,
  type OcrPageResult,
  type QueueHandles,
} from '@docsvc/queue';
import { AUTO_LANGUAGE, ServiceError, resolveOcrLanguage, type OcrRequest, type OcrResponse } from '@docsvc/schemas';
import type { ObjectStore, StoredObject } from '@docsvc/storage';
import type { Backpressure } from '../backpressure.js';
import type { OcrWorkers } from './ocr-workers.js';

export interface OcrPipeline extends OcrQueues {
  store: ObjectStore;
  /** Whole-request deadline (OCR_TIMEOUT_MS). */
  timeoutMs: number;
  /** Rendering resolution of PDF pages (PDF_DPI). */
  dpi: number;
  /** OCR_DEFAULT_LANGUAGE: 'auto' or codes, used when a request names none. */
  defaultLanguage: string;
  /** The live OCR workers' installed languages (to check a request's `language` at once). */
  workers: OcrWorkers;
  /** Backpressure (backpressure.ts): refuses a request at once when Redis is down or the queues are too deep. */
  admission?: Backpressure;
}

/**
 * One OCR request, from source to answer (and the pages' results it was built from, for the other output formats): prepare the document (a worker fetches or reads it and
 * counts its pages), then every page of the range as its own job(s) — raster then recognise for PDFs,
 * recognise for images — in parallel across all workers, and assemble in page order. The first page
 * to fail answers the request with its error at once. Whatever happens, queued jobs that are no longer
 * needed are removed and the request's intermediate objects are deleted once its jobs have settled.
 */
export async function runOcr(
  pipeline: OcrPipeline,
  request: OcrRequest,
  source: DocumentSource,
  requestId: string,
  log: Logger,
): Promise<{ answer: OcrResponse; pages: OcrPageResult[]; pdf?: StoredObject }> {
  const deadline = Date.now() + pipeline.timeoutMs;
  const remaining = () => deadline - Date.now();
  const jobs: Array<EnqueuedJob<unknown>> = [];
  const tasks: Array<Promise<unknown>> = [];
  let abandoned = false;

  const run = async <D, R>(queue: QueueHandles<D, R>, name: string, data: D): Promise<R> => {
    if (abandoned) throw new ServiceError('timeout', 'request abandoned');
    if (remaining() <= 0) throw new ServiceError('timeout', 'the request did not finish within its deadline; try fewer pages or a smaller document');
    const enqueued = await enqueue(queue, name, data, remaining());
    jobs.push(enqueued as EnqueuedJob<unknown>);
    return enqueued.finished;
  };
  const step = ((queue: 'pdf' | 'ocr', name: string, data: unknown) => run(pipeline[queue] as QueueHandles<unknown, unknown>, name, data)) as RunStep;

  try {
    const language = await ocrLanguage(pipeline, request.language);
    await pipeline.admission?.admit(['pdf', 'ocr']); // refused: the finally still deletes an uploaded document
    const prepared = await prepareDocument(step, requestId, source);
    const pageRange = resolvePageRange(request.page_range, prepared.kind, prepared.pageCount);
    const pageNumbers = Array.from({ length: pageRange[1] - pageRange[0] + 1 }, (_, i) => pageRange[0] + i);
    const options = { requestId, dpi: pipeline.dpi, forceOcr: request.force_ocr === true, language, fineGrained: request.fine_grained === true };
    const pageTasks = pageNumbers.map((page) => readDocumentPage(step, prepared, page, options));
    tasks.push(...pageTasks);
    const pages = await Promise.all(pageTasks); // fail fast: the first failure answers
    log.info({ kind: prepared.kind, total_pages: prepared.pageCount, page_range: pageRange }, 'ocr done');
    const sorted = [...pages].sort((a, b) => a.page - b.page);
    const answer = buildOcrAnswer({ request, kind: prepared.kind, totalPages: prepared.pageCount, pageRange, pages: sorted, logId: requestId });
    if (request.output !== 'pdf') return { answer, pages: sorted };
    // The searchable PDF is written by worker-pdf from the pages' results, stored for it under work/.
    const pagesPrefix = `${workPrefix(requestId)}pages/`;
    await Promise.all(sorted.map((p) => pipeline.store.put(pageResultKey(pagesPrefix, p.page), JSON.stringify(p), { contentType: 'application/json' })));
    const outputKey = `${workPrefix(requestId)}searchable.pdf`;
    await buildSearchablePdf(step, { requestId, sourceKey: prepared.sourceKey, kind: prepared.kind, pageCount: prepared.pageCount, pageRange, pagesPrefix, outputKey });
    const pdf = await pipeline.store.get(outputKey);
    // The request's objects are deleted once the PDF has been sent (or the client has gone).
    tasks.push(new Promise<void>((resolve) => pdf.body.once('close', resolve)));
    return { answer, pages: sorted, pdf };
  } finally {
    abandoned = true;
    void cleanUp(pipeline.store, requestId, jobs, tasks, log);
  }
}

/**
 * The request's language as the workers take it: 'auto' (each page's model chosen from what it
 * reads), or installed tesseract models. Codes are checked against what the live OCR workers have
 * installed, so a wrong one is a 400 before anything is queued.
 */
export async function ocrLanguage(pipeline: Pick<OcrPipeline, 'defaultLanguage' | 'workers'>, requested: string | undefined): Promise<string> {
  const language = requested ?? pipeline.defaultLanguage;
  if (language.trim().toLowerCase() === AUTO_LANGUAGE) return AUTO_LANGUAGE;
  return resolveOcrLanguage(language, await pipeline.workers.languages());
}

/** Removes jobs still waiting in a queue, then, once every job has settled, the request's work/ objects. */
async function cleanUp(store: ObjectStore, requestId: string, jobs: Array<EnqueuedJob<unknown>>, tasks: Array<Promise<unknown>>, log: Logger): Promise<void> {
  await Promise.all(
    jobs.map(async ({ job }) => {
      if (await job.isWaiting().catch(() => false)) await job.remove().catch(() => undefined);
    }),
  );
  await Promise.allSettled([...tasks, ...jobs.map((j) => j.finished)]);
  try {
    const deleted = await store.deletePrefix(workPrefix(requestId));
    if (deleted > 0) log.debug({ deleted }, 'intermediate objects deleted');
  } catch (err) {
    log.warn({ err, prefix: workPrefix(requestId) }, 'intermediate objects not deleted');
  }
}

import type { FastifyBaseLogger as Logger } from 'fastify';
import { buildOcrAnswer } from '@docsvc/assembly';
import { PageFailure, PageResults, StepRunner, buildSearchablePdf, readDocument, type OcrQueues } from '@docsvc/ocr-pipeline';
import { workPrefix, type DocumentSource, type OcrPageResult } from '@docsvc/queue';
import { AUTO_LANGUAGE, MAX_PAGES_PER_REQUEST, asksForFields, asksForTables, resolveOcrLanguage, type OcrOptions, type OcrResponse } from '@docsvc/schemas';
import { FORMATS, isTablesFormat, type FormatName } from '@docsvc/renderers';
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
 * One OCR request, from source to answer (and the pages' results it was built from, for the other
 * output formats): the document read by readDocument (@docsvc/ocr-pipeline) under the request's
 * deadline, every page at once across all workers, the first page to fail answering the request
 * with its error. Whatever happens, steps still waiting in a queue are removed and the request's
 * intermediate objects deleted once its steps have settled.
 */
export async function runOcr(
  pipeline: OcrPipeline,
  request: OcrOptions & { output?: FormatName | undefined },
  source: DocumentSource,
  requestId: string,
  log: Logger,
): Promise<{ answer: OcrResponse; pages: OcrPageResult[]; pdf?: StoredObject }> {
  const steps = new StepRunner(pipeline, { deadline: Date.now() + pipeline.timeoutMs });
  const tasks: Array<Promise<unknown>> = [];
  try {
    const language = await ocrLanguage(pipeline, request.language);
    await pipeline.admission?.admit(['pdf', 'ocr']); // refused: the finally still deletes an uploaded document
    const pages: OcrPageResult[] = [];
    const plan = await readDocument(
      {
        requestId,
        source,
        pageRange: request.page_range,
        maxPages: MAX_PAGES_PER_REQUEST,
        page: { dpi: pipeline.dpi, forceOcr: request.force_ocr === true, language, fineGrained: request.fine_grained === true, drawnLines: asksForTables(request.features) || (request.output !== undefined && isTablesFormat(request.output)), readFields: asksForFields(request.prompt) },
      },
      {
        steps,
        // Every page at once; the first failure answers (fail fast).
        schedule: async (numbers, read) => void (await Promise.all(numbers.map(read))),
        keep: async (result) => void pages.push(result),
        durable: false,
        log,
      },
    ).catch((err: unknown) => {
      throw err instanceof PageFailure ? err.cause : err;
    });
    const sorted = [...pages].sort((a, b) => a.page - b.page);
    const assembling = performance.now();
    const answer = buildOcrAnswer({ request, kind: plan.kind, totalPages: plan.totalPages, pageRange: plan.pageRange, maxPages: MAX_PAGES_PER_REQUEST, skippedImages: plan.skippedImages, pages: sorted, logId: requestId });
    // answer_ms: the answer built from the pages' results (a prompt's fields found in every reading among it).
    log.info({ kind: plan.kind, total_pages: plan.totalPages, page_range: plan.pageRange, answer_ms: Math.round((performance.now() - assembling) * 10) / 10 }, 'ocr done');
    if (request.output === undefined || FORMATS[request.output].made !== 'searchable-pdf') return { answer, pages: sorted };
    // The searchable PDF is written by worker-pdf from the pages' results, stored for it under work/.
    const results = new PageResults(pipeline.store, `${workPrefix(requestId)}pages/`);
    await Promise.all(sorted.map((p) => results.put(p)));
    const outputKey = `${workPrefix(requestId)}searchable.pdf`;
    await buildSearchablePdf(steps.run, { requestId, sourceKey: plan.sourceKey, kind: plan.kind, pageCount: plan.totalPages, pageRange: plan.pageRange, pagesPrefix: results.prefix, outputKey });
    const pdf = await pipeline.store.get(outputKey);
    // The request's objects are deleted once the PDF has been sent (or the client has gone).
    tasks.push(new Promise<void>((resolve) => pdf.body.once('close', resolve)));
    return { answer, pages: sorted, pdf };
  } finally {
    void cleanUp(pipeline.store, requestId, steps, tasks, log);
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

/** Removes steps still waiting in a queue, then, once every step has settled, the request's work/ objects. */
async function cleanUp(store: ObjectStore, requestId: string, steps: StepRunner, tasks: Array<Promise<unknown>>, log: Logger): Promise<void> {
  await steps.stop('request abandoned');
  await Promise.allSettled([...tasks, steps.settled()]);
  try {
    const deleted = await store.deletePrefix(workPrefix(requestId));
    if (deleted > 0) log.debug({ deleted }, 'intermediate objects deleted');
  } catch (err) {
    log.warn({ err, prefix: workPrefix(requestId) }, 'intermediate objects not deleted');
  }
}

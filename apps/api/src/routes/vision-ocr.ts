import { FORMATS, isRenderedFormat, render } from '@docsvc/renderers';
import { countPages, workPrefix, type DocumentSource } from '@docsvc/queue';
import { ocrOptionsSchema, ocrResponseSchema, withDocumentSource } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import { documentName, fromMultipart, storedSource } from '../ocr/document-source.js';
import { bodyHash, checkSyncIdempotencyKey, idempotencyKeyOf } from '../ocr/idempotency.js';
import { idempotencyKeyHeader } from '../ocr/idempotency-header.js';
import { runOcr } from '../ocr/run-ocr.js';
import { attachment, formatContent, outputFormatSchema } from '../output-format.js';
import { defineRoute } from '../route.js';

/** The options of a synchronous request (also its multipart `body` part): the OCR options and the answer's format. */
const optionsSchema = ocrOptionsSchema.extend({ output: outputFormatSchema.optional() });
/** As JSON: the options and exactly one of url and file_store_key (contract 2.3). */
const requestSchema = withDocumentSource(optionsSchema);

/**
 * POST /v1/vision/ocr (and /v1/vocr, the path the official client posts to): JSON with `url` or
 * `file_store_key`, or multipart with the document in a `file` part and the options as JSON in a
 * `body` part. The API only resolves the source and waits: workers fetch, parse and recognise.
 */
export const visionOcrRoute = defineRoute({
  method: 'POST',
  path: '/v1/vision/ocr',
  aliases: ['/v1/vocr'],
  operationId: 'ocr',
  tag: 'OCR',
  summary: 'OCR of an image or a PDF (up to 10 pages), answered when read',
  description: 'The answer is JSON unless `output` asks for another format; then it is that file.',
  headers: [idempotencyKeyHeader],
  body: {
    json: requestSchema,
    multipart: { options: optionsSchema, description: 'The document in a "file" part; the options as JSON in a "body" part (what the official client sends)' },
  },
  responses: {
    200: { description: 'The OCR answer (contract 2.4), or the document in the `output` format', json: ocrResponseSchema, content: formatContent() },
  },
  errors: [
    'invalid_file_key',
    'file_not_found',
    'url_not_allowed',
    'page_range_not_applicable',
    'invalid_language_code',
    'idempotency_conflict',
    'file_too_large',
    'image_too_large',
    'unsupported_media_type',
    'invalid_document',
    'encrypted_document',
    'download_failed',
    'overloaded',
    'dependency_unavailable',
    'timeout',
    'download_timeout',
  ],
  handler: async ({ request, reply, deps, body }) => {
    const owner = principalOf(request);
    const idempotencyKey = idempotencyKeyOf(request);
    let options: typeof optionsSchema._zod.output;
    let source: DocumentSource;
    let sourceName: string | undefined;
    if (request.isMultipart()) {
      try {
        const upload = await fromMultipart(request, deps.store, `${workPrefix(request.id)}upload`, optionsSchema, deps.limits.maxUploadBytes, { digest: idempotencyKey !== undefined });
        ({ options, source } = upload);
        sourceName = upload.fileName;
        if (idempotencyKey) {
          await checkSyncIdempotencyKey(deps.redis, deps.queuePrefix, deps.jobs.store.ttlSeconds, owner.id, idempotencyKey, bodyHash('multipart', options, upload.fileDigest ?? ''));
        }
      } catch (err) {
        // Refused before the pipeline took over its cleanup: delete what was uploaded.
        await deps.store.deletePrefix(workPrefix(request.id)).catch(() => undefined);
        throw err;
      }
    } else {
      const json = body!;
      if (idempotencyKey) await checkSyncIdempotencyKey(deps.redis, deps.queuePrefix, deps.jobs.store.ttlSeconds, owner.id, idempotencyKey, bodyHash('json', json));
      options = json;
      source = json.url ? { url: json.url } : await storedSource(deps.store, owner.id, json.file_store_key as string);
      sourceName = documentName(json);
    }
    const format = options.output ?? 'json';
    const { answer, pages, pdf } = await runOcr(deps.ocr, options, source, request.id, request.log);
    request.logExtras = { pages: answer.pages.length, usage: answer._usage };
    for (const page of pages) deps.metrics.observePage(page);
    void countPages(deps.redis, deps.queuePrefix, pages).catch((err: unknown) => request.log.warn({ err }, 'pages not counted'));
    if (format === 'json') return answer;
    reply.header('content-disposition', attachment(sourceName, format)).header('x-log-id', request.id);
    if (pdf) {
      if (pdf.size !== undefined) reply.header('content-length', String(pdf.size));
      return reply.type(FORMATS.pdf.contentType).send(pdf.body);
    }
    if (!isRenderedFormat(format)) throw new Error(`no ${format} was written`);
    // At most MAX_PAGES_PER_REQUEST pages, already in memory: sent whole, with its length.
    const chunks: Buffer[] = [];
    for await (const chunk of render(format, { sourceName: sourceName ?? 'document' }, pages, pages.length)) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
    return reply.type(FORMATS[format].contentType).send(Buffer.concat(chunks));
  },
});

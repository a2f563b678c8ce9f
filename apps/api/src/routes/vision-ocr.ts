import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderOutput } from '@docsvc/renderers';
import { countPages, workPrefix, type DocumentSource } from '@docsvc/queue';
import { ocrOptionsSchema, ocrRequestSchema, type OcrRequest } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import type { ApiDeps } from '../deps.js';
import { refuseUpload } from '../files/refuse-upload.js';
import { documentName, fromMultipart, storedSource } from '../ocr/document-source.js';
import { bodyHash, checkSyncIdempotencyKey, idempotencyKeyOf } from '../ocr/idempotency.js';
import { runOcr } from '../ocr/run-ocr.js';
import { validate } from '../validate.js';

/**
 * POST /v1/vision/ocr (and /v1/vocr, the path the official client posts to): JSON with `url` or
 * `file_store_key`, or multipart with the document in a `file` part and the options as JSON in a
 * `body` part. The API only resolves the source and waits: workers fetch, parse and recognise.
 */
export function visionOcrRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.limits.maxUploadBytes + 1, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 8 } });
    scope.addHook('onError', refuseUpload);

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const owner = principalOf(request);
      const idempotencyKey = idempotencyKeyOf(request);
      let ocrRequest: OcrRequest;
      let source: DocumentSource;
      let sourceName: string | undefined;
      if (request.isMultipart()) {
        try {
          const upload = await fromMultipart(request, deps.store, `${workPrefix(request.id)}upload`, ocrOptionsSchema, deps.limits.maxUploadBytes, { digest: idempotencyKey !== undefined });
          ({ options: ocrRequest, source } = upload);
          sourceName = upload.fileName;
          if (idempotencyKey) {
            await checkSyncIdempotencyKey(deps.redis, deps.queuePrefix, deps.jobs.store.ttlSeconds, owner.id, idempotencyKey, bodyHash('multipart', ocrRequest, upload.fileDigest ?? ''));
          }
        } catch (err) {
          // Refused before the pipeline took over its cleanup: delete what was uploaded.
          await deps.store.deletePrefix(workPrefix(request.id)).catch(() => undefined);
          throw err;
        }
      } else {
        ocrRequest = validate(ocrRequestSchema, request.body);
        if (idempotencyKey) await checkSyncIdempotencyKey(deps.redis, deps.queuePrefix, deps.jobs.store.ttlSeconds, owner.id, idempotencyKey, bodyHash('json', ocrRequest));
        source = ocrRequest.url ? { url: ocrRequest.url } : await storedSource(deps.store, owner.id, ocrRequest.file_store_key as string);
        sourceName = documentName(ocrRequest);
      }
      const { answer, pages, pdf } = await runOcr(deps.ocr, ocrRequest, source, request.id, request.log);
      request.logExtras = { pages: answer.pages.length, usage: answer._usage };
      for (const page of pages) deps.metrics.observePage(page);
      void countPages(deps.redis, deps.queuePrefix, pages).catch((err: unknown) => request.log.warn({ err }, 'pages not counted'));
      if (!ocrRequest.output || ocrRequest.output === 'json') return answer;
      if (pdf) {
        const headers = { 'x-log-id': request.id, ...(pdf.size !== undefined ? { 'content-length': String(pdf.size) } : {}) };
        return reply.type('application/pdf').headers(headers).send(pdf.body);
      }
      if (ocrRequest.output === 'pdf') throw new Error('the searchable PDF was not written');
      const rendered = renderOutput(ocrRequest.output, { pages, sourceName: sourceName ?? 'document' });
      return reply.type(rendered.contentType).header('x-log-id', request.id).send([...rendered.chunks].join(''));
    };
    scope.post('/v1/vision/ocr', handler);
    scope.post('/v1/vocr', handler);
  });
}

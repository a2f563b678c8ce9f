import type { Job } from 'bullmq';
import { inspectDocument, inspectDocumentHead, type DocumentLimits } from '@docsvc/documents';
import { workPrefix, type PrepareJob, type PrepareResult } from '@docsvc/queue';
import type { WorkerContext } from '@docsvc/worker-runtime';
import { download, readStored, readStoredHead } from './read-source.js';

/**
 * What a stored document's type and page count are read from first. An image's header is at its
 * start, so a scanned page (1-2 MB) is not fetched whole just to be counted: worker-ocr fetches it
 * once, to read it. 256 KiB holds the largest EXIF and ICC blocks seen before a JPEG's frame header.
 */
const HEAD_BYTES = 256 * 1024;

/**
 * Job "prepare": fetch or read the document, decide its type from its bytes and count its pages
 * (without rendering). A downloaded document is kept (under the request's work/ prefix, or at `keepAt`)
 * so that its pages are read from the bucket, not downloaded again.
 */
export async function prepare(job: Job<PrepareJob>, ctx: WorkerContext, limits: DocumentLimits): Promise<PrepareResult> {
  const { source, requestId, keepAt } = job.data;
  if ('url' in source) {
    const bytes = await download(source.url, ctx);
    const { kind, pageCount } = await inspectDocument(bytes, limits);
    const sourceKey = keepAt ?? `${workPrefix(requestId)}source`;
    await ctx.store.put(sourceKey, bytes);
    ctx.log.info({ kind, page_count: pageCount, bytes: bytes.length }, 'document prepared');
    return { kind, pageCount, sourceKey };
  }
  const head = await readStoredHead(source.objectKey, HEAD_BYTES, ctx);
  const whole = head.bytes.length >= head.size;
  const fromHead = whole ? undefined : await inspectDocumentHead(head.bytes, limits);
  const inspected = fromHead ?? (await inspectDocument(whole ? head.bytes : await readStored(source.objectKey, ctx), limits));
  ctx.log.info({ kind: inspected.kind, page_count: inspected.pageCount, bytes: head.size, read: fromHead ? 'head' : 'whole' }, 'document prepared');
  return { ...inspected, sourceKey: source.objectKey };
}

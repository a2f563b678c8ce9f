import type { Job } from 'bullmq';
import { inspectDocument, inspectDocumentHead, sniffKind, type DocumentLimits } from '@docsvc/documents';
import { workPrefix, type PrepareJob, type PrepareResult } from '@docsvc/queue';
import type { WorkerContext } from '@docsvc/worker-runtime';
import { download, readStored, readStoredHead } from './read-source.js';
import { skippedImagesOf } from './skipped-images.js';

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
    const [{ kind, pageCount }, skipped] = await inspected(bytes, ctx, limits);
    const sourceKey = keepAt ?? `${workPrefix(requestId)}source`;
    await ctx.store.put(sourceKey, bytes);
    ctx.log.info({ kind, page_count: pageCount, bytes: bytes.length, skipped_images: skipped.skippedImages?.length }, 'document prepared');
    return { kind, pageCount, sourceKey, ...skipped };
  }
  const head = await readStoredHead(source.objectKey, HEAD_BYTES, ctx);
  const whole = head.bytes.length >= head.size;
  const fromHead = whole ? undefined : await inspectDocumentHead(head.bytes, limits);
  if (fromHead) {
    ctx.log.info({ kind: fromHead.kind, page_count: fromHead.pageCount, bytes: head.size, read: 'head' }, 'document prepared');
    return { ...fromHead, sourceKey: source.objectKey };
  }
  const bytes = whole ? head.bytes : await readStored(source.objectKey, ctx);
  const [document, skipped] = await inspected(bytes, ctx, limits);
  ctx.log.info({ kind: document.kind, page_count: document.pageCount, bytes: head.size, read: 'whole', skipped_images: skipped.skippedImages?.length }, 'document prepared');
  return { ...document, sourceKey: source.objectKey, ...skipped };
}

/**
 * Kind and page count, and for a PDF the images its pages' renderings leave out (over
 * MAX_IMAGE_PIXELS): looked for by qpdf (about 40 ms, most of it starting the process) while pdf.js
 * counts the pages.
 */
async function inspected(bytes: Uint8Array, ctx: WorkerContext, limits: DocumentLimits): Promise<[Awaited<ReturnType<typeof inspectDocument>>, Pick<PrepareResult, 'skippedImages'>]> {
  const skipped = sniffKind(bytes) === 'pdf' ? skippedImagesOf(bytes, limits.maxImagePixels, (err) => ctx.log.warn({ err }, 'images over MAX_IMAGE_PIXELS not looked for')) : Promise.resolve([]);
  const [document, found] = await Promise.all([inspectDocument(bytes, limits), skipped]);
  return [document, found.length ? { skippedImages: found } : {}];
}

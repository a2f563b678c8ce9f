import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Job } from 'bullmq';
import type { DocumentLimits } from '@docsvc/documents';
import { PageResults } from '@docsvc/ocr-pipeline';
import type { SearchablePdfJob, SearchablePdfResult } from '@docsvc/queue';
import { pageCount as pagesInRange } from '@docsvc/schemas';
import type { WorkerContext } from '@docsvc/worker-runtime';
import { readStored } from './read-source.js';
import { imagePdf } from './searchable/image-source.js';
import { layeredPdf } from './searchable/pdf-source.js';

/**
 * Job "searchable": the searchable PDF of a recognised document, stored at `outputKey`. Nothing is
 * held whole in memory: a PDF source goes to a scratch file and comes back from qpdf as one, sent to
 * the bucket as a stream; an image source's PDF is written page by page straight into a multipart upload.
 */
export async function searchable(job: Job<SearchablePdfJob>, ctx: WorkerContext, limits: DocumentLimits): Promise<SearchablePdfResult> {
  const { sourceKey, kind, pageCount, pageRange, pagesPrefix, outputKey } = job.data;
  const started = Date.now();
  const results = new PageResults(ctx.store, pagesPrefix);
  const readPage = (page: number) => results.get(page);
  let result: SearchablePdfResult;
  if (kind === 'pdf') {
    const dir = await mkdtemp(path.join(tmpdir(), 'docsvc-searchable-'));
    try {
      const source = path.join(dir, 'source.pdf');
      await pipeline((await ctx.store.get(sourceKey)).body, createWriteStream(source));
      const { file, layered } = await layeredPdf({ source, dir, pageRange, readPage });
      const { size } = await stat(file);
      await ctx.store.put(outputKey, createReadStream(file), { contentType: 'application/pdf' });
      result = { outputKey, bytes: size, layered };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    const bytes = await readStored(sourceKey, ctx);
    let size = 0;
    const counted = async function* () {
      for await (const chunk of imagePdf({ bytes, pageCount, pageRange, limits, readPage })) {
        size += chunk.length;
        yield chunk;
      }
    };
    await ctx.store.put(outputKey, Readable.from(counted()), { contentType: 'application/pdf' });
    // Every page of the range gets its text (an image has no text layer of its own).
    result = { outputKey, bytes: size, layered: pagesInRange(pageRange) };
  }
  ctx.log.info({ kind, pages: pageCount, page_range: pageRange, layered: result.layered, bytes: result.bytes, ms: Date.now() - started }, 'searchable PDF written');
  return result;
}

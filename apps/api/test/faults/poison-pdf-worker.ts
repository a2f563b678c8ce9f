// worker-pdf as apps/worker-pdf/src/main.ts starts it (isolation threads, PAGE_TIMEOUT_MS and
// PAGE_MEMORY_MB limits), with poison-processor.ts as its processor. Run by node directly (.ts).
import { documentShape, loadOrExit } from '@docsvc/config';
import { runWorker } from '@docsvc/worker-runtime';

const config = loadOrExit('worker-pdf', documentShape);
await runWorker<{ requestId: string; page?: number }, unknown>({
  app: 'worker-pdf',
  kind: 'pdf',
  concurrency: Number(process.env.PDF_CONCURRENCY ?? '1'),
  isolate: { module: new URL('./poison-processor.ts', import.meta.url) },
  limits: {
    timeoutMs: config.PAGE_TIMEOUT_MS,
    memoryMb: config.PAGE_MEMORY_MB,
    describe: (job) => (job.name === 'raster' ? `page ${job.data.page}` : 'the document'),
  },
});

import { availableParallelism } from 'node:os';
import { documentShape, downloadShape, envInt, loadOrExit } from '@docsvc/config';

export const pdfWorkerConfig = loadOrExit('worker-pdf', {
  ...documentShape,
  DOWNLOAD_TIMEOUT_MS: downloadShape.DOWNLOAD_TIMEOUT_MS,
  /** Pages rasterised at once by this process; default: one per core. */
  PDF_CONCURRENCY: envInt(availableParallelism(), { min: 1, max: 256 }),
});

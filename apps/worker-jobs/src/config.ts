import { envInt, jobsShape, loadOrExit } from '@docsvc/config';

export const jobsWorkerConfig = loadOrExit('worker-jobs', {
  ...jobsShape,
  /** OCR jobs run at once by this process (each only coordinates: its pages are worked on by worker-pdf and worker-ocr). */
  JOBS_CONCURRENCY: envInt(8, { min: 1, max: 1_000 }),
  /**
   * Pages of one API key's jobs (all together) queued or in work at once: keys take turns at the OCR
   * workers instead of one filling the queue. At least the number of OCR workers one key should be
   * able to keep busy.
   */
  JOB_PAGES_IN_FLIGHT: envInt(16, { min: 1, max: 1_000 }),
  /** How often expired jobs are looked for and removed with their objects. */
  JOB_SWEEP_INTERVAL_MS: envInt(60_000, { min: 100, max: 3_600_000 }),
});

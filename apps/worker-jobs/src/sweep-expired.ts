import type { Logger } from '@docsvc/logger';
import { jobObjects, type JobStore } from '@docsvc/ocr-jobs';
import type { ObjectStore } from '@docsvc/storage';

/**
 * Removes jobs whose retention (JOB_TTL_SECONDS after their last change) has ended: their records
 * and every object under jobs/<id>/ (upload, page results, answer). Several workers may sweep at
 * once: each expired job is taken by one of them.
 */
export async function sweepExpiredJobs(jobs: JobStore, store: ObjectStore, log: Logger, now = Date.now()): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await jobs.takeExpired(now);
    if (expired.length === 0) return removed;
    for (const { id } of expired) {
      const objects = await store.deletePrefix(jobObjects.prefix(id)).catch((err: unknown) => {
        log.warn({ err, job_id: id }, 'expired OCR job: objects not deleted');
        return 0;
      });
      log.info({ job_id: id, objects }, 'expired OCR job removed');
      removed += 1;
    }
  }
}

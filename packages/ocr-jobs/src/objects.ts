/**
 * Where a job's objects live in the bucket: everything under `jobs/<id>/`, removed with the job when
 * its retention ends. Page results are written as each page ends (resumption skips them); the full
 * answer once, when the job succeeds.
 */
export const jobObjects = {
  prefix: (jobId: string) => `jobs/${jobId}/`,
  upload: (jobId: string) => `jobs/${jobId}/upload`,
  page: (jobId: string, page: number) => `jobs/${jobId}/pages/${String(page).padStart(6, '0')}.json`,
  answer: (jobId: string) => `jobs/${jobId}/answer.json`,
};

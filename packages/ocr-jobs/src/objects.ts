/**
 * Where a job's objects live in the bucket: everything under `jobs/<id>/`, removed with the job when
 * its retention ends. Page results are written as each page ends (resumption skips them); the full
 * answer once, when the job succeeds; the searchable PDF the first time it is asked for.
 */
export const jobObjects = {
  prefix: (jobId: string) => `jobs/${jobId}/`,
  upload: (jobId: string) => `jobs/${jobId}/upload`,
  /** A document given by URL, as downloaded (kept for the searchable PDF). */
  download: (jobId: string) => `jobs/${jobId}/download`,
  /** The job's page results (@docsvc/ocr-pipeline PageResults). */
  pages: (jobId: string) => `jobs/${jobId}/pages/`,
  answer: (jobId: string) => `jobs/${jobId}/answer.json`,
  searchablePdf: (jobId: string) => `jobs/${jobId}/searchable.pdf`,
};

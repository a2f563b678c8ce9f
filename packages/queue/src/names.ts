/**
 * The queues, one per kind of work. Each worker kind consumes exactly one queue, so that each can be
 * scaled on its own by starting more processes of that kind.
 */
export const QUEUES = {
  pdf: 'pdf-raster',
  ocr: 'ocr-page',
  translate: 'translate',
  /** Asynchronous OCR jobs: one BullMQ job per document, which runs its pages through pdf and ocr. */
  jobs: 'ocr-job',
} as const;

export type WorkerKind = keyof typeof QUEUES;
export type QueueName = (typeof QUEUES)[WorkerKind];

export const WORKER_KINDS = Object.keys(QUEUES) as WorkerKind[];

/** The app folder that runs each kind, as it appears on a process's command line. */
export const WORKER_APPS: Record<WorkerKind, string> = {
  pdf: 'worker-pdf',
  ocr: 'worker-ocr',
  translate: 'worker-translate',
  jobs: 'worker-jobs',
};

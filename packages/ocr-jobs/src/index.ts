export { JobStore, isValidCursor, type JobRecord, type JobSpec, type JobPlan, type CreateOutcome, type JobListPage } from './job-store.js';
export { jobObjects } from './objects.js';
export { signWebhook, verifyWebhook, webhookHeaders, webhookKey } from './webhook-signature.js';
export { webhookJob } from './webhook-job.js';

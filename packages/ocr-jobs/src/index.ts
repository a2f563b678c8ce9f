export { JobStore, isValidCursor, type JobRecord, type JobSpec, type JobPlan, type CreateOutcome, type JobListPage } from './job-store.js';
export { jobObjects } from './objects.js';

export { ConfigError, parseEnv, envBoolean, envChoice, envInt, envUrl, type Env } from './env.js';
export { commonShape, redisShape, s3Shape, workerShape, apiShape, downloadShape, documentShape, jobsShape, type S3Settings } from './shapes.js';
export { loadOrExit } from './load-or-exit.js';
export { MALLOC_ENV, OCR_WORKER_ENV, processEnvFor, withMallocEnv } from './process-env.js';

import { z } from 'zod';
import { apiShape, commonShape, downloadShape, envInt, s3Shape, workerShape } from '@docsvc/config';

export const launcherEnvShape = {
  ...commonShape,
  HOST: apiShape.HOST,
  PORT: apiShape.PORT,
  /** Where the embedded Redis and S3 keep their data, and the development key is kept. */
  DATA_DIR: z.string().default('./.data'),
  /** Unset: start a private redis-server. */
  REDIS_URL: z.string().optional(),
  /** Unset (with S3_ENDPOINT): start the embedded S3 server. */
  S3_ENDPOINT: s3Shape.S3_ENDPOINT,
  S3_BUCKET: s3Shape.S3_BUCKET,
  /** Unset: create a development key once and keep it under DATA_DIR. */
  API_KEYS: z.string().optional(),
  /** Keys held as hashes (see the api); when set, no development key is created either. */
  API_KEYS_FILE: z.string().optional(),
  /** First restart delay of a child that died; doubles per quick death up to the maximum. */
  RESTART_BACKOFF_MS: envInt(500, { min: 10, max: 60_000 }),
  RESTART_BACKOFF_MAX_MS: envInt(30_000, { min: 10, max: 600_000 }),
  SHUTDOWN_GRACE_MS: workerShape.SHUTDOWN_GRACE_MS,
  /** Read only to say in the banner whether URLs on this machine can be read (the children read it themselves). */
  ALLOW_PRIVATE_URLS: downloadShape.ALLOW_PRIVATE_URLS,
  /** Where every process's JSON logs go (error lines shown on the terminal too); unset: DATA_DIR/logs/docsvc.log; `-`: stdout. */
  LOG_FILE: z.string().optional(),
};

import type { TestProject } from 'vitest/node';
import { startServers } from '@docsvc/test-kit';
import { startContainerServices } from './container-services.js';

/**
 * Starts the real servers every test talks to: a private Redis (random port, no persistence) and
 * an S3-protocol server (random port, temporary folder). A container runtime is used only when one
 * answers; otherwise the local redis-server binary and the embedded S3 server. Never Redis on 6379.
 */
export default async function setup(project: TestProject) {
  const bucket = 'docsvc-test';
  const containers = await startContainerServices(bucket);
  if (containers) {
    project.provide('redisUrl', containers.redisUrl);
    project.provide('s3', {
      S3_ENDPOINT: containers.s3.endpoint,
      S3_BUCKET: containers.s3.bucket,
      S3_REGION: containers.s3.region,
      S3_ACCESS_KEY_ID: containers.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: containers.s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    });
    return containers.stop;
  }
  const servers = await startServers({ bucket, persist: false });
  project.provide('redisUrl', servers.redisUrl);
  project.provide('s3', { ...servers.s3, S3_FORCE_PATH_STYLE: true });
  return () => servers.close();
}

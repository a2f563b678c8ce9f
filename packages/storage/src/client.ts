import { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '@docsvc/config';

/**
 * An S3 client for any S3-protocol server. Checksums only "when required": under the SDK's default
 * a streamed body is sent aws-chunked with a CRC32 trailer, which some S3-compatible servers
 * (s3rver among them) store verbatim, framing included: silent corruption.
 */
export function createS3Client(settings: S3Settings): S3Client {
  const credentials =
    settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
      : undefined;
  return new S3Client({
    region: settings.S3_REGION,
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    ...(credentials ? { credentials } : {}),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // An S3 endpoint that does not answer at all (no refusal: a lost host, a firewall) fails in
    // seconds, not after the OS's minutes-long TCP timeout: requests get 503, jobs are retried.
    requestHandler: { connectionTimeout: 3_000 },
  });
}

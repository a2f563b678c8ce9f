import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures as the Standard Webhooks specification defines them: the headers `webhook-id`,
 * `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
 * A secret "whsec_<base64>" is keyed with its decoded bytes (the specification's form); any other
 * string with its UTF-8 bytes.
 */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', webhookKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one delivery attempt. */
export function webhookHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) };
}

/**
 * Whether a received webhook is genuine: one of the space-separated `v1,` signatures matches, and its
 * timestamp is within `toleranceSeconds` of now (replays of old deliveries are refused).
 */
export function verifyWebhook(secret: string, headers: Record<string, string | undefined>, body: string, now = Date.now(), toleranceSeconds = 300): boolean {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  const signatures = headers['webhook-signature'];
  if (!id || !Number.isInteger(timestamp) || !signatures) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body));
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

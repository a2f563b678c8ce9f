import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, webhookHeaders } from './webhook-signature.js';

// The Standard Webhooks specification's published test vector.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1614265330;
const body = '{"test": 2432232314}';

describe('webhook signatures', () => {
  it('match the Standard Webhooks reference signature', () => {
    expect(signWebhook(secret, id, timestamp, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verify what was signed, within the tolerance, and nothing else', () => {
    const now = Date.now();
    const headers = webhookHeaders('a plain secret of some length', 'job.succeeded', '{"ok":true}', now);
    expect(verifyWebhook('a plain secret of some length', headers, '{"ok":true}', now)).toBe(true);
    expect(verifyWebhook('another secret of some length', headers, '{"ok":true}', now)).toBe(false);
    expect(verifyWebhook('a plain secret of some length', headers, '{"ok":false}', now)).toBe(false);
    expect(verifyWebhook('a plain secret of some length', headers, '{"ok":true}', now + 301_000)).toBe(false);
    const twoSigs = { ...headers, 'webhook-signature': `v1,bm90IGl0 ${headers['webhook-signature']}` };
    expect(verifyWebhook('a plain secret of some length', twoSigs, '{"ok":true}', now)).toBe(true);
  });
});

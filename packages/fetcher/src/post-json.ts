import type { Client } from 'undici';
import { pinnedClient, vetUrlHost, type PinnedClientOptions } from './pinned-client.js';
import { parseAllowedUrl } from './url-policy.js';

/**
 * connectTimeoutMs: resolving the host name, and separately the connection; totalTimeoutMs: the whole
 * exchange; allowPrivate: lifts the address rule (ALLOW_PRIVATE_URLS, local testing only); lookup and
 * classifyAddress: test hooks, as for fetchUrl.
 */
export type PostJsonOptions = PinnedClientOptions;

/** How a POST went: the status the receiver answered, or why it got none. */
export type PostOutcome = { status: number } | { error: string };

/** Bytes of an answer read (and thrown away) before the connection is closed. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a JSON body to a user-supplied URL (a webhook) under the same address rule as fetchUrl: the
 * host is resolved once, every address must be public, and the connection goes to those addresses.
 * Redirects are not followed (a 3xx is the receiver's answer). Never throws for the receiver's
 * failures: a refused URL, a refused address, a timeout or a reset come back as `{ error }`.
 */
export async function postJson(url: string, body: string, headers: Record<string, string>, opts: PostJsonOptions): Promise<PostOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${opts.totalTimeoutMs} ms`)), opts.totalTimeoutMs);
  let client: Client | undefined;
  try {
    const target = parseAllowedUrl(url);
    client = await pinnedClient(target, { purpose: 'webhook', ...opts }, controller.signal, false);
    const response = await client.request({
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'docsvc-webhook', ...headers },
      body,
      signal: controller.signal,
    });
    await response.body.dump({ limit: MAX_ANSWER_BYTES }).catch(() => undefined);
    return { status: response.statusCode };
  } catch (err) {
    if (controller.signal.aborted) return { error: (controller.signal.reason as Error).message };
    const code = (err as { code?: unknown } | null)?.code;
    return { error: err instanceof Error ? `${typeof code === 'string' ? `${code}: ` : ''}${err.message}` : String(err) };
  } finally {
    clearTimeout(timer);
    void client?.destroy().catch(() => undefined);
  }
}

/**
 * Whether a webhook could be delivered to `url` now, by postJson's rules: an http(s) URL whose host
 * resolves, only to addresses the rule allows. Throws FetchError (url_not_allowed; download_failed
 * for a host that does not resolve; download_timeout). Delivery checks again: DNS can change.
 */
export async function checkWebhookUrl(url: string, opts: Pick<PostJsonOptions, 'connectTimeoutMs' | 'allowPrivate' | 'lookup' | 'classifyAddress'>): Promise<void> {
  await vetUrlHost(parseAllowedUrl(url), { ...opts, purpose: 'webhook' }, new AbortController().signal, false);
}

import { Client } from 'undici';
import { classifyAddress } from './address-policy.js';
import { pinnedLookup } from './pinned-lookup.js';
import { parseAllowedUrl } from './url-policy.js';
import { systemLookup, vetHost, type AddressClassifier, type HostLookup } from './vet-host.js';

export interface PostJsonOptions {
  /** Limit on resolving the host name, and separately on the connection. */
  connectTimeoutMs: number;
  /** Limit on the whole exchange: connection, request, answer. */
  totalTimeoutMs: number;
  /** Lift the address rule (not the cloud metadata one): local testing only (ALLOW_PRIVATE_URLS=true). */
  allowPrivate?: boolean;
  /** Test hooks, as for fetchUrl. */
  lookup?: HostLookup;
  classifyAddress?: AddressClassifier;
}

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
    const addresses = await vetHost(target, {
      lookup: opts.lookup ?? systemLookup,
      classify: opts.classifyAddress ?? classifyAddress,
      allowPrivate: opts.allowPrivate ?? false,
      timeoutMs: opts.connectTimeoutMs,
      signal: controller.signal,
      redirected: false,
    });
    client = new Client(target.origin, {
      connect: { timeout: opts.connectTimeoutMs, lookup: pinnedLookup(target.hostname, addresses) },
      headersTimeout: opts.totalTimeoutMs,
      bodyTimeout: opts.totalTimeoutMs,
    });
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

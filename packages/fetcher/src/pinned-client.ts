import type { LookupAddress } from 'node:dns';
import { Client } from 'undici';
import { classifyAddress } from './address-policy.js';
import { pinnedLookup } from './pinned-lookup.js';
import { systemLookup, vetHost, type AddressClassifier, type HostLookup, type UrlPurpose } from './vet-host.js';

export interface PinnedClientOptions {
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  allowPrivate?: boolean;
  lookup?: HostLookup;
  classifyAddress?: AddressClassifier;
  /** What the URL is for, for the refusal's message (default: a download). */
  purpose?: UrlPurpose;
}

/**
 * An HTTP client for `url`'s origin whose connections can only go to the addresses its host resolved
 * to once, each checked by the address rule (public only, unless allowPrivate): what keeps a
 * user-supplied URL from reaching internal networks, for downloads and webhooks alike.
 */
export async function pinnedClient(url: URL, opts: PinnedClientOptions, signal: AbortSignal, redirected: boolean): Promise<Client> {
  const addresses = await vetUrlHost(url, opts, signal, redirected);
  return new Client(url.origin, {
    connect: { timeout: opts.connectTimeoutMs, lookup: pinnedLookup(url.hostname, addresses) },
    headersTimeout: opts.totalTimeoutMs,
    bodyTimeout: opts.totalTimeoutMs,
  });
}

/** `url`'s host resolved once and every address judged by the rule (vetHost), with these options' defaults: the addresses to connect to. */
export function vetUrlHost(url: URL, opts: Omit<PinnedClientOptions, 'totalTimeoutMs'>, signal: AbortSignal, redirected: boolean): Promise<LookupAddress[]> {
  return vetHost(url, {
    lookup: opts.lookup ?? systemLookup,
    classify: opts.classifyAddress ?? classifyAddress,
    allowPrivate: opts.allowPrivate ?? false,
    timeoutMs: opts.connectTimeoutMs,
    signal,
    redirected,
    ...(opts.purpose ? { purpose: opts.purpose } : {}),
  });
}

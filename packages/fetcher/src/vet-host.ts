import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { classifyAddress, type AddressRefusal, type AddressVerdict } from './address-policy.js';
import { FetchError, type FetchErrorDetail } from './errors.js';
import { isLocalhostName, literalAddress } from './url-policy.js';

export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;
export type AddressClassifier = (ip: string) => AddressVerdict;

export interface VetOptions {
  lookup: HostLookup;
  classify: AddressClassifier;
  allowPrivate: boolean;
  /** Limit on resolving the name: part of connecting. */
  timeoutMs: number;
  signal: AbortSignal;
  /** Set when this URL came from a redirect, for the message. */
  redirected: boolean;
  /** What the URL is for, for the message: a document to download (default) or a webhook to call. */
  purpose?: UrlPurpose;
}

export type UrlPurpose = 'download' | 'webhook';

export const systemLookup: HostLookup = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/**
 * Resolves the URL's host once and judges every address it resolves to; the caller connects to
 * exactly the addresses returned, so a second DNS answer can never be used (DNS rebinding).
 */
export async function vetHost(url: URL, opts: VetOptions): Promise<LookupAddress[]> {
  const literal = literalAddress(url);
  if (literal !== undefined) {
    refuseIfNotAllowed(url, literal, opts, true);
    return [{ address: literal, family: isIP(literal) }];
  }
  if (isLocalhostName(url.hostname) && !opts.allowPrivate) {
    throw refused(url, 'loopback', opts, [{ host: url.hostname, reason: 'loopback' }]);
  }
  const addresses = await resolve(url.hostname, opts);
  for (const { address } of addresses) refuseIfNotAllowed(url, address, opts, false);
  return addresses;
}

function refuseIfNotAllowed(url: URL, address: string, opts: VetOptions, literal: boolean): void {
  const verdict = opts.classify(address);
  if (verdict.allowed) return;
  // allowPrivate is for local testing; nothing local needs the cloud metadata service.
  if (opts.allowPrivate && verdict.reason !== 'metadata') return;
  // The address is echoed only when the user wrote it: for a name, it would tell users how
  // internal names resolve.
  const detail: FetchErrorDetail = literal ? { address, reason: verdict.reason } : { host: url.hostname, reason: verdict.reason };
  throw refused(url, verdict.reason, opts, [detail], literal ? address : undefined);
}

function refused(url: URL, reason: AddressRefusal, opts: Pick<VetOptions, 'redirected' | 'purpose'>, details: FetchErrorDetail[], address?: string): FetchError {
  const webhook = opts.purpose === 'webhook';
  const problem =
    address !== undefined
      ? `"${url.href}" points at ${descriptions[reason]} (${address})`
      : `the host "${url.hostname}" of "${url.href}" resolves to ${descriptions[reason]}`;
  const prefix = opts.redirected ? (webhook ? 'The webhook was redirected, and ' : 'The download was redirected, and ') : '';
  const sentence = `${prefix}${problem}, ${webhook ? 'where webhooks are not delivered' : 'which cannot be fetched'}.`;
  const instead = webhook ? 'Give a URL on the public internet' : 'Give the URL of a file on the public internet';
  // What a newcomer trying the service on their own machine needs to know; never for the metadata service.
  const local = reason === 'metadata' ? '' : `, or set ALLOW_PRIVATE_URLS=true (${webhook ? 'on the API and worker-jobs; ' : ''}local testing only) to reach this machine and private networks`;
  return new FetchError('url_not_allowed', `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)} ${instead}${local}.`, details);
}

async function resolve(hostname: string, opts: VetOptions): Promise<LookupAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new FetchError('download_timeout', `Resolving "${hostname}" took longer than the ${opts.timeoutMs} ms connect timeout. Try again later.`, [
            { phase: 'connect', timeout_ms: opts.timeoutMs },
          ]),
        ),
      opts.timeoutMs,
    );
    onAbort = () => reject(opts.signal.reason);
    opts.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    if (opts.signal.aborted) throw opts.signal.reason;
    const addresses = await Promise.race([opts.lookup(hostname), timeout]);
    if (addresses.length === 0) throw Object.assign(new Error(`no addresses for ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  } catch (err) {
    if (err instanceof FetchError || opts.signal.aborted) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
    throw new FetchError(
      'download_failed',
      `The host "${hostname}" could not be resolved (${code}). Check the host name in the URL.`,
      [{ reason: 'dns_failure', host: hostname, code }],
      { cause: err },
    );
  } finally {
    clearTimeout(timer);
    if (onAbort) opts.signal.removeEventListener('abort', onAbort);
  }
}

const descriptions: Record<AddressRefusal, string> = {
  invalid: 'an invalid address',
  metadata: 'a cloud metadata service address',
  unspecified: 'an unspecified address',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  link_local: 'a link-local address',
  cgnat: 'a carrier-grade NAT (shared) address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  documentation: 'a documentation-only address',
  benchmarking: 'a benchmarking address',
  unique_local: 'a unique-local (private) IPv6 address',
  site_local: 'a site-local IPv6 address',
  '6to4': 'a 6to4 tunnel address',
  teredo: 'a Teredo tunnel address',
};

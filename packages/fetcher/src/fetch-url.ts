import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { FetchError } from './errors.js';
import { fileTooLarge, limitBody } from './limited-body.js';
import { pinnedClient } from './pinned-client.js';
import { parseAllowedUrl } from './url-policy.js';
import type { AddressClassifier, HostLookup } from './vet-host.js';

export const DEFAULT_MAX_REDIRECTS = 5;

export interface FetchUrlOptions {
  /** Largest body accepted, in bytes; one byte more fails with file_too_large. */
  maxBytes: number;
  /** Limit on resolving the host name, and separately on the TCP (and TLS) connection, of each hop. */
  connectTimeoutMs: number;
  /** Limit on the whole download: every hop and reading the body to its end. */
  totalTimeoutMs: number;
  /** Lift the address rule (not the cloud metadata one): local testing only (ALLOW_PRIVATE_URLS=true). */
  allowPrivate?: boolean;
  /** Redirects followed before failing with download_failed; default 5. */
  maxRedirects?: number;
  /** Aborting rejects, or fails the body, with the signal's reason (not a FetchError). */
  signal?: AbortSignal;
  /** Test hook: resolves a host name to every address; default dns.lookup with all: true. */
  lookup?: HostLookup;
  /** Test hook: judges an address; default classifyAddress. */
  classifyAddress?: AddressClassifier;
}

export interface FetchUrlResult {
  /**
   * The response body, limited to maxBytes; it fails with a FetchError (file_too_large,
   * download_timeout, download_failed). Read or destroy it promptly: the total timeout keeps
   * running, and destroying it releases the connection.
   */
  body: Readable;
  contentType?: string;
  /** From the Content-Length header, when the server sent one. */
  contentLength?: number;
  /** The URL the body came from, after redirects. */
  finalUrl: string;
  status: number;
}

export interface FetchedBuffer extends Omit<FetchUrlResult, 'body'> {
  body: Buffer;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

const requestHeaders = { accept: '*/*', 'user-agent': 'docsvc-fetcher' };

interface Hop {
  url: URL;
  response: Dispatcher.ResponseData;
  close(): void;
}

/**
 * Downloads a user-supplied http(s) URL without letting it reach internal networks: every hop's
 * host is resolved once, every address it resolves to must be public (see classifyAddress), and
 * the connection goes to those very addresses. Redirects are followed by hand, each hop checked
 * the same way. Any port is allowed. Proxy environment variables are ignored on purpose: a proxy
 * would connect on our behalf to addresses we never checked.
 */
export async function fetchUrl(url: string, opts: FetchUrlOptions): Promise<FetchUrlResult> {
  checkOptions(opts);
  opts.signal?.throwIfAborted();
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new FetchError(
          'download_timeout',
          `The download did not finish within ${opts.totalTimeoutMs} ms. Try again later, or use a faster host.`,
          [{ phase: 'total', timeout_ms: opts.totalTimeoutMs }],
        ),
      ),
    opts.totalTimeoutMs,
  );
  const onCallerAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const release = () => {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  };

  const at: { url?: URL } = {};
  let openHop: Hop | undefined;
  try {
    const hop = await followRedirects(url, maxRedirects, opts, controller.signal, at);
    openHop = hop;
    const { statusCode, headers, body } = hop.response;
    if (statusCode < 200 || statusCode > 299) {
      throw new FetchError(
        'download_failed',
        `The server answered ${statusCode} for "${hop.url.href}". Check that the URL is right and the file can be downloaded without logging in.`,
        [{ upstream_status: statusCode }],
      );
    }
    const contentLength = parseContentLength(headers['content-length']);
    // Refuse before reading anything when the server says up front that it is too big.
    if (contentLength !== undefined && contentLength > opts.maxBytes) {
      throw fileTooLarge(opts.maxBytes, { content_length: contentLength });
    }
    const contentType = firstHeader(headers['content-type']);
    const limited = limitBody(
      body,
      opts.maxBytes,
      (err) => toFetchError(err, controller.signal, hop.url, opts),
      () => {
        release();
        hop.close();
      },
    );
    openHop = undefined; // the body owns the connection and the timer from here
    return {
      body: limited,
      ...(contentType !== undefined && { contentType }),
      ...(contentLength !== undefined && { contentLength }),
      finalUrl: hop.url.href,
      status: statusCode,
    };
  } catch (err) {
    openHop?.close();
    release();
    throw toFetchError(err, controller.signal, at.url, opts);
  }
}

/** fetchUrl, with the whole body read into memory (at most maxBytes). */
export async function fetchToBuffer(url: string, opts: FetchUrlOptions): Promise<FetchedBuffer> {
  const { body, ...rest } = await fetchUrl(url, opts);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { ...rest, body: Buffer.concat(chunks) };
}

/** Requests `url` and the redirects it leads to; returns the final answer, its connection still open. */
async function followRedirects(
  url: string,
  maxRedirects: number,
  opts: FetchUrlOptions,
  signal: AbortSignal,
  at: { url?: URL },
): Promise<Hop> {
  at.url = parseAllowedUrl(url);
  for (let redirects = 0; ; redirects++) {
    const hop = await requestHop(at.url, redirects > 0, opts, signal);
    const location = redirectLocation(hop.response);
    if (location === undefined) return hop;
    hop.close();
    if (redirects >= maxRedirects) {
      throw new FetchError(
        'download_failed',
        `"${url}" redirected more than ${maxRedirects} times. Give the final URL of the file instead.`,
        [{ reason: 'too_many_redirects', max_redirects: maxRedirects }],
      );
    }
    at.url = parseAllowedUrl(location, at.url);
  }
}

async function requestHop(url: URL, redirected: boolean, opts: FetchUrlOptions, signal: AbortSignal): Promise<Hop> {
  // One client per hop: its connections can only use this hop's vetted addresses.
  const client = await pinnedClient(url, opts, signal, redirected);
  const close = () => void client.destroy().catch(() => undefined);
  try {
    const response = await client.request({ path: `${url.pathname}${url.search}`, method: 'GET', headers: requestHeaders, signal });
    return {
      url,
      response,
      close: () => {
        // undici fails a body destroyed unread with an AbortError: nobody is reading it any more.
        response.body.on('error', () => undefined).destroy();
        close();
      },
    };
  } catch (err) {
    close();
    throw err;
  }
}

function redirectLocation(response: Dispatcher.ResponseData): string | undefined {
  if (!redirectStatuses.has(response.statusCode)) return undefined;
  // A 3xx without Location is not a redirect: it ends as a non-2xx answer.
  return firstHeader(response.headers.location);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseContentLength(value: string | string[] | undefined): number | undefined {
  const text = firstHeader(value);
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

/** What the caller sees for any failure: our own errors as they are, the rest translated. */
function toFetchError(err: unknown, signal: AbortSignal, url: URL | undefined, opts: FetchUrlOptions): unknown {
  // Aborted: the total timeout (a FetchError) or the caller's own reason.
  if (signal.aborted) return signal.reason;
  if (err instanceof FetchError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const where = url ? `"${url.href}"` : 'the URL';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new FetchError(
      'download_timeout',
      `Connecting to ${where} took longer than the ${opts.connectTimeoutMs} ms connect timeout. Check that the server is reachable from the internet, or try again later.`,
      [{ phase: 'connect', timeout_ms: opts.connectTimeoutMs }],
      { cause: err },
    );
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new FetchError(
      'download_timeout',
      `The download of ${where} did not finish within ${opts.totalTimeoutMs} ms. Try again later, or use a faster host.`,
      [{ phase: 'total', timeout_ms: opts.totalTimeoutMs }],
      { cause: err },
    );
  }
  const shown = typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
  return new FetchError(
    'download_failed',
    `Downloading ${where} failed (${shown}). Check that the URL works and the server is reachable from the internet.`,
    [{ reason: 'connection_failed', code: typeof code === 'string' ? code : 'unknown' }],
    { cause: err },
  );
}

function checkOptions(opts: FetchUrlOptions): void {
  const positive = (name: string, value: number) => {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`fetchUrl: ${name} must be a positive number (got ${value})`);
  };
  if (!Number.isInteger(opts.maxBytes) || opts.maxBytes < 0) {
    throw new RangeError(`fetchUrl: maxBytes must be a non-negative integer (got ${opts.maxBytes})`);
  }
  positive('connectTimeoutMs', opts.connectTimeoutMs);
  positive('totalTimeoutMs', opts.totalTimeoutMs);
  const redirects = opts.maxRedirects;
  if (redirects !== undefined && (!Number.isInteger(redirects) || redirects < 0)) {
    throw new RangeError(`fetchUrl: maxRedirects must be a non-negative integer (got ${redirects})`);
  }
}

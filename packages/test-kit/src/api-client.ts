/** One answer of the API: its status, its body (JSON, or `{ raw }` when it is not JSON), headers and time taken. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  ms: number;
}

export const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });

/** The HTTP API over fetch, as any user's script talks to it: the key as `Authorization: Bearer`. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly key: string,
  ) {}

  /** Any request; a body of bytes is sent as it is, anything else as JSON. */
  async call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const t0 = performance.now();
    const isBytes = body instanceof Uint8Array;
    const response = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers: { ...bearer(this.key), ...(body !== undefined && !isBytes ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body === undefined ? {} : { body: isBytes ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    const ms = performance.now() - t0;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { raw: text };
    }
    return { status: response.status, body: parsed, headers: response.headers, ms };
  }

  /** call(), failing unless the answer is 200. */
  async ok(method: string, route: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    const answer = await this.call(method, route, body, headers);
    if (answer.status !== 200) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    return answer;
  }

  post(route: string, body: unknown): Promise<Answer> {
    return this.call('POST', route, body);
  }

  /** Stores a file under `key` (POST /v1/store/file, overwriting), failing unless it was stored. */
  upload(key: string, bytes: Uint8Array, contentType?: string): Promise<Answer> {
    return this.ok('POST', `/v1/store/file?key=${encodeURIComponent(key)}&overwrite=true`, bytes, contentType ? { 'content-type': contentType } : {});
  }

  ocr(fileStoreKey: string): Promise<Answer> {
    return this.ok('POST', '/v1/vision/ocr', { file_store_key: fileStoreKey });
  }

  translate(text: string | string[], target: string, source?: string): Promise<Answer> {
    return this.ok('POST', '/v1/ai/translate', { text, target_language: target, ...(source ? { source_language: source } : {}) });
  }
}

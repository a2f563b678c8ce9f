import { openAsBlob } from 'node:fs';
import path from 'node:path';

/** A refusal or failure the service answered with: its HTTP status and error code. */
export class ServiceAnswerError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface JobStatus {
  job_id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  progress: { pages_done: number; pages_total: number | null };
  error?: { code: string; message: string; page?: number };
}

/** The answer of GET /v1/vision/ocr/languages. */
export interface OcrLanguages {
  /** The language used when a request names none. */
  default: string;
  /** The value asking for each page's language to be found from what it reads. */
  auto: string;
  /** `code`: what to send as `language` (ISO 639-1, or a BCP 47 tag where a language has several models). */
  languages: Array<{ code: string; iso: string | null; tesseract: string; name: string; script: string }>;
  orientation_detection: boolean;
  engines: Array<{ engine: string; version: string; workers: number }>;
}

/** The answer of GET /v1/ai/translate/languages: a route is direct or goes through an intermediate language (`via`). */
export interface TranslationLanguages {
  languages: string[];
  routes: Array<{ source: string; target: string; direct: boolean; via?: string }>;
}

/** The service's HTTP API, as any script would call it: fetch, a Bearer key, JSON. */
export class DocsvcClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string,
  ) {}

  private async call(method: string, route: string, init: { body?: FormData | string; json?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` };
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    let res: Response;
    try {
      res = await fetch(new URL(route, this.baseUrl), { method, headers, ...(body !== undefined ? { body } : {}) });
    } catch (err) {
      throw new ServiceAnswerError(`cannot reach ${this.baseUrl}: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`, 0, 'unreachable');
    }
    if (!res.ok) {
      const text = await res.text();
      let parsed: { message?: string; code?: string; error?: { code?: string } } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        // not JSON: the text is the message
      }
      throw new ServiceAnswerError(parsed.message ?? (text.slice(0, 200) || res.statusText), res.status, parsed.code ?? parsed.error?.code ?? `http_${res.status}`);
    }
    return res;
  }

  /** Starts an OCR job for a local file (multipart upload, read from disk as it is sent). */
  async createJob(file: string, options: { language?: string; features?: string[] }): Promise<JobStatus> {
    const form = new FormData();
    form.set('file', await openAsBlob(file), path.basename(file));
    form.set('body', JSON.stringify({ ...(options.language ? { language: options.language } : {}), ...(options.features?.length ? { features: options.features } : {}) }));
    return (await (await this.call('POST', '/v1/vision/ocr/jobs', { body: form })).json()) as JobStatus;
  }

  /** A job's status alone (never its answer). */
  async job(jobId: string): Promise<JobStatus> {
    return (await (await this.call('GET', `/v1/vision/ocr/jobs/${jobId}?answer=false`)).json()) as JobStatus;
  }

  async cancel(jobId: string): Promise<void> {
    await this.call('DELETE', `/v1/vision/ocr/jobs/${jobId}`).catch(() => undefined);
  }

  /** A succeeded job's result in `format`, as a stream of bytes. */
  async result(jobId: string, format: string): Promise<ReadableStream<Uint8Array>> {
    const res = await this.call('GET', `/v1/vision/ocr/jobs/${jobId}/result?format=${format}`);
    if (!res.body) throw new ServiceAnswerError('empty result', res.status, 'empty_result');
    return res.body;
  }

  async translate(text: string, to: string, from?: string): Promise<{ translated_text: string }> {
    return (await (await this.call('POST', '/v1/ai/translate', { json: { text, target_language: to, ...(from ? { current_language: from } : {}) } })).json()) as { translated_text: string };
  }

  /** GET /v1/vision/ocr/languages: the OCR languages the workers have, and their engines. */
  async ocrLanguages(): Promise<OcrLanguages> {
    return (await (await this.call('GET', '/v1/vision/ocr/languages')).json()) as OcrLanguages;
  }

  /** GET /v1/ai/translate/languages: the translation languages and the pairs (routes) between them. */
  async translationLanguages(): Promise<TranslationLanguages> {
    return (await (await this.call('GET', '/v1/ai/translate/languages')).json()) as TranslationLanguages;
  }
}

import type { Redis } from 'ioredis';
import { liveWorkerInfo, type OcrWorkerInfo } from '@docsvc/queue';
import { ServiceError } from '@docsvc/schemas';

/** The live OCR workers as their heartbeats describe them, and what they have in common. */
export interface OcrFleet {
  /** Models every live OCR worker has (a page may go to any of them), sorted. */
  languages: string[];
  /** Engines running, with their versions and how many workers run each. */
  engines: Array<{ engine: string; version: string; workers: number }>;
  /** Whether every live worker can detect page orientation. */
  orientation: boolean;
}

/**
 * What the OCR workers publish with their heartbeats, read from Redis and kept for a few seconds,
 * so that a request's language is checked at once, without a worker round trip.
 */
export class OcrWorkers {
  private cached: { at: number; fleet: OcrFleet } | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly heartbeatIntervalMs: number,
    private readonly ttlMs = 5_000,
  ) {}

  /** The fleet, or null when no OCR worker is alive. */
  async fleet(): Promise<OcrFleet | null> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.fleet;
    const infos = [...(await liveWorkerInfo<OcrWorkerInfo>(this.redis, this.prefix, 'ocr', this.heartbeatIntervalMs)).values()];
    if (infos.length === 0) return null;
    const engines = new Map<string, { engine: string; version: string; workers: number }>();
    for (const info of infos) {
      const key = `${info.engine} ${info.version}`;
      const entry = engines.get(key) ?? { engine: info.engine, version: info.version, workers: 0 };
      entry.workers += 1;
      engines.set(key, entry);
    }
    const fleet: OcrFleet = {
      languages: infos.map((i) => i.languages).reduce((common, langs) => common.filter((code) => langs.includes(code))).sort(),
      engines: [...engines.values()],
      orientation: infos.every((i) => i.orientation),
    };
    this.cached = { at: Date.now(), fleet };
    return fleet;
  }

  /** The installed models, or a retryable 503 when no OCR worker is alive to say. */
  async languages(): Promise<string[]> {
    const fleet = await this.fleet();
    if (!fleet) throw new ServiceError('dependency_unavailable', 'no OCR worker is running yet; retry shortly', [{ missing: 'worker-ocr' }], true);
    return fleet.languages;
  }
}

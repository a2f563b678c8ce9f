import type { Redis } from 'ioredis';
import { translateRoutesKey } from '@docsvc/queue';
import type { TranslationCatalog, TranslationRoute } from '@docsvc/schemas';
import { ServiceError } from '@docsvc/schemas';

/**
 * The translation routes (and the languages detection can name) the workers published, read from Redis and
 * kept for a few seconds, so that a bad pair is refused at once without a worker round trip.
 */
export class TranslationRoutes {
  private cached: { at: number; catalog: TranslationCatalog } | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = 5_000,
  ) {}

  async all(): Promise<TranslationRoute[]> {
    return (await this.catalog()).routes;
  }

  async catalog(): Promise<TranslationCatalog> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.catalog;
    const raw = await this.redis.get(translateRoutesKey(this.prefix));
    if (!raw) throw new ServiceError('dependency_unavailable', 'no translation worker has started yet; retry shortly', [], true);
    const parsed = JSON.parse(raw) as TranslationCatalog | TranslationRoute[];
    // A worker of the version before published the routes alone.
    const catalog = Array.isArray(parsed) ? { routes: parsed, detectable: [] } : parsed;
    this.cached = { at: Date.now(), catalog };
    return catalog;
  }
}

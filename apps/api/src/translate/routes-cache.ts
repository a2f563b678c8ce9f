import type { Redis } from 'ioredis';
import { translateRoutesKey } from '@docsvc/queue';
import type { TranslationRoute } from '@docsvc/schemas';
import { ServiceError } from '@docsvc/schemas';

/**
 * The translation routes the workers published, read from Redis and kept for a few seconds, so that
 * a bad pair is refused at once without a worker round trip.
 */
export class TranslationRoutes {
  private cached: { at: number; routes: TranslationRoute[] } | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = 5_000,
  ) {}

  async all(): Promise<TranslationRoute[]> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.routes;
    const raw = await this.redis.get(translateRoutesKey(this.prefix));
    if (!raw) throw new ServiceError('dependency_unavailable', 'no translation worker has started yet; retry shortly', [], true);
    const routes = JSON.parse(raw) as TranslationRoute[];
    this.cached = { at: Date.now(), routes };
    return routes;
  }
}

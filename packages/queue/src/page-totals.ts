import type { Redis } from 'ioredis';

/**
 * Pages read by the whole service, by source and engine, in one Redis hash: the API counts the pages of
 * synchronous answers, worker-jobs those of jobs, and every API replica reports the total
 * (docsvc_pages_processed_total), so that one scrape of any API shows every page just read.
 */
export const pageTotalsKey = (prefix: string) => `${prefix}:metrics:pages`;

export async function countPages(redis: Redis, prefix: string, pages: ReadonlyArray<{ source: string; engine?: string }>): Promise<void> {
  if (pages.length === 0) return;
  const multi = redis.multi();
  for (const p of pages) multi.hincrby(pageTotalsKey(prefix), `${p.source}|${p.engine ?? (p.source === 'text_layer' ? 'pdf.js' : 'unknown')}`, 1);
  await multi.exec();
}

export async function readPageTotals(redis: Redis, prefix: string): Promise<Array<{ source: string; engine: string; count: number }>> {
  const all = await redis.hgetall(pageTotalsKey(prefix));
  return Object.entries(all).map(([field, count]) => {
    const [source, engine] = field.split('|');
    return { source: source ?? 'unknown', engine: engine ?? 'unknown', count: Number(count) };
  });
}

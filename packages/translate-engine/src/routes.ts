import type { TranslationRoute } from '@docsvc/schemas';

/**
 * Intermediate languages to prefer when several would do: the best-covered hubs of the Apertium pairs first
 * (most pairs are to or from English or Spanish), then alphabetical, so that a route never depends on the
 * order the mode files were read in.
 */
export const PREFERRED_PIVOTS: readonly string[] = ['en', 'es'];

/**
 * Every route the direct directions allow: the direct ones, and for each missing direction source->target one
 * through a single intermediate language m with source->m and m->target both direct. Longer chains are not
 * offered: each leg loses quality, and two are already the limit of what rule-based output survives.
 */
export function buildRoutes(directions: ReadonlyArray<{ source: string; target: string }>): TranslationRoute[] {
  const direct = new Set(directions.map(({ source, target }) => `${source}>${target}`));
  const languages = [...new Set(directions.flatMap(({ source, target }) => [source, target]))].sort();
  const pivots = [...PREFERRED_PIVOTS.filter((code) => languages.includes(code)), ...languages.filter((code) => !PREFERRED_PIVOTS.includes(code))];
  const routes: TranslationRoute[] = [];
  for (const source of languages) {
    for (const target of languages) {
      if (source === target) continue;
      if (direct.has(`${source}>${target}`)) {
        routes.push({ source, target, direct: true });
        continue;
      }
      const via = pivots.find((pivot) => pivot !== source && pivot !== target && direct.has(`${source}>${pivot}`) && direct.has(`${pivot}>${target}`));
      if (via) routes.push({ source, target, direct: false, via });
    }
  }
  return routes;
}

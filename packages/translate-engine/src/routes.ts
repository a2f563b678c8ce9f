import type { TranslationRoute } from '@docsvc/schemas';
import { oneApertiumLanguage } from './apertium-codes.js';

/**
 * Measured quality of candidate routes: for 'source>target', the chrF of each way of getting there, keyed by the
 * intermediate language, or DIRECT for the pair's own mode; null for a candidate that failed when measured (a
 * stage crashed on the relayed text), which is never chosen. Written by bench/translate-routes.ts into
 * measured-routes.ts; read here, where routes are chosen.
 */
export type MeasuredRoutes = Readonly<Record<string, Readonly<Record<string, number | null>>>>;
export const DIRECT = 'direct';

/**
 * chrF points a route through an intermediate language must gain over the direct direction to replace it: a pivot
 * doubles the work and puts the text through two sets of rules, so it must be better by more than the test set can
 * tell apart. Measured (bench/translate-routes.ts, jackknife over the twelve sentences), the difference between a
 * route's two best candidates has a standard error of 4.3 chrF (median over routes): a smaller gain is noise.
 */
export const DIRECT_MARGIN = 4;

/**
 * Intermediate languages to try first when no measurement decides (a route the benchmark has not scored, on a
 * machine with other pairs installed): the best-covered hubs of the Apertium pairs first (most pairs are to or
 * from English or Spanish), then alphabetical, so that a route never depends on the order the mode files were read in.
 */
export const PREFERRED_PIVOTS: readonly string[] = ['en', 'es'];

/**
 * The one place routes are chosen. Every pair of installed languages gets a route when its own direction is
 * installed or one intermediate language m joins them (source->m and m->target both installed). Longer chains
 * are not offered: each leg loses quality, and two are already the limit of what rule-based output survives.
 *
 * Among the candidates (the direct direction and each intermediate language), the one with the highest measured
 * chrF wins (the direct one with DIRECT_MARGIN in hand), so English to French goes through whichever of Spanish or
 * Catalan translated the everyday sentences better, not through the first one found. A measured candidate beats an unmeasured one (it is known to work);
 * when none is measured, the direct direction comes first, then PREFERRED_PIVOTS, then alphabetical. The chosen
 * route carries its score.
 */
export function buildRoutes(directions: ReadonlyArray<{ source: string; target: string }>, measured: MeasuredRoutes = {}): TranslationRoute[] {
  const direct = new Set(directions.map(({ source, target }) => `${source}>${target}`));
  const languages = [...new Set(directions.flatMap(({ source, target }) => [source, target]))].sort();
  const pivots = [...PREFERRED_PIVOTS.filter((code) => languages.includes(code)), ...languages.filter((code) => !PREFERRED_PIVOTS.includes(code))];
  const routes: TranslationRoute[] = [];
  for (const source of languages) {
    for (const target of languages) {
      if (source === target || oneApertiumLanguage(source, target)) continue;
      const candidates = [
        ...(direct.has(`${source}>${target}`) ? [DIRECT] : []),
        ...pivots.filter((pivot) => pivot !== source && pivot !== target && direct.has(`${source}>${pivot}`) && direct.has(`${pivot}>${target}`)),
      ];
      if (!candidates.length) continue;
      const scores = measured[`${source}>${target}`] ?? {};
      // The direct direction counts DIRECT_MARGIN more: a pivot doubles the work and the text passes two sets of rules.
      const rank = (via: string) => (scores[via] ?? -1000) + (via === DIRECT && typeof scores[via] === 'number' ? DIRECT_MARGIN : 0);
      // Stable sort: unmeasured candidates keep the fallback order among themselves, after every measured one.
      const [best] = candidates.filter((via) => scores[via] !== null).sort((a, b) => rank(b) - rank(a));
      if (best === undefined) continue;
      const score = scores[best] ?? undefined;
      routes.push({ source, target, direct: best === DIRECT, ...(best === DIRECT ? {} : { via: best }), ...(score === undefined ? {} : { score }) });
    }
  }
  return routes;
}

/** Every candidate route between installed languages, as the benchmark scores them: [source, via|DIRECT, target]. */
export function candidateRoutes(directions: ReadonlyArray<{ source: string; target: string }>): Array<{ source: string; target: string; via: string }> {
  const direct = new Set(directions.map(({ source, target }) => `${source}>${target}`));
  const languages = [...new Set(directions.flatMap(({ source, target }) => [source, target]))].sort();
  const out: Array<{ source: string; target: string; via: string }> = [];
  for (const source of languages) {
    for (const target of languages) {
      if (source === target || oneApertiumLanguage(source, target)) continue;
      if (direct.has(`${source}>${target}`)) out.push({ source, target, via: DIRECT });
      for (const pivot of languages) {
        if (pivot !== source && pivot !== target && direct.has(`${source}>${pivot}`) && direct.has(`${pivot}>${target}`)) out.push({ source, target, via: pivot });
      }
    }
  }
  return out;
}

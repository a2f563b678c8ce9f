// Translation routes by measured quality: every candidate route between the installed Apertium languages (the
// pair's own direction, and each intermediate language that joins two installed directions) translates the
// project's everyday sentences (packages/translate-engine/data/everyday-sentences.json: the same twelve in
// every language) and is scored with chrF against the target language's twelve. The engine's route choice
// (buildRoutes of @docsvc/translate-engine, the one owner of it) then takes the best-scoring candidate; this
// benchmark prints every candidate's score, the choice, and where the choice differs from the unmeasured rule
// (direct, else English, else Spanish, else alphabetical: what the service did before).
// Run: npm run bench -- translate-routes (or node bench/translate-routes.ts after npm run build).
// BENCH_ROUTES_WRITE=1 writes the scores into packages/translate-engine/src/measured-routes.ts, the table the
// service chooses its routes from (rebuild then). BENCH_ROUTES_ONLY=en,fr limits the run to routes from or to
// those languages (a quick look; never written).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApertiumEngine, buildRoutes, candidateRoutes, corpusChrf, DIRECT, DIRECT_MARGIN, FAILED_DIRECTIONS, MEASURED_ROUTES } from '@docsvc/translate-engine';
import { main, median, onCleanup, percentile, report, ROOT, round, versions } from './lib/common.ts';

const log = (msg: string) => console.error(`[translate-routes] ${msg}`);
const SENTENCES_FILE = path.join(ROOT, 'packages/translate-engine/data/everyday-sentences.json');
const TABLE_FILE = path.join(ROOT, 'packages/translate-engine/src/measured-routes.ts');

interface Candidate {
  source: string;
  target: string;
  via: string;
  /** chrF; null when the candidate failed. */
  score?: number | null;
  msPerSentence?: number;
  /** Jackknife standard error of the score (leave one sentence out): how far twelve sentences pin it down. */
  standardError?: number;
  /** The translations, for the paired comparison of candidates. */
  hypotheses?: string[];
}

/** Leave-one-sentence-out scores of a statistic of the test set. */
const leaveOneOut = (n: number, statistic: (keep: (i: number) => boolean) => number) => Array.from({ length: n }, (_, left) => statistic((i) => i !== left));

/** Jackknife standard error from leave-one-out values. */
function jackknifeError(values: number[]): number {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  return Math.sqrt(((n - 1) / n) * values.reduce((sum, v) => sum + (v - mean) ** 2, 0));
}

const chrfOf = (hypotheses: string[], references: string[], keep: (i: number) => boolean) => corpusChrf(hypotheses.filter((_, i) => keep(i)), references.filter((_, i) => keep(i)));

await main(async () => {
  const { sentences } = JSON.parse(readFileSync(SENTENCES_FILE, 'utf8')) as { sentences: Record<string, string[]> };
  const only = (process.env.BENCH_ROUTES_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const write = process.env.BENCH_ROUTES_WRITE === '1';
  if (write && only.length) throw new Error('BENCH_ROUTES_WRITE=1 writes the whole table: unset BENCH_ROUTES_ONLY');

  const probe = await ApertiumEngine.create({ measured: {}, failedDirections: {} });
  const directions = probe.directions();
  await probe.close();

  // First each installed direction alone, on its source language's sentences: one that crashes or does not
  // answer (Debian bookworm: ukr-rus's tagger aborts, hbs-mkd outputs nothing) is recorded as failed and left
  // out of every candidate. A fresh engine per direction, so that one failure cannot hold another's pipelines.
  const failed: Record<string, string> = {};
  const t0 = performance.now();
  const picked = (c: { source: string; target: string }) => !only.length || only.includes(c.source) || only.includes(c.target);
  const legs = new Set(candidateRoutes(directions).filter(picked).flatMap((c) => (c.via === DIRECT ? [`${c.source}>${c.target}`] : [`${c.source}>${c.via}`, `${c.via}>${c.target}`])));
  for (const d of directions) {
    const input = sentences[d.source];
    if (!input || !legs.has(`${d.source}>${d.target}`)) continue;
    const engine = await ApertiumEngine.create({ poolSize: 1, measured: {}, failedDirections: {}, unitTimeoutMs: 5_000, startTimeoutMs: 20_000 });
    try {
      await engine.translateThrough(input, [d.source, d.target]);
    } catch (error) {
      failed[`${d.source}>${d.target}`] = `${d.mode}: ${(error as Error).message.replace(/^translation engine: /, '')}`;
      log(`${d.source}>${d.target} (${d.mode}) failed: ${(error as Error).message}`);
    } finally {
      await engine.close();
    }
  }
  log(`${directions.length} directions checked in ${Math.round((performance.now() - t0) / 1000)} s; ${Object.keys(failed).length} failed`);
  const working = directions.filter((d) => !failed[`${d.source}>${d.target}`]);

  const candidates: Candidate[] = candidateRoutes(working).filter(picked);
  const unscorable = [...new Set(candidates.flatMap((c) => [c.source, c.target]).filter((code) => !sentences[code]))];
  log(`${working.length} working directions, ${candidates.length} candidate routes${unscorable.length ? `; no sentences for ${unscorable.join(', ')} (those routes stay unscored)` : ''}`);

  // One engine per source language, closed before the next: every direction's pipeline warm at once would be
  // about 80 pipelines of 6-12 processes each.
  const sources = [...new Set(candidates.map((c) => c.source))].sort();
  for (const source of sources) {
    const engine = await ApertiumEngine.create({ poolSize: 1, measured: {}, failedDirections: failed });
    const closeEngine = () => engine.close();
    onCleanup(closeEngine);
    for (const candidate of candidates.filter((c) => c.source === source)) {
      const input = sentences[candidate.source];
      const reference = sentences[candidate.target];
      if (!input || !reference) continue;
      const through = candidate.via === DIRECT ? [candidate.source, candidate.target] : [candidate.source, candidate.via, candidate.target];
      try {
        await engine.translateThrough(input.slice(0, 1), through); // untimed: pipelines start
        const started = performance.now();
        const out = await engine.translateThrough(input, through);
        candidate.msPerSentence = (performance.now() - started) / input.length;
        const hypotheses = out.map((o) => o.text);
        candidate.score = round(corpusChrf(hypotheses, reference), 2);
        candidate.standardError = jackknifeError(leaveOneOut(hypotheses.length, (keep) => chrfOf(hypotheses, reference, keep)));
        candidate.hypotheses = hypotheses;
      } catch (error) {
        // Each leg works alone (checked above), so the relayed text broke the second: never choose this candidate.
        candidate.score = null;
        log(`${through.join('>')} failed: ${(error as Error).message}`);
      }
    }
    await engine.close();
    log(`${source}: done (${Math.round((performance.now() - t0) / 1000)} s)`);
  }

  const measured: Record<string, Record<string, number | null>> = {};
  for (const c of candidates) if (c.score !== undefined) (measured[`${c.source}>${c.target}`] ??= {})[c.via] = c.score;
  const chosen = buildRoutes(working, measured);
  // What the service did before: the first candidate found, every installed direction taken as working.
  const unmeasuredRule = buildRoutes(directions, {});
  const committed = buildRoutes(directions.filter((d) => !FAILED_DIRECTIONS[`${d.source}>${d.target}`]), MEASURED_ROUTES);
  const viaOf = (r: { direct: boolean; via?: string } | undefined) => (r ? (r.direct ? DIRECT : r.via!) : '-');
  const find = (list: typeof chosen, source: string, target: string) => list.find((r) => r.source === source && r.target === target);

  const rows = chosen
    .filter((r) => measured[`${r.source}>${r.target}`])
    .map((r) => {
      const scores = measured[`${r.source}>${r.target}`]!;
      const before = find(unmeasuredRule, r.source, r.target);
      return {
        route: `${r.source}>${r.target}`,
        chosen: viaOf(r),
        chrF: r.score ?? '-',
        candidates: Object.entries(scores)
          .sort((a, b) => (b[1] ?? -1) - (a[1] ?? -1))
          .map(([via, score]) => `${via} ${score ?? 'failed'}`)
          .join(', '),
        unmeasured_rule: viaOf(before),
        gain: before && r.score !== undefined ? round(r.score - (scores[viaOf(before)] ?? 0), 2) : 0,
      };
    });
  const changed = rows.filter((row) => row.chosen !== row.unmeasured_rule);
  if (Object.keys(failed).length) console.log(`directions that failed and are left out: ${Object.entries(failed).map(([key, why]) => `${key} (${why})`).join('; ')}`);
  const stale = chosen.filter((r) => viaOf(find(committed, r.source, r.target)) !== viaOf(r)).map((r) => `${r.source}>${r.target}`);
  const scores = chosen.map((r) => r.score).filter((s): s is number => s !== undefined);
  const meanOf = (values: number[]) => (values.length ? round(values.reduce((a, b) => a + b, 0) / values.length, 2) : 0);
  const beforeScores = chosen.map((r) => measured[`${r.source}>${r.target}`]?.[viaOf(find(unmeasuredRule, r.source, r.target))]).filter((s): s is number => typeof s === 'number');
  const enFr = rows.find((row) => row.route === 'en>fr');

  console.log(`${rows.length} routes scored (${candidates.filter((c) => c.score !== undefined).length} candidates); the measured choice differs from the unmeasured rule on ${changed.length}:`);
  if (changed.length) console.table(changed.map(({ route, chosen: via, chrF, unmeasured_rule, gain }) => ({ route, chosen: via, chrF, unmeasured_rule, gain })));
  if (enFr) console.log(`en>fr: ${enFr.chosen} ${enFr.chrF} (candidates: ${enFr.candidates}); before: ${enFr.unmeasured_rule}`);
  const errors = candidates.map((c) => c.standardError).filter((e): e is number => e !== undefined);
  // The choice compares candidates on the same sentences: the error that matters is that of their difference.
  const differenceErrors: number[] = [];
  for (const r of chosen) {
    const scored = candidates.filter((c) => c.source === r.source && c.target === r.target && c.hypotheses);
    if (scored.length < 2) continue;
    const [first, second] = [...scored].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    const reference = sentences[r.target]!;
    differenceErrors.push(jackknifeError(leaveOneOut(reference.length, (keep) => chrfOf(first!.hypotheses!, reference, keep) - chrfOf(second!.hypotheses!, reference, keep))));
  }
  console.log(`standard error (jackknife over the sentences) of a route's score: median ${round(median(errors), 2)}, 90th percentile ${round(percentile(errors, 90), 2)} chrF; of the difference between a route's two best candidates: median ${round(median(differenceErrors), 2)}, 90th percentile ${round(percentile(differenceErrors, 90), 2)}; a pivot must beat the direct direction by ${DIRECT_MARGIN}`);
  console.log(`mean chrF of the chosen routes ${meanOf(scores)} (the unmeasured rule's: ${meanOf(beforeScores)}); direct routes ${meanOf(chosen.filter((r) => r.direct && r.score !== undefined).map((r) => r.score!))}, through a pivot ${meanOf(chosen.filter((r) => !r.direct && r.score !== undefined).map((r) => r.score!))}`);
  if (!write) console.log(stale.length ? `the committed table (measured-routes.ts) chooses differently on ${stale.length} routes (${stale.slice(0, 12).join(', ')}${stale.length > 12 ? ', ...' : ''}): BENCH_ROUTES_WRITE=1 writes the new one` : 'the committed table (measured-routes.ts) makes the same choices');

  if (write) {
    const sorted = Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b)).map(([route, byVia]) => [route, Object.fromEntries(Object.entries(byVia).sort(([a], [b]) => a.localeCompare(b)))]));
    const v = versions('apertium');
    const meta = { date: new Date().toISOString().slice(0, 10), apertium: v.apertium ?? 'unknown', sentences: 'data/everyday-sentences.json', metric: 'chrF2 (character 1-6-grams, beta 2), corpus level' };
    writeFileSync(
      TABLE_FILE,
      `// Written by bench/translate-routes.ts (BENCH_ROUTES_WRITE=1); not edited by hand.\n` +
        `import type { MeasuredRoutes } from './routes.js';\n\n` +
        `/** What the scores were measured with. */\n` +
        `export const MEASURED_WITH = ${JSON.stringify(meta, null, 2)} as const;\n\n` +
        `/** chrF of each candidate route ('direct' or the intermediate language) on data/everyday-sentences.json. */\n` +
        `export const MEASURED_ROUTES: MeasuredRoutes = ${JSON.stringify(sorted, null, 2)};\n\n` +
        `/** Directions that failed the benchmark (a stage crashed, or no answer came): left out of every route. */\n` +
        `export const FAILED_DIRECTIONS: Readonly<Record<string, string>> = ${JSON.stringify(Object.fromEntries(Object.entries(failed).sort()), null, 2)};\n`,
    );
    console.log(`wrote ${path.relative(ROOT, TABLE_FILE)} (${Object.keys(sorted).length} routes); rebuild @docsvc/translate-engine for the service to use it`);
  }

  report(
    'translate-routes',
    rows.map(({ route, chosen: via, chrF, candidates: all }) => ({ route, chosen: via, chrF, candidates: all })),
    {
      sentences_per_language: sentences.en?.length ?? 0,
      directions: directions.length,
      routes: chosen.length,
      routes_scored: rows.length,
      candidates_scored: candidates.filter((c) => c.score !== undefined).length,
      mean_chrf: meanOf(scores),
      score_standard_error: { median: round(median(errors), 2), p90: round(percentile(errors, 90), 2) },
      best_two_difference_standard_error: { median: round(median(differenceErrors), 2), p90: round(percentile(differenceErrors, 90), 2), routes: differenceErrors.length },
      direct_margin: DIRECT_MARGIN,
      mean_chrf_unmeasured_rule: meanOf(beforeScores),
      changed_by_measurement: changed.map(({ route, chosen: via, unmeasured_rule, gain }) => ({ route, via, before: unmeasured_rule, gain })),
      en_fr: enFr ? { via: enFr.chosen, chrf: enFr.chrF, before: enFr.unmeasured_rule, candidates: measured['en>fr'] } : null,
      ms_per_sentence_median: round(median(candidates.map((c) => c.msPerSentence).filter((ms): ms is number => ms !== undefined)) || 0, 2),
      failed_directions: failed,
      committed_table_stale: write ? [] : stale,
      written: write,
    },
    ['apertium'],
  );
});

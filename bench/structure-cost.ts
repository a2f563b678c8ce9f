// What asking for the structure costs a dense scanned page, through the API: the same pages posted to
// POST /v1/vision/ocr with and without `features: ["tables", "key_value_pairs"]`, one request at a
// time, in alternating order round by round, and the wall time of each. The structure (lines found
// and taken off the page, the layout, the look for ink left unread) and the second recognitions it
// asks for (ink left unread, figures read unlike their column) are all in the difference. Pages: the
// densest of ../shared/data/tables-dev (5 pages of 3-5 s of OCR each) rendered gray at 300 DPI (gray TIFF), or,
// in a fresh clone, the widest of the synthetic government tables; and a dense page of prose with no
// table (BENCH_COST_PROSE=0: not). Target (issue 21): structure adds
// at most 5% to a dense page's OCR time.
// Run: npm run bench -- structure-cost (BENCH_COST_ROUNDS: rounds, 3; BENCH_COST_WARMUP: rounds first not counted, 2; BENCH_COST_PAGES: how many pages, 5;
// BENCH_COST_ONLY: pages whose names start so, comma-separated; BENCH_COST_SOURCE=government: the
// government tables even where tables-dev is present; BENCH_KEEP_LOGS=1: the service's logs kept).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { rasterizePdfPage } from '@docsvc/documents';
import { ROOT, envInt, main, median, report, round } from './lib/common.ts';
import { writeGovernmentTables } from './lib/government-tables.ts';
import { proseLines, renderLines } from '../test/fixtures/render-text.ts';
import { readLogEntries, startPieces } from './lib/stack.ts';

const ROUNDS = envInt('BENCH_COST_ROUNDS', 3);
const WARMUP = envInt('BENCH_COST_WARMUP', 2);
const DEV = path.join(ROOT, '..', 'shared', 'data', 'tables-dev');
const DENSE_DEV = ['frx_2012_disclosure', 'argentina_diputados_voting_record', 'schools', 'indictb1h_14', 'Publication_of_award_of_Bids_for_Transport_Sector__August_2016'];
const DENSE_GOVERNMENT = ['monthly_wide', 'eurostat_years', 'landscape_turned', 'census_age', 'trade_levels'];
const FEATURES = ['tables', 'key_value_pairs'];

await main(async () => {
  let dir = DEV;
  let names = DENSE_DEV;
  if (!existsSync(DEV) || process.env.BENCH_COST_SOURCE === 'government') {
    dir = mkdtempSync(path.join(tmpdir(), 'cost-tables-'));
    writeGovernmentTables(dir);
    names = DENSE_GOVERNMENT;
  }
  const only = (process.env.BENCH_COST_ONLY ?? '').split(',').filter(Boolean);
  names = only.length ? names.filter((n) => only.some((o) => n.startsWith(o))) : names.slice(0, envInt('BENCH_COST_PAGES', 5));
  const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 };
  // A gray TIFF stating 300 DPI, as a scanner in gray mode writes it (sharp's PNG of these pixels would be RGB).
  const grayTiff = (image: { width: number; height: number; data: Uint8Array }) =>
    sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 1 } }).toColourspace('b-w').tiff({ compression: 'lzw', xres: 300 / 25.4, yres: 300 / 25.4, resolutionUnit: 'inch' }).toBuffer();
  const pages = await Promise.all(
    names.map(async (name) => {
      const { image } = await rasterizePdfPage(new Uint8Array(readFileSync(path.join(dir, `${name}.pdf`))), 1, { dpi: 300, limits });
      return { name, file: await grayTiff(image) };
    }),
  );
  // And a dense page of prose (50 lines of 84 characters, 10 pt at 300 DPI), no table on it: what asking costs a page without one.
  if (process.env.BENCH_COST_PROSE !== '0') {
    const { image } = await renderLines(proseLines(50, 84), { width: 2550, height: 3300, fontSize: 42, lineHeight: 60, left: 150, top: 150, font: 'DejaVu Serif' });
    pages.push({ name: 'dense_prose', file: await grayTiff(image) });
    names.push('dense_prose');
  }
  const service = await startPieces();
  // One page at a time: the time of a page, not of two sharing the cores.
  await Promise.all([service.startApp('worker-pdf'), service.startApp('worker-ocr', { OCR_CONCURRENCY: '1' })]);
  const post = async (name: string, features: boolean) => {
    const t0 = performance.now();
    const response = await fetch(`${service.baseUrl}/v1/vision/ocr`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file_store_key: `bench/cost/${name}.tif`, ...(features ? { features: FEATURES } : {}) }),
    });
    const body = (await response.json()) as { tables?: unknown[] };
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (features && name !== 'dense_prose' && !body.tables?.length) throw new Error(`${name}: no table found`);
    return performance.now() - t0;
  };
  for (const { name, file } of pages) await service.api.upload(`bench/cost/${name}.tif`, file);
  // Warm: each page both ways, WARMUP times (models loaded, caches filled, the worker's code compiled
  // as a worker that has read a few dozen pages has it: its first pages take the lines off up to twice as slowly).
  for (let w = 0; w < WARMUP; w++) {
    for (const { name } of pages) {
      await post(name, false);
      await post(name, true);
    }
  }
  const times = new Map(names.map((n) => [n, { plain: [] as number[], structure: [] as number[] }]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const { name } of pages) {
      const t = times.get(name)!;
      const order = r % 2 === 0 ? [false, true] : [true, false];
      for (const features of order) (features ? t.structure : t.plain).push(await post(name, features));
    }
  }
  const logged = readLogEntries(service.logFile).filter((e) => e.msg === 'page recognised');
  await service.stop();
  const rows = names.map((name) => {
    const t = times.get(name)!;
    const plain = median(t.plain);
    const structure = median(t.structure);
    return { page: name.slice(0, 40), 'ms plain (median)': round(plain), 'ms with structure': round(structure), added: round(structure - plain), 'added share': `${round(((structure - plain) / plain) * 100, 1)}%` };
  });
  // This machine's speed moves by up to half over minutes (other tenants): each round's pair of
  // requests (back to back) compared with each other, the median of those shares, beside the share of the medians.
  const pairShares = names.flatMap((name) => {
    const t = times.get(name)!;
    return t.plain.map((p, i) => (t.structure[i]! - p) / p);
  });
  const plainAll = rows.reduce((s, r) => s + r['ms plain (median)'], 0);
  const added = rows.reduce((s, r) => s + r.added, 0);
  const share = added / plainAll;
  const layoutMs = logged.map((e) => Number(e.layout_ms)).filter((n) => Number.isFinite(n) && n > 0);
  console.log(`structure through the API on ${names.length} dense 300-DPI pages, ${ROUNDS} rounds: ${round(added / names.length)} ms a page added to ${round(plainAll / names.length)} ms = ${round(share * 100, 1)}% (target <= 5%); median of the ${pairShares.length} pairs' shares ${round(median(pairShares) * 100, 1)}%; worker's layout_ms median ${round(median(layoutMs))}`);
  report('structure-cost', rows, { pages: names.length, rounds: ROUNDS, warmup_rounds: WARMUP, source: dir === DEV ? 'tables-dev' : 'government', plain_ms_per_page: round(plainAll / names.length), added_ms_per_page: round(added / names.length), added_share: round(share, 3), median_pair_share: round(median(pairShares), 3), target: 0.05 }, ['tesseract']);
});

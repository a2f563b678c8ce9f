// Fields of receipts through the service: ../shared/data/receipts-dev (SROIE receipts NNN.jpg with
// their true company, date, address and total in NNN.json) sent to POST /v1/vision/ocr with
// prompt ["company","date","address","total"]; per field, how often the answer's best value
// (`fields`, the same as context[name][0]) equals the truth exactly, loosely (letters and digits,
// case ignored), and how often the recognised text holds the true value at all (what recognition
// allows). Targets (issue 22, on receipts of other vendors): loose >= 0.80 over the four fields,
// date >= 0.90, total >= 0.85; field extraction <= 20 ms a page.
// Run: npm run bench -- fields (BENCH_FIELDS_DIR: another folder of NNN.jpg + NNN.json;
// BENCH_FIELDS_LIMIT: the first N receipts; BENCH_FIELDS_SHOW=1: print every miss).
// BENCH_FIELDS_KEEP=<folder>: each receipt's page result as worker-ocr returned it (every reading of
// the page) kept there as NNN.json; BENCH_FIELDS_FROM=<that folder>: the answers built again from them,
// without the service (seconds, not minutes: what a change to finding fields does, recognition fixed).
// BENCH_FIELDS_TRANSCRIBED=<file.jsonl>: receipts as their annotators transcribed them (SROIE in
// JSON lines: `words` segments with `bboxes`, the true `entities`), each segment's words spread over
// its box and read as a perfect reading: finding fields alone, on vendors beyond ../shared's, without
// the service. Addresses are counted only where the copy holds them whole (such copies keep a segment
// only up to its first comma).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { QueueEvents } from 'bullmq';
import { fieldsAnswer } from '@docsvc/assembly';
import { QUEUES } from '@docsvc/queue';
import type { OcrPageResult } from '@docsvc/schemas';
import { ROOT, envInt, main, pool, report, round } from './lib/common.ts';
import { readLogEntries, startPieces } from './lib/stack.ts';

const DIR = process.env.BENCH_FIELDS_DIR || path.join(ROOT, '..', 'shared', 'data', 'receipts-dev');
const FIELDS = ['company', 'date', 'address', 'total'] as const;
const loose = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const KEEP = process.env.BENCH_FIELDS_KEEP;
const FROM = process.env.BENCH_FIELDS_FROM;
const TRANSCRIBED = process.env.BENCH_FIELDS_TRANSCRIBED;
type Stats = Record<string, { exact: number; loose: number; inText: number }>;

/** One receipt's answer against its truth, counted into `stats`; `text` is the first reading's (the answer's) text. */
function count(stats: Stats, name: string, fields: Record<string, { value: string } | null>, text: string): void {
  const truth = JSON.parse(readFileSync(path.join(DIR, name.replace(/\.(jpg|json)$/, '.json')), 'utf8')) as Record<string, string>;
  for (const field of FIELDS) {
    const want = truth[field] ?? '';
    const got = fields[field]?.value ?? '';
    const s = stats[field]!;
    if (got === want) s.exact++;
    if (loose(got) === loose(want)) s.loose++;
    else if (process.env.BENCH_FIELDS_SHOW) console.log(`${name} ${field}: want ${JSON.stringify(want)} got ${JSON.stringify(got)}`);
    if (loose(text).includes(loose(want))) s.inText++;
  }
}
const pageText = (page: Pick<OcrPageResult, 'sections'>) => page.sections.map((s) => s.lines.map((l) => l.words.map((w) => w[0]).join(' ')).join(' ')).join(' ');

/** The answers built again from kept page results (BENCH_FIELDS_KEEP), as the API builds them: no service. */
function fromKept(folder: string, stats: Stats): { n: number; ms: number } {
  const names = readdirSync(folder).filter((f) => f.endsWith('.json')).sort().slice(0, envInt('BENCH_FIELDS_LIMIT', 10_000));
  const pages = names.map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as OcrPageResult);
  for (const page of pages) fieldsAnswer([page], [...FIELDS]);
  const t0 = performance.now();
  const answers = pages.map((page) => fieldsAnswer([page], [...FIELDS])!);
  const ms = (performance.now() - t0) / Math.max(1, pages.length);
  answers.forEach((answer, i) => count(stats, names[i]!, answer.fields, pageText(pages[i]!)));
  return { n: names.length, ms };
}

interface Transcribed {
  key: string;
  image_size: { width: number; height: number };
  entities: Record<string, string>;
  words: string[];
  bboxes: Array<[number, number, number, number]>;
}

/** A transcribed receipt as a page read perfectly: a line a segment, its words spread over its box by their characters. */
function transcribedPage(receipt: Transcribed): OcrPageResult {
  const lines = receipt.words
    .map((text, i) => ({ text, box: receipt.bboxes[i]! }))
    .filter((l) => l.text.trim() !== '')
    .sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0])
    .map(({ text, box: [x0, y0, x1, y1] }) => {
      const parts = text.trim().split(/\s+/);
      const chars = parts.reduce((n, p) => n + p.length, 0) + parts.length - 1;
      let at = 0;
      const words = parts.map((part) => {
        const left = x0 + ((x1 - x0) * at) / chars;
        at += part.length + 1;
        return [part, Math.round(left), y0, Math.round(x0 + ((x1 - x0) * (at - 1)) / chars), y1, 0.95] as [string, number, number, number, number, number];
      });
      return { box: [x0, y0, x1, y1] as [number, number, number, number], words };
    });
  return { page: 1, source: 'ocr', width: receipt.image_size.width, height: receipt.image_size.height, engineMs: 0, sections: [{ page: 1, lines }] };
}

/**
 * Whether a transcription holds the true address whole: a run of consecutive segments (top to bottom)
 * that is it, letters and digits (copies that keep a segment only up to its first comma lose the rest).
 */
function addressWhole(receipt: Transcribed, page: OcrPageResult): boolean {
  const want = loose(receipt.entities.address ?? '');
  const rows = page.sections.flatMap((s) => s.lines.map((l) => loose(l.words.map((w) => w[0]).join(''))));
  return (
    want !== '' &&
    rows.some((_, i) => {
      let run = '';
      for (const row of rows.slice(i)) {
        run += row;
        if (run.length >= want.length) return run === want;
      }
      return false;
    })
  );
}

/** Finding fields on transcribed receipts (BENCH_FIELDS_TRANSCRIBED): all of them, and those of vendors not in DIR. */
function fromTranscribed(file: string): void {
  const receipts = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Transcribed);
  const devCompanies = new Set(existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.json')).map((f) => loose((JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Record<string, string>).company ?? '')) : []);
  const counted = ['company', 'date', 'total'] as const;
  const newGroup = () => ({ n: 0, loose: { company: 0, date: 0, total: 0 }, exact: { company: 0, date: 0, total: 0 }, addresses: 0, addressLoose: 0 });
  const groups = { all: newGroup(), 'vendors not in the dev set': newGroup() };
  let ms = 0;
  for (const receipt of receipts) {
    const page = transcribedPage(receipt);
    const t0 = performance.now();
    const fields = fieldsAnswer([page], [...FIELDS])!.fields;
    ms += performance.now() - t0;
    const other = !devCompanies.has(loose(receipt.entities.company ?? ''));
    for (const [name, group] of Object.entries(groups)) {
      if (name !== 'all' && !other) continue;
      group.n++;
      for (const field of counted) {
        const want = receipt.entities[field] ?? '';
        const got = fields[field]?.value ?? '';
        if (got === want) group.exact[field]++;
        if (loose(got) === loose(want)) group.loose[field]++;
        else if (name === 'all' && process.env.BENCH_FIELDS_SHOW) console.log(`${receipt.key}${other ? '' : ' (dev vendor)'} ${field}: want ${JSON.stringify(want)} got ${JSON.stringify(got)}`);
      }
      // The address only where the transcription holds it whole.
      if (!addressWhole(receipt, page)) continue;
      group.addresses++;
      const got = fields.address?.value ?? '';
      if (loose(got) === loose(receipt.entities.address ?? '')) group.addressLoose++;
      else if (name === 'all' && process.env.BENCH_FIELDS_SHOW) console.log(`${receipt.key}${other ? '' : ' (dev vendor)'} address: want ${JSON.stringify(receipt.entities.address)} got ${JSON.stringify(got)}`);
    }
  }
  const rows = Object.entries(groups).map(([name, g]) => ({
    receipts: name,
    n: g.n,
    ...Object.fromEntries(counted.map((f) => [`${f} loose`, round(g.loose[f] / Math.max(1, g.n), 3)])),
    ...Object.fromEntries(counted.map((f) => [`${f} exact`, round(g.exact[f] / Math.max(1, g.n), 3)])),
    'address loose (whole)': `${round(g.addressLoose / Math.max(1, g.addresses), 3)} of ${g.addresses}`,
  }));
  report('fields-transcribed', rows, { file: path.basename(file), rows, extraction_ms_per_page: round(ms / Math.max(1, receipts.length), 2) }, []);
}

interface Answer {
  context: Record<string, string[]>;
  fields: Record<string, { value: string } | null>;
  sections: Array<{ page: number; lines: Array<{ text: string; words: Array<{ text: string; bounds: { top_left: { x: number; y: number }; bottom_right: { x: number; y: number } }; confidence: number }> }> }>;
  pages: Array<{ page: number; width: number; height: number }>;
}

/** The figures: per field, and the JSON line. */
function print(n: number, stats: Stats, timing: Record<string, unknown>): void {
  const rows = FIELDS.map((field) => ({ field, exact: round(stats[field]!.exact / n, 3), loose: round(stats[field]!.loose / n, 3), 'value in recognised text': round(stats[field]!.inText / n, 3) }));
  const meanLoose = rows.reduce((s, r) => s + r.loose, 0) / rows.length;
  rows.push({ field: '(mean)' as never, exact: round(rows.reduce((s, r) => s + r.exact, 0) / rows.length, 3), loose: round(meanLoose, 3), 'value in recognised text': round(rows.reduce((s, r) => s + r['value in recognised text'], 0) / rows.length, 3) });
  report(
    'fields',
    rows,
    {
      receipts: n,
      loose_mean: round(meanLoose, 3),
      loose: Object.fromEntries(rows.slice(0, 4).map((r) => [r.field, r.loose])),
      exact: Object.fromEntries(rows.slice(0, 4).map((r) => [r.field, r.exact])),
      value_in_text: Object.fromEntries(rows.slice(0, 4).map((r) => [r.field, r['value in recognised text']])),
      ...timing,
      targets: { loose_mean: 0.8, date: 0.9, total: 0.85, extraction_ms_per_page: 20 },
    },
    ['tesseract'],
  );
}

/** The page result worker-ocr returned for an answer (BENCH_FIELDS_KEEP): the one whose first reading is the answer's words. */
async function keptResult(results: Map<string, unknown>, answer: Answer): Promise<string | undefined> {
  const words = answer.sections.map((s) => s.lines.map((l) => l.words.map((w) => w.text).join(' ')).join(' ')).join(' ');
  for (let tries = 0; tries < 40; tries++) {
    for (const [id, value] of results) {
      const json = typeof value === 'string' ? value : JSON.stringify(value);
      if (pageText(JSON.parse(json) as OcrPageResult) === words) {
        results.delete(id);
        return json;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

await main(async () => {
  if (TRANSCRIBED) {
    fromTranscribed(TRANSCRIBED);
    return;
  }
  if (!existsSync(DIR)) {
    console.log(`fields: ${DIR} is absent (a fresh clone has no ../shared); nothing measured`);
    return;
  }
  const stats: Stats = Object.fromEntries(FIELDS.map((f) => [f, { exact: 0, loose: 0, inText: 0 }]));
  if (FROM) {
    const { n, ms } = fromKept(FROM, stats);
    console.log(`answers built again from the page results kept in ${FROM} (every reading's words looked in, warm): ${round(ms, 2)} ms a page`);
    print(n, stats, { from_kept: FROM, answer_ms_per_page_kept: round(ms, 2) });
    return;
  }
  const names = readdirSync(DIR).filter((f) => f.endsWith('.jpg')).sort().slice(0, envInt('BENCH_FIELDS_LIMIT', 10_000));
  const service = await startPieces();
  await Promise.all([service.startApp('worker-pdf'), service.startApp('worker-ocr')]);
  // Every page result worker-ocr returns, by job, while it is looked for (BENCH_FIELDS_KEEP).
  const results = new Map<string, unknown>();
  const events = KEEP ? new QueueEvents(QUEUES.ocr, { connection: { url: service.redisUrl }, prefix: service.prefix }) : undefined;
  if (events && KEEP) {
    mkdirSync(KEEP, { recursive: true });
    events.on('completed', ({ jobId, returnvalue }) => results.set(jobId, returnvalue));
    await events.waitUntilReady();
  }
  let extractionMs = 0;
  let kept = 0;
  await pool(names, 2, async (name) => {
    const key = `bench/fields/${name}`;
    await service.api.upload(key, readFileSync(path.join(DIR, name)));
    const response = await fetch(`${service.baseUrl}/v1/vision/ocr`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file_store_key: key, prompt: FIELDS }),
    });
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    const answer = (await response.json()) as Answer;
    count(stats, name, answer.fields, answer.sections.map((s) => s.lines.map((l) => l.text).join(' ')).join(' '));
    if (KEEP) {
      const json = await keptResult(results, answer);
      if (json) {
        writeFileSync(path.join(KEEP, name.replace(/\.jpg$/, '.json')), json);
        kept++;
      } else console.log(`${name}: its page result was not seen; not kept`);
    }
    // Extraction alone, as the answer is built from the page's words (the same step, timed apart from the request).
    const page: OcrPageResult = {
      page: 1,
      source: 'ocr',
      width: answer.pages[0]!.width,
      height: answer.pages[0]!.height,
      engineMs: 0,
      sections: answer.sections.map((s) => ({ page: s.page, lines: s.lines.map((l) => ({ box: [0, 0, 0, 0], words: l.words.map((w) => [w.text, w.bounds.top_left.x, w.bounds.top_left.y, w.bounds.bottom_right.x, w.bounds.bottom_right.y, w.confidence]) })) })),
    };
    const t0 = performance.now();
    fieldsAnswer([page], [...FIELDS]);
    extractionMs += performance.now() - t0;
  });
  await events?.close();
  if (KEEP) console.log(`page results kept in ${KEEP}: ${kept} of ${names.length} (BENCH_FIELDS_FROM=${KEEP} builds the answers again from them)`);
  // The answer built in the API (the fields found in every reading of each page among it), as it timed it.
  const answerMs = readLogEntries(service.logFile)
    .filter((e) => e.msg === 'ocr done' && typeof e.answer_ms === 'number')
    .map((e) => e.answer_ms as number);
  // Stopped (its processes reaped) before the figures: their CPU is then the bench's own, not "other processes'".
  await service.stop();
  const n = names.length;
  console.log(`answer built in the API (every reading's words looked in): ${round(answerMs.reduce((a, b) => a + b, 0) / Math.max(1, answerMs.length), 2)} ms a page, at most ${round(Math.max(0, ...answerMs), 1)} (target for extraction 20)`);
  print(n, stats, {
    extraction_ms_per_page: round(extractionMs / Math.max(1, n), 2),
    // Every reading's words looked in (the figure above: the first reading's alone), and the rest of the answer built.
    answer_in_api_ms_per_page: { mean: round(answerMs.reduce((a, b) => a + b, 0) / Math.max(1, answerMs.length), 2), max: round(Math.max(0, ...answerMs), 1), answers: answerMs.length },
  });
});

import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { scannedPdf } from '../../../test/fixtures/pdf.js';
import { renderPlaced } from '../../../test/fixtures/render-text.ts';
import { RULED } from '../../../test/fixtures/tables.ts';
import { ALICE, bearer, startApi, type TestApi } from '../../api/test/harness.js';
import { png, prosePage, sampleProse, wordAccuracy, wordsOf } from '../../api/test/ocr-fixtures.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * The docsvc command against a real service (API and workers over real Redis and S3), on a temporary
 * folder of scans and PDFs: outputs mirrored under --out, a corrupt file listed with its code, a second
 * run that does nothing, Ctrl-C that cancels the running job and leaves no partial file, then a resumed
 * run; the progress bars in a real terminal (a pty from util-linux's `script`).
 */
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const run = promisify(execFile);
let api: TestApi;
let workers: RunningWorkers;
let dir: string;
let env: NodeJS.ProcessEnv;
/** The prose of clear/two-pages.pdf's pages (sampleProse seeds). */
const CLEAR_PAGES = [111, 112];
const clearPage = (i: number) => wordsOf(sampleProse(3, CLEAR_PAGES[i]!).join(' '));

beforeAll(async () => {
  api = await startApi();
  workers = await startWorkers(['pdf', 'ocr', 'jobs', 'translate'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2' });
  dir = mkdtempSync(path.join(tmpdir(), 'docsvc-cli-'));
  mkdirSync(path.join(dir, 'in/letters'), { recursive: true });
  const pages = await Promise.all([sampleProse(3, 71), sampleProse(3, 72), sampleProse(3, 73)].map(async (t) => (await prosePage(t, 1000)).image));
  writeFileSync(path.join(dir, 'in/first.png'), await png(pages[0]!));
  writeFileSync(path.join(dir, 'in/letters/two-pages.pdf'), scannedPdf([pages[1]!, pages[2]!], 200));
  writeFileSync(path.join(dir, 'in/letters/notes.txt'), 'not a document: not picked up');
  // Two pages whose every line fits the page, to compare the text printed without --out with the prose.
  mkdirSync(path.join(dir, 'clear'));
  writeFileSync(path.join(dir, 'clear/two-pages.pdf'), scannedPdf(await Promise.all(CLEAR_PAGES.map(async (seed) => (await prosePage(sampleProse(3, seed), 1500)).image)), 200));
  env = { ...process.env, DOCSVC_URL: api.baseUrl, DOCSVC_API_KEY: ALICE };
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const docsvc = async (args: string[], cwd?: string) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env, maxBuffer: 16 * 1024 * 1024, ...(cwd ? { cwd } : {}) });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};
const jobCount = async () => ((await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs?limit=100`, { headers: bearer(ALICE) })).json()) as { jobs: unknown[] }).jobs.length;
const files = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();

describe('docsvc ocr', () => {
  it('writes every format of every document under --out with the same relative paths, and a second run does nothing', async () => {
    const out = path.join(dir, 'out');
    const first = await docsvc(['ocr', path.join(dir, 'in'), '--out', out, '--format', 'text,pdf,json', '--recursive']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^done first\.png: 1 page in/m);
    expect(first.stdout).toMatch(/^done letters\/two-pages\.pdf: 2 pages in/m);
    expect(files(out).filter((f) => !f.startsWith('.docsvc'))).toEqual(['first.json', 'first.pdf', 'first.txt', 'letters/two-pages.json', 'letters/two-pages.pdf', 'letters/two-pages.txt']);
    const answer = JSON.parse(readFileSync(path.join(out, 'letters/two-pages.json'), 'utf8')) as { sections: Array<{ text: string }> };
    expect(wordsOf(readFileSync(path.join(out, 'letters/two-pages.txt'), 'utf8'))).toEqual(wordsOf(answer.sections.map((s) => s.text).join('\n')));
    expect(readFileSync(path.join(out, 'letters/two-pages.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

    const jobs = await jobCount();
    const second = await docsvc(['ocr', path.join(dir, 'in'), '--out', out, '--format', 'text,pdf', '--recursive']);
    expect(second.code).toBe(0);
    expect(second.stdout.trim().split('\n').sort()).toEqual(['skipped first.png: outputs up to date', 'skipped letters/two-pages.pdf: outputs up to date']);
    expect(await jobCount()).toBe(jobs);

    // A changed file is read again; --json prints one object per document.
    writeFileSync(path.join(dir, 'in/first.png'), await png((await prosePage(sampleProse(2, 74), 1000)).image));
    const third = await docsvc(['ocr', path.join(dir, 'in'), '--out', out, '--format', 'text', '--recursive', '--json']);
    expect(third.code).toBe(0);
    const lines = third.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; status: string });
    expect(lines.map((l) => [l.file, l.status]).sort()).toEqual([
      ['first.png', 'succeeded'],
      ['letters/two-pages.pdf', 'skipped'],
    ]);
  }, 180_000);

  it('writes the tables of a scanned PDF as xlsx and csv (--format xlsx,csv), ruled cells and all', async () => {
    const input = path.join(dir, 'tables-in');
    mkdirSync(input, { recursive: true });
    writeFileSync(path.join(input, 'sales.pdf'), scannedPdf([await renderPlaced(RULED, { dpi: 200 })], 200));
    const out = path.join(dir, 'tables-out');
    const res = await docsvc(['ocr', input, '--out', out, '--format', 'xlsx,csv']);
    expect(res.code, res.stderr).toBe(0);
    expect(files(out).filter((f) => !f.startsWith('.'))).toEqual(['sales.csv', 'sales.xlsx']);
    const book = XLSX.read(readFileSync(path.join(out, 'sales.xlsx')));
    expect(book.SheetNames).toHaveLength(1);
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
    // A spanning cell's text stands in its first position: the others are empty in a sheet.
    expect(sheet).toEqual([['Region', 'Sales', ''], ['', 2023, 2024], ['North', 120, 135], ['South', 98, 101]]);
    expect(parseCsv(readFileSync(path.join(out, 'sales.csv'), 'utf8'))).toEqual([['Region', 'Sales', ''], ['', '2023', '2024'], ['North', '120', '135'], ['South', '98', '101']]);
  }, 120_000);

  it('lists a document the service refuses with its error code, and exits 1', async () => {
    const input = path.join(dir, 'bad');
    mkdirSync(input);
    writeFileSync(path.join(input, 'broken.pdf'), 'this is not a PDF');
    writeFileSync(path.join(input, 'page.png'), await png((await prosePage(sampleProse(2, 75), 900)).image));
    const res = await docsvc(['ocr', input, '--out', path.join(dir, 'bad-out'), '--format', 'text']);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^failed broken\.pdf: unsupported_media_type: /m);
    expect(res.stderr).toMatch(/1 done, 0 skipped \(up to date\), 1 failed/);
    expect(res.stderr).toMatch(/^ {2}failed: broken\.pdf: unsupported_media_type/m);
    expect(files(path.join(dir, 'bad-out')).filter((f) => !f.startsWith('.docsvc'))).toEqual(['page.txt']);
  }, 120_000);

  it('on Ctrl-C cancels the running job on the server, leaves no partial output, and the next run finishes', async () => {
    const input = path.join(dir, 'long');
    mkdirSync(input);
    const pages = await Promise.all(Array.from({ length: 8 }, (_, i) => prosePage(sampleProse(6, 80 + i), 1200).then((p) => p.image)));
    writeFileSync(path.join(input, 'long.pdf'), scannedPdf(pages, 200));
    const out = path.join(dir, 'long-out');
    const child = spawn(process.execPath, [CLI, 'ocr', input, '--out', out, '--format', 'text,pdf'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let jobId: string | undefined;
    for (let i = 0; i < 200 && !jobId; i++) {
      const listed = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs?status=running`, { headers: bearer(ALICE) })).json()) as { jobs: Array<{ job_id: string; progress: { pages_done: number } }> };
      jobId = listed.jobs[0]?.job_id;
      if (!jobId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(jobId).toBeDefined();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/interrupted: the running jobs were cancelled/);
    const status = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${jobId}?answer=false`, { headers: bearer(ALICE) })).json()) as { status: string };
    expect(status.status).toBe('cancelled');
    expect(existsSync(out) ? files(out).filter((f) => !f.startsWith('.docsvc')) : []).toEqual([]);

    const resumed = await docsvc(['ocr', input, '--out', out, '--format', 'text,pdf']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(files(out).filter((f) => !f.startsWith('.docsvc'))).toEqual(['long.pdf', 'long.txt']);
  }, 240_000);

  it('writes results beside the documents without overwriting one, and a second run reads no output as a document', async () => {
    // scan.png and scan.pdf share a name; with --out the same folder, scan.pdf's searchable PDF would be scan.pdf.
    const folder = path.join(dir, 'beside');
    mkdirSync(folder);
    const pages = await Promise.all([sampleProse(3, 91), sampleProse(3, 92)].map(async (t) => (await prosePage(t, 1500)).image));
    const originals = { 'scan.png': await png(pages[0]!), 'scan.pdf': scannedPdf([pages[1]!], 200), 'memo.png': await png((await prosePage(sampleProse(2, 93), 900)).image) };
    for (const [name, bytes] of Object.entries(originals)) writeFileSync(path.join(folder, name), bytes);

    const first = await docsvc(['ocr', folder, '--out', folder, '--format', 'text,pdf']);
    expect(first.code, first.stderr).toBe(0);
    const listed = () => files(folder).filter((f) => !f.startsWith('.docsvc'));
    expect(listed()).toEqual(['memo.pdf', 'memo.png', 'memo.txt', 'scan.pdf', 'scan.pdf.pdf', 'scan.pdf.txt', 'scan.png', 'scan.png.pdf', 'scan.png.txt']);
    for (const [name, bytes] of Object.entries(originals)) expect(readFileSync(path.join(folder, name)).equals(bytes), name).toBe(true);
    // Each document's text under its own name, not the other's.
    const read = (name: string) => wordsOf(readFileSync(path.join(folder, name), 'utf8'));
    const [pngWords, pdfWords] = [wordsOf(sampleProse(3, 91).join(' ')), wordsOf(sampleProse(3, 92).join(' '))];
    for (const [name, own, other] of [['scan.png.txt', pngWords, pdfWords], ['scan.pdf.txt', pdfWords, pngWords]] as const) {
      const [ownScore, otherScore] = [wordAccuracy(own, read(name)), wordAccuracy(other, read(name))];
      console.log(`${name}: ${ownScore.toFixed(2)} of its document's words, ${otherScore.toFixed(2)} of the other's`);
      expect(ownScore, name).toBeGreaterThanOrEqual(0.9);
      expect(ownScore - otherScore, name).toBeGreaterThanOrEqual(0.4);
    }

    // memo.pdf, scan.pdf.pdf and scan.png.pdf are this command's results, not new documents.
    const jobs = await jobCount();
    const second = await docsvc(['ocr', folder, '--out', folder, '--format', 'text,pdf']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim().split('\n').sort()).toEqual(['skipped memo.png: outputs up to date', 'skipped scan.pdf: outputs up to date', 'skipped scan.png: outputs up to date']);
    expect(await jobCount()).toBe(jobs);
    expect(listed()).toHaveLength(9);
  }, 180_000);

  it('shows a bar per running document and one overall in a terminal', async () => {
    const out = path.join(dir, 'tty-out');
    const log = path.join(dir, 'tty.log');
    const command = [process.execPath, CLI, 'ocr', path.join(dir, 'in'), '--out', out, '--format', 'text', '--recursive'].map((a) => `'${a}'`).join(' ');
    await run('script', ['-q', '-e', '-c', command, log], { env });
    const screen = readFileSync(log, 'utf8');
    expect(screen).toMatch(/ all \|[█░]+\| \d\/2 documents \| \d+ pages \| [\d.]+ pages\/s \| ETA/);
    expect(screen).toMatch(/ letters\/two-pages\.pdf \|[█░]+\| \d\/2 pages/);
    expect(screen).toMatch(/2 done, 0 skipped \(up to date\), 0 failed, 3 pages/);
  }, 120_000);

  it('without --out in a terminal: bars when the text is redirected, and lines, not bars, when the text comes to the terminal', async () => {
    const quoted = (args: string[]) => args.map((a) => `'${a}'`).join(' ');
    const printed = path.join(dir, 'printed.txt');
    const log = path.join(dir, 'tty-print.log');
    await run('script', ['-q', '-e', '-c', `${quoted([process.execPath, CLI, 'ocr', path.join(dir, 'clear/two-pages.pdf')])} > '${printed}'`, log], { env });
    const screen = readFileSync(log, 'utf8');
    expect(screen).toMatch(/ all \|[█░]+\| 1\/1 documents \| \d+ pages/);
    expect(screen).toMatch(/two-pages\.pdf \|[█░]+\| \d\/2 pages/);
    expect(wordAccuracy([...clearPage(0), ...clearPage(1)], wordsOf(readFileSync(printed, 'utf8')))).toBeGreaterThanOrEqual(0.9);

    const direct = path.join(dir, 'tty-direct.log');
    await run('script', ['-q', '-e', '-c', quoted([process.execPath, CLI, 'ocr', path.join(dir, 'clear/two-pages.pdf')]), direct], { env });
    const shown = readFileSync(direct, 'utf8');
    expect(shown).not.toMatch(/[█░]/);
    expect(shown).toMatch(/^done .*two-pages\.pdf: 2 pages in/m);
    expect(wordAccuracy([...clearPage(0), ...clearPage(1)], wordsOf(shown))).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('without --out on Ctrl-C prints the documents done, under their headers, and cancels the running job', async () => {
    // a-long.pdf is still being read when b-short.png, after it, is done.
    const folder = path.join(dir, 'print-long');
    mkdirSync(folder);
    const pages = await Promise.all(Array.from({ length: 8 }, (_, i) => prosePage(sampleProse(6, 120 + i), 1500).then((p) => p.image)));
    writeFileSync(path.join(folder, 'a-long.pdf'), scannedPdf(pages, 200));
    writeFileSync(path.join(folder, 'b-short.png'), await png((await prosePage(sampleProse(2, 130), 1500)).image));
    const child = spawn(process.execPath, [CLI, 'ocr', folder], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 600 && !/^done /m.test(stderr); i++) await new Promise((r) => setTimeout(r, 50));
    expect(stderr).toMatch(/^done .*b-short\.png: 1 page in/m);
    expect(stdout).toBe(''); // held back: a-long.pdf comes first
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stderr).toMatch(/^interrupted: the running jobs were cancelled; 1 documents were done$/m);
    const parts = stdout.split(/^==> (.+) <==\n/m);
    expect(parts.slice(0, 2)).toEqual(['', path.join(folder, 'b-short.png')]);
    expect(parts).toHaveLength(3);
    expect(wordAccuracy(wordsOf(sampleProse(2, 130).join(' ')), wordsOf(parts[2]!))).toBeGreaterThanOrEqual(0.9);
    const listed = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs?limit=2`, { headers: bearer(ALICE) })).json()) as { jobs: Array<{ status: string }> };
    expect(listed.jobs.map((j) => j.status).sort()).toEqual(['cancelled', 'succeeded']);
  }, 120_000);

  it('refuses bad usage with exit code 2', async () => {
    expect((await docsvc(['ocr', '--out', dir])).code).toBe(2);
    expect((await docsvc(['ocr', path.join(dir, 'in'), '--out', dir, '--format', 'docx'])).code).toBe(2);
    expect((await docsvc(['frobnicate'])).code).toBe(2);
    // Without --out the result is printed: one format, and text (a PDF or a workbook is written with --out).
    for (const [args, says] of [
      [['--format', 'pdf'], 'ocr: pdf is not text to print: give --out <folder> to write it'],
      [['--format', 'text,json'], 'ocr: without --out one format is printed: give --out <folder> to write several'],
      [['--json'], 'ocr: --json reports on the files written under --out'],
    ] as const) {
      const res = await docsvc(['ocr', path.join(dir, 'in/first.png'), ...args]);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr.split('\n')[0], args.join(' ')).toContain(`docsvc: ${says}`);
      expect(res.stdout).toBe('');
    }
  });

  it('names a path that does not exist on one line of standard error and exits 2, before any job', async () => {
    const jobs = await jobCount();
    const out = path.join(dir, 'never-out');
    const res = await docsvc(['ocr', 'in/first.png', 'nosuch.pdf', '--out', out], dir);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe('docsvc: nosuch.pdf: no such file or folder\n');
    expect(res.stdout).toBe('');
    // Every path named, a folder's missing file as much as a file's.
    const both = await docsvc(['ocr', 'nosuch.pdf', 'in/gone/', '--out', out], dir);
    expect([both.code, both.stderr]).toEqual([2, 'docsvc: nosuch.pdf: no such file or folder\ndocsvc: in/gone/: no such file or folder\n']);
    expect(await jobCount()).toBe(jobs);
    expect(existsSync(out)).toBe(false);
  });

  it('without --out prints the text of one document on standard output, its pages split by form feeds, the reports on standard error', async () => {
    const res = await docsvc(['ocr', path.join(dir, 'clear/two-pages.pdf')]);
    expect(res.code, res.stderr).toBe(0);
    const pages = res.stdout.split('\f');
    expect(pages).toHaveLength(2);
    for (const i of [0, 1]) expect(wordAccuracy(clearPage(i), wordsOf(pages[i]!)), `page ${i + 1}`).toBeGreaterThanOrEqual(0.9);
    expect(res.stdout).not.toMatch(/done|==>/);
    expect(res.stderr).toMatch(/^done .*two-pages\.pdf: 2 pages in [\d.]+ s$/m);
    expect(res.stderr).toMatch(/^1 done, 0 skipped \(up to date\), 0 failed, 2 pages$/m);

    // --format json: the service's JSON answer, whole, for a pipe into jq.
    const json = await docsvc(['ocr', path.join(dir, 'clear/two-pages.pdf'), '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const answer = JSON.parse(json.stdout) as { sections: Array<{ text: string }> };
    expect(wordAccuracy([...clearPage(0), ...clearPage(1)], wordsOf(answer.sections.map((s) => s.text).join('\n')))).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('without --out prints several documents under a header each, in the order found whatever order they finish in, a failed one only on standard error', async () => {
    // a-long.pdf (2 pages) is read beside b-short.png (1 page, done first); c-broken.pdf is refused.
    const folder = path.join(dir, 'print-in');
    mkdirSync(folder);
    const pages = await Promise.all([sampleProse(4, 101), sampleProse(4, 102), sampleProse(2, 103)].map(async (t) => (await prosePage(t, 1500)).image));
    writeFileSync(path.join(folder, 'a-long.pdf'), scannedPdf([pages[0]!, pages[1]!], 200));
    writeFileSync(path.join(folder, 'b-short.png'), await png(pages[2]!));
    writeFileSync(path.join(folder, 'c-broken.pdf'), 'this is not a PDF');
    const res = await docsvc(['ocr', folder, '--concurrency', '3']);
    expect(res.code).toBe(1);
    const parts = res.stdout.split(/^==> (.+) <==\n/m);
    expect(parts[0]).toBe('');
    expect([parts[1], parts[3]]).toEqual([path.join(folder, 'a-long.pdf'), path.join(folder, 'b-short.png')]);
    expect(parts).toHaveLength(5);
    const long = wordsOf([...sampleProse(4, 101), ...sampleProse(4, 102)].join(' '));
    const short = wordsOf(sampleProse(2, 103).join(' '));
    expect(wordAccuracy(long, wordsOf(parts[2]!))).toBeGreaterThanOrEqual(0.9);
    expect(wordAccuracy(short, wordsOf(parts[4]!))).toBeGreaterThanOrEqual(0.9);
    // Each under its own header (the vocabulary is small: the short text's words are found in the long one).
    expect(wordAccuracy(long, wordsOf(parts[4]!))).toBeLessThan(0.5);
    expect(wordsOf(parts[2]!).length).toBeGreaterThan(2 * short.length);
    expect(parts[2]!.endsWith('\n\n')).toBe(true); // a blank line before the next header
    // The reports name each document by its path, the short one done before the long one.
    const done = res.stderr.split('\n').filter((l) => l.startsWith('done '));
    expect(done.map((l) => l.split(':')[0])).toEqual([`done ${path.join(folder, 'b-short.png')}`, `done ${path.join(folder, 'a-long.pdf')}`]);
    expect(res.stderr).toMatch(/^ {2}failed: .*c-broken\.pdf: unsupported_media_type/m);
  }, 120_000);
});

describe('docsvc translate and languages', () => {
  it('translates text given on the command line', async () => {
    const res = await docsvc(['translate', '--to', 'es', '--from', 'en', 'The house is big.']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.toLowerCase()).toContain('casa');
  }, 60_000);

  const answers = async () => {
    const get = async (route: string) => (await fetch(`${api.baseUrl}${route}`, { headers: bearer(ALICE) })).json() as Promise<unknown>;
    return { ocr: await get('/v1/vision/ocr/languages'), translation: await get('/v1/ai/translate/languages') };
  };
  interface Answers {
    ocr: { default: string; languages: Array<{ code: string; name: string; script: string; tesseract: string }> };
    translation: { languages: string[]; routes: Array<{ source: string; target: string; direct: boolean; via?: string }> };
  }

  it('lists the OCR languages and the translation pairs as tables', async () => {
    const res = await docsvc(['languages']);
    expect(res.code, res.stderr).toBe(0);
    const { ocr, translation } = (await answers()) as Answers;
    const lines = res.stdout.split('\n');
    expect(lines[0]).toBe(`OCR languages (${ocr.languages.length}): --language <code>, several joined by + (fra+eng), or auto; default ${ocr.default}`);
    expect(lines[1]).toMatch(/^ {2}CODE +NAME +SCRIPT +MODEL$/);
    expect(ocr.languages.map((l) => l.code)).toContain('en');
    // A row a language, its columns under their headings.
    for (const [i, l] of ocr.languages.entries()) {
      const row = lines[2 + i]!;
      expect(row.trim().split(/ {2,}/), l.code).toEqual([l.code, l.name, l.script, l.tesseract]);
      expect(row.indexOf(l.name)).toBe(lines[1]!.indexOf('NAME'));
    }
    expect(res.stdout).toMatch(/^Engines: [\w. -]+ \(\d+ workers?\).*; orientation detection: (yes|no)$/m);
    expect(res.stdout).toMatch(/^Translation languages \(\d+\): .*\ben \(English\).*\bes \(Spanish\)/m);
    // Each source language's targets on its row.
    expect(translation.routes.length).toBeGreaterThan(0);
    const rowOf = (source: string) => lines.find((l) => l.startsWith(`  ${source} `) && lines.indexOf(l) > lines.indexOf(`Pairs (${translation.routes.length}):`));
    for (const r of translation.routes) expect(rowOf(r.source)?.split(/ {2,}/)[2]?.split(', '), `${r.source} -> ${r.target}`).toContain(r.direct ? r.target : `${r.target} (via ${r.via})`);
  });

  it('prints the service\'s two answers as JSON with --json', async () => {
    const res = await docsvc(['languages', '--json']);
    expect(res.code, res.stderr).toBe(0);
    // The same answers but for their log_id, each request's own.
    const withoutLogId = (answer: unknown) => ({ ...(answer as Record<string, unknown>), log_id: undefined });
    const printed = JSON.parse(res.stdout) as { ocr: unknown; translation: unknown };
    const asked = await answers();
    expect(Object.keys(printed)).toEqual(['ocr', 'translation']);
    expect(withoutLogId(printed.ocr)).toEqual(withoutLogId(asked.ocr));
    expect(withoutLogId(printed.translation)).toEqual(withoutLogId(asked.translation));
    expect((printed.translation as Answers['translation']).routes.length).toBeGreaterThan(0);
  });
});

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

beforeAll(async () => {
  api = await startApi();
  workers = await startWorkers(['pdf', 'ocr', 'jobs', 'translate'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2' });
  dir = mkdtempSync(path.join(tmpdir(), 'docsvc-cli-'));
  mkdirSync(path.join(dir, 'in/letters'), { recursive: true });
  const pages = await Promise.all([sampleProse(3, 71), sampleProse(3, 72), sampleProse(3, 73)].map(async (t) => (await prosePage(t, 1000)).image));
  writeFileSync(path.join(dir, 'in/first.png'), await png(pages[0]!));
  writeFileSync(path.join(dir, 'in/letters/two-pages.pdf'), scannedPdf([pages[1]!, pages[2]!], 200));
  writeFileSync(path.join(dir, 'in/letters/notes.txt'), 'not a document: not picked up');
  env = { ...process.env, DOCSVC_URL: api.baseUrl, DOCSVC_API_KEY: ALICE };
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const docsvc = async (args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
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

  it('refuses bad usage with exit code 2', async () => {
    expect((await docsvc(['ocr', path.join(dir, 'in')])).code).toBe(2);
    expect((await docsvc(['ocr', path.join(dir, 'in'), '--out', dir, '--format', 'docx'])).code).toBe(2);
    expect((await docsvc(['frobnicate'])).code).toBe(2);
  });
});

describe('docsvc translate and languages', () => {
  it('translates text given on the command line', async () => {
    const res = await docsvc(['translate', '--to', 'es', '--from', 'en', 'The house is big.']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.toLowerCase()).toContain('casa');
  }, 60_000);

  it('lists the OCR languages', async () => {
    const res = await docsvc(['languages']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('eng');
  });
});

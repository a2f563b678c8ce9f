// Page images with known text, and the native tesseract CLI as the reference reader of the same pages.
// By default pages look scanned (test/fixtures/scans.ts: serif text on gray paper, optical blur, sensor
// noise, saved as a gray JPEG as scanners do); BENCH_PAGE_STYLE=clean gives the clean PNG renders of
// the issue-6 figures.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { proseLines, renderLines, toPng, wordAccuracy } from '../../test/fixtures/render-text.ts';
import { grayJpeg, scannedPage } from '../../test/fixtures/scans.ts';
import { TESSDATA, track } from './common.ts';
import type { GrayImage } from '@docsvc/image';

export interface Page {
  name: string;
  gray: GrayImage;
  /** The file a user would send: a gray JPEG (scan style) or a PNG (clean style). */
  bytes: Buffer;
  ext: 'jpg' | 'png';
  contentType: string;
  /** The words drawn on the page, in order. */
  truth: string[];
  /** Where the file was written, once writePages() ran. */
  file?: string;
}

/** The object key a benchmark stores a page under. */
export const pageKey = (page: Page): string => `bench/${page.name}.${page.ext}`;

/**
 * A full 300-DPI letter page (2550x3300) set as letters and reports are: 10 pt serif on 12 pt
 * leading, one-inch margins, 52 lines of about 86 characters: about 700 words, like the real scans
 * the issue measured (730 words, 4.2-4.6 s a page for the tesseract command).
 */
export const SCAN_PAGE = { width: 2550, height: 3300, fontSize: 42, lineHeight: 50, lines: 52, maxChars: 86, left: 300, top: 260 };
/** A small page (1200x800): 10 lines, about 70 words. */
export const SMALL_PAGE = { width: 1200, height: 800, fontSize: 40, lineHeight: 62, lines: 10, maxChars: 44, left: 100, top: 100 };

export type PageStyle = 'scan' | 'clean';
export const pageStyle = (): PageStyle => (process.env.BENCH_PAGE_STYLE === 'clean' ? 'clean' : 'scan');

/** `count` pages of different prose (seeds 1000 + i) in the given format and style. */
export async function makePages(count: number, format: typeof SCAN_PAGE, prefix = 'page', style: PageStyle = pageStyle()): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) {
    const texts = proseLines(format.lines, format.maxChars, 1000 + i);
    const truth = texts.join(' ').split(/\s+/);
    const name = `${prefix}-${i + 1}`;
    if (style === 'clean') {
      const { image } = await renderLines(texts, format);
      pages.push({ name, gray: image, bytes: await toPng(image), ext: 'png', contentType: 'image/png', truth });
    } else {
      const image = await scannedPage(texts, { ...format, seed: i + 1 });
      pages.push({ name, gray: image, bytes: await grayJpeg(image), ext: 'jpg', contentType: 'image/jpeg', truth });
    }
  }
  return pages;
}

export function writePages(pages: Page[], dir: string): void {
  for (const page of pages) {
    page.file = `${dir}/${page.name}.${page.ext}`;
    writeFileSync(page.file, page.bytes);
  }
}

export interface NativeResult {
  ms: number;
  words: string[];
  /** Peak resident memory of the tesseract process (with measureRss). */
  maxRssMb?: number;
}

/**
 * The native CLI on one image file, single-threaded (OMP_THREAD_LIMIT=1), English from the same
 * Debian traineddata the service reads, TSV output (words with boxes and confidences, as the
 * service asks of tesseract.js).
 */
export function nativeOcr(file: string, opts: { measureRss?: boolean } = {}): Promise<NativeResult> {
  const args = [file, '-', '--tessdata-dir', TESSDATA, '-l', 'eng', 'tsv'];
  const rssFile = `${file}.rss`;
  const [cmd, argv] = opts.measureRss ? ['/usr/bin/time', ['-f', '%M', '-o', rssFile, 'tesseract', ...args]] : ['tesseract', args];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = track(spawn(cmd as string, argv as string[], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['ignore', 'pipe', 'pipe'] }));
    const out: Buffer[] = [];
    let err = '';
    child.stdout!.on('data', (d: Buffer) => out.push(d));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) return reject(new Error(`tesseract ${file} exited with ${code}: ${err}`));
      const words = Buffer.concat(out)
        .toString('utf8')
        .split('\n')
        .slice(1)
        .map((row) => row.split('\t'))
        .filter((cols) => cols[0] === '5' && (cols[11] ?? '').trim() !== '')
        .map((cols) => cols[11]!.trim());
      let maxRssMb: number | undefined;
      if (opts.measureRss) {
        maxRssMb = Math.round(Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 102.4) / 10;
        rmSync(rssFile, { force: true });
      }
      resolve({ ms, words, ...(maxRssMb !== undefined ? { maxRssMb } : {}) });
    });
  });
}

/** Word accuracy over all pages together (each page weighted by its word count). */
export function pooledAccuracy(pages: ReadonlyArray<{ truth: string[] }>, recognised: string[][]): number {
  let hits = 0;
  let total = 0;
  pages.forEach((page, i) => {
    hits += wordAccuracy(page.truth, recognised[i]!) * page.truth.length;
    total += page.truth.length;
  });
  return hits / total;
}

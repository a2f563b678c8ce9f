import { readdirSync, readFileSync } from 'node:fs';
import { rawPage } from '../src/page-image.js';
import { NativeEngine } from '../src/native/engine.js';
import { TesseractJsEngine } from '../src/tesseract-js/engine.js';
import type { EngineWord, EnginePage, GrayImage, OcrEngine, PageImage } from '../src/types.js';

/** Both engines, as the conformance suites run them: each suite runs once per engine. */
export const ENGINES: Array<{ name: string; create(opts?: { concurrency?: number; langPath?: string }): Promise<OcrEngine> }> = [
  { name: 'native', create: (opts = {}) => NativeEngine.create(opts) },
  { name: 'tesseract.js', create: (opts = {}) => TesseractJsEngine.create(opts) },
];

export const words = (page: EnginePage): EngineWord[] => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
export const texts = (page: EnginePage): string[] => words(page).map((w) => w.text);
export const grayPage = (image: GrayImage): PageImage => rawPage({ ...image, channels: 1 });

/** A paragraph of known words, drawn by the tests at 46 px (about 11 pt at 300 DPI). */
export const PARAGRAPH = [
  'Invoices must be paid within thirty days of the date shown',
  'above. Late payments accrue interest at two percent per month,',
  'and disputed amounts should be reported to the accounts office',
  'before the due date, quoting the reference number below.',
];
export const PARAGRAPH_WORDS = PARAGRAPH.join(' ').split(' ');

export const blank = (width: number, height: number): GrayImage => ({ width, height, data: new Uint8Array(width * height).fill(255) });

/** Pages share 2 cores with other suites under `npm test`: the 5 s default is too tight for OCR. */
export const SLOW = { timeout: 90_000 };

/** tesseract processes whose parent is this process (the native engine's, still running). */
export function childTesseracts(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && (name === 'tesseract' || name === 'prlimit')) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

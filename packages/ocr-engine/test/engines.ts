import path from 'node:path';
import { childProcesses } from '@docsvc/test-kit';
import { rawPage } from '../src/page-image.js';
import { ENGINES as REGISTRY, createOcrEngine } from '../src/registry.js';
import type { EngineWord, EnginePage, OcrEngine, PageImage } from '../src/types.js';
import type { GrayImage } from '@docsvc/image';

/** Every engine of the registry, as the conformance suites run them: each suite runs once per engine. */
export const ENGINES: Array<{ name: string; create(opts?: { concurrency?: number; langPath?: string; bestLangPath?: string | null }): Promise<OcrEngine> }> = REGISTRY.map((engine) => ({
  name: engine.name,
  create: (opts = {}) => createOcrEngine({ ...opts, engine: engine.name }),
}));

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
  return childProcesses(process.pid)
    .filter((p) => /^(tesseract|prlimit)$/.test(path.basename(p.cmdline.split(' ')[0] ?? '')))
    .map((p) => p.pid);
}

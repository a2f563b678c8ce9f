import type { Box } from '@docsvc/image';
import { joinWords } from '@docsvc/schemas';
import { pageWords } from './page-quality.js';
import { toGray } from './pixels.js';
import { backOnPage, medianHeight, stacked } from './stack-image.js';
import type { EngineBlock, EngineLine, EnginePage, EngineWord, OcrEngine, PageImage } from './types.js';

/** A region of the page to read again, and what a reading of it must look like to be taken. */
export interface CellToReread {
  box: Box;
  fits: (text: string) => boolean;
}

export interface RereadCells {
  page: EnginePage;
  /** Regions read again, and those whose words were replaced. */
  read: number;
  replaced: number;
  engineMs: number;
}

/**
 * Regions of a page (table cells whose figures read unlike their column's: layout's oddFigures) cut
 * out, stacked one under another and read in one recognition as a block of lines (psm 6), each on
 * its own line. Where a region's words read then `fit`, they take the place of the words first read
 * in it; elsewhere the first reading stays. A page with no region costs nothing.
 */
export async function rereadCells(engine: OcrEngine, image: PageImage, page: EnginePage, cells: readonly CellToReread[], opts: { dpi?: number; signal?: AbortSignal } = {}): Promise<RereadCells> {
  if (cells.length === 0) return { page, read: 0, replaced: 0, engineMs: 0 };
  const gray = toGray(await image.pixels());
  const height = medianHeight(pageWords(page).map((w) => w.bbox));
  const pad = Math.max(4, Math.round(height * 0.6));
  // A little paper round each cell (its figures' sign or point may stand outside the words first boxed).
  const margin = Math.round(height * 0.15);
  const boxes = cells.map(({ box }) => ({
    x0: Math.max(0, Math.floor(box.x0 - margin)),
    y0: Math.max(0, Math.floor(box.y0 - margin)),
    x1: Math.min(gray.width, Math.ceil(box.x1 + margin)),
    y1: Math.min(gray.height, Math.ceil(box.y1 + margin)),
  }));
  const stack = stacked(gray, boxes, pad);
  const reading = await engine.recognize(stack.image, { language: page.language, segmentation: 'block', ...(opts.dpi ? { dpi: opts.dpi } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
  const byCell: EngineWord[][] = cells.map(() => []);
  for (const word of pageWords(reading)) {
    const back = backOnPage(stack, boxes, pad, word.bbox);
    if (back) byCell[back.index]!.push({ ...word, bbox: back.box });
  }
  const taken = cells.flatMap((cell, i) => (byCell[i]!.length > 0 && cell.fits(joinWords(byCell[i]!.map((w) => w.text))) ? [{ box: boxes[i]!, words: byCell[i]! }] : []));
  if (taken.length === 0) return { page, read: cells.length, replaced: 0, engineMs: reading.recognizeMs };
  const centre = (b: Box) => [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2] as const;
  const inTaken = (w: EngineWord) => {
    const [x, y] = centre(w.bbox);
    return taken.some(({ box }) => x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1);
  };
  const blocks = page.blocks
    .map((b) => ({
      ...b,
      paragraphs: b.paragraphs
        .map((p) => ({ ...p, lines: p.lines.flatMap((l) => (l.words.some(inTaken) ? lineOf(l.words.filter((w) => !inTaken(w))) : [l])) }))
        .filter((p) => p.lines.length > 0),
    }))
    .filter((b) => b.paragraphs.length > 0);
  const added: EngineBlock[] = taken.map(({ words }) => {
    const [line] = lineOf(words);
    return { bbox: line!.bbox, paragraphs: [{ bbox: line!.bbox, lines: [line!] }] };
  });
  return { page: { ...page, blocks: [...blocks, ...added] }, read: cells.length, replaced: taken.length, engineMs: reading.recognizeMs };
}

/** Words as one line (none when there are none). */
function lineOf(words: EngineWord[]): EngineLine[] {
  if (words.length === 0) return [];
  const bbox = { x0: Math.min(...words.map((w) => w.bbox.x0)), y0: Math.min(...words.map((w) => w.bbox.y0)), x1: Math.max(...words.map((w) => w.bbox.x1)), y1: Math.max(...words.map((w) => w.bbox.y1)) };
  return [{ text: joinWords(words.map((w) => w.text)), confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length, bbox, words }];
}

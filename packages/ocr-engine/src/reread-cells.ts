import type { Box } from '@docsvc/image';
import { joinWords } from '@docsvc/schemas';
import type { EngineBlock, EngineLine, EnginePage, EngineWord } from './types.js';

/** A region of the page to read again, and what a reading of it must look like to be taken. */
export interface CellToReread {
  box: Box;
  fits: (text: string) => boolean;
}

/**
 * The boxes cells to read again (table cells whose figures read unlike their column's: layout's
 * oddFigures) are cut out by: each with a little paper round it (its figures' sign or point may
 * stand outside the words first boxed), within the page. `height`: the page's median word height.
 */
export function cellCuts(cells: readonly CellToReread[], height: number, page: { width: number; height: number }): Box[] {
  const margin = Math.round(height * 0.15);
  return cells.map(({ box }) => ({
    x0: Math.max(0, Math.floor(box.x0 - margin)),
    y0: Math.max(0, Math.floor(box.y0 - margin)),
    x1: Math.min(page.width, Math.ceil(box.x1 + margin)),
    y1: Math.min(page.height, Math.ceil(box.y1 + margin)),
  }));
}

/**
 * `page` with the cells read again (`read[i]`: the words read in cuts[i], placed on the page): where
 * a cell's words then `fit`, they take the place of the words first read in it; elsewhere the first
 * reading stays. `replaced`: the cells taken.
 */
export function withCellsRead(page: EnginePage, cells: readonly CellToReread[], cuts: readonly Box[], read: readonly EngineWord[][]): { page: EnginePage; replaced: number } {
  const taken = cells.flatMap((cell, i) => {
    const words = read[i] ?? [];
    return words.length > 0 && cell.fits(joinWords(words.map((w) => w.text))) ? [{ box: cuts[i]!, words }] : [];
  });
  if (taken.length === 0) return { page, replaced: 0 };
  const inTaken = (w: EngineWord) => {
    const x = (w.bbox.x0 + w.bbox.x1) / 2;
    const y = (w.bbox.y0 + w.bbox.y1) / 2;
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
  return { page: { ...page, blocks: [...blocks, ...added] }, replaced: taken.length };
}

/** Words as one line (none when there are none). */
function lineOf(words: EngineWord[]): EngineLine[] {
  if (words.length === 0) return [];
  const bbox = { x0: Math.min(...words.map((w) => w.bbox.x0)), y0: Math.min(...words.map((w) => w.bbox.y0)), x1: Math.max(...words.map((w) => w.bbox.x1)), y1: Math.max(...words.map((w) => w.bbox.y1)) };
  return [{ text: joinWords(words.map((w) => w.text)), confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length, bbox, words }];
}

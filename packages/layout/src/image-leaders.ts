import { darkWords, forEachDarkRun } from './dark-runs.js';
import type { Ruling } from './types.js';

/** The fewest dots in a row that make a leader ("Construction ........ 7,101"): an ellipsis has three. */
const MIN_DOTS = 6;

/**
 * Dot leaders on a scanned page (rows of small dots, evenly spaced, that lead a table's row label to
 * its figures), as boxes in the page's pixels. tesseract reads them as `ecececeeee` and misreads the
 * label beside them (`CONStIUCTION`), so they are painted over before recognition, as a grid's lines
 * are. `dark` is the binarised page (1: ink) at 1/`k` of its size, rows of `width`.
 *
 * A dot is a short dark run along a row whose ink, across the row, is as short (not a letter's
 * stroke); a leader is six or more of them on one row, the gaps between them alike.
 */
export function findLeaders(dark: Uint8Array, width: number, height: number, k: number): Ruling[] {
  // A dot is at most about a tenth of an em of 14-point type at 400 DPI, at this scale (with a pixel
  // of spread from reading the page at half size), and about as tall as it is wide.
  const maxDot = Math.max(3, Math.round(8 / k) + 1);
  const found: Ruling[] = [];
  const extentAcross = (x: number, y: number): [number, number] => {
    let up = y;
    while (up > 0 && y - up <= maxDot && dark[(up - 1) * width + x]) up--;
    let down = y;
    while (down + 1 < height && down - y <= maxDot && dark[(down + 1) * width + x]) down++;
    return [up, down];
  };
  // A dot has paper all round it, as far again as it is tall: the foot of a letter ("e", "s") has the
  // rest of the letter just above it.
  const standsAlone = (x0: number, x1: number, y0: number, y1: number): boolean => {
    const reach = Math.max(2, y1 - y0 + 1);
    for (let y = Math.max(0, y0 - reach); y <= Math.min(height - 1, y1 + reach); y++) {
      if (y >= y0 && y <= y1) continue;
      for (let x = Math.max(0, x0 - 1); x <= Math.min(width - 1, x1); x++) if (dark[y * width + x]) return false;
    }
    return true;
  };
  // Paper above (dir -1) or below (dir 1) a dot, in rows, counted up to `limit`.
  const paper = (d: Dot, dir: -1 | 1, limit: number): number => {
    let n = 0;
    for (let y = dir < 0 ? d.y0 - 1 : d.y1; y >= 0 && y < height && n < limit; y += dir, n++) for (let x = d.x0; x < d.x1; x++) if (dark[y * width + x]) return n;
    return n;
  };
  // A leader stands on a line's baseline, paper over it to the x-height and under it to the next line.
  // Dots with ink close on both sides stand in lines running across them: the commas or decimal
  // points of right-aligned figures on a page turned sideways (a column of `12,549` over `17,228`
  // puts their commas in a row, evenly spaced), which must stay to be read.
  const inLinesAcross = (leader: readonly Dot[]): boolean => {
    const middle = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const h = middle(leader.map((d) => d.y1 - d.y0));
    const near = 2 * h;
    return middle(leader.map((d) => paper(d, -1, near + 1))) <= near && middle(leader.map((d) => paper(d, 1, near + 1))) <= near;
  };
  const words = darkWords(dark);
  const dots: Dot[] = [];
  const flush = () => {
    const leader = trimmed(dots);
    if (leader.length >= MIN_DOTS && !inLinesAcross(leader)) found.push(leaderBox(leader, k));
    dots.length = 0;
  };
  for (let y = 1; y + 1 < height; y++) {
    forEachDarkRun(dark, y * width, width, (start, x) => {
      const length = x - start;
      const [up, down] = length <= maxDot ? extentAcross(start + (length >> 1), y) : [0, height];
      const across = down - up + 1;
      if (length > maxDot || across > maxDot || Math.abs(across - length) > 2 || !standsAlone(start, x, up, down)) {
        flush();
        return;
      }
      const last = dots[dots.length - 1];
      const gap = last ? start - last.x1 : 0;
      const spacing = dots.length >= 2 ? dots[1]!.x0 - dots[0]!.x1 : undefined;
      const alike = last !== undefined && gap >= 1 && (spacing === undefined ? gap <= 6 * maxDot : Math.abs(gap - spacing) <= 1 + 0.4 * spacing);
      if (!alike) flush();
      dots.push({ x0: start, x1: x, y0: up, y1: down + 1 });
    }, words);
    flush();
  }
  return merged(found);
}

type Dot = { x0: number; x1: number; y0: number; y1: number };

/**
 * A row of dots less those at its ends unlike the rest in size or spacing: the foot of the letter
 * before a leader ("s" of "services") reads as one more dot a gap away, and must stay a letter.
 */
function trimmed(dots: readonly Dot[]): Dot[] {
  if (dots.length < MIN_DOTS) return [];
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const size = middle(dots.map((d) => d.x1 - d.x0));
  const gap = middle(dots.slice(1).map((d, i) => d.x0 - dots[i]!.x1));
  const unlike = (i: number, neighbour: number) => Math.abs(dots[i]!.x1 - dots[i]!.x0 - size) > 1 || Math.abs(Math.abs(dots[neighbour]!.x0 - dots[i]!.x0) - (size + gap)) > 1 + 0.3 * gap;
  let first = 0;
  let last = dots.length - 1;
  while (first < last && unlike(first, first + 1)) first++;
  while (last > first && unlike(last, last - 1)) last--;
  return dots.slice(first, last + 1);
}

/** Boxes that overlap (a leader found on each row its dots cross) as one. */
function merged(boxes: Ruling[]): Ruling[] {
  const out: Ruling[] = [];
  for (const b of boxes.sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0)) {
    const into = out.find((o) => o.x0 <= b.x1 && b.x0 <= o.x1 && o.y0 <= b.y1 && b.y0 <= o.y1);
    if (into) Object.assign(into, { x0: Math.min(into.x0, b.x0), y0: Math.min(into.y0, b.y0), x1: Math.max(into.x1, b.x1), y1: Math.max(into.y1, b.y1) });
    else out.push({ ...b });
  }
  return out;
}

/** A leader's box in the page's pixels, a pixel of margin around its dots. */
function leaderBox(dots: readonly Dot[], k: number): Ruling {
  return {
    x0: Math.max(0, dots[0]!.x0 * k - 1),
    y0: Math.max(0, Math.min(...dots.map((d) => d.y0)) * k - 1),
    x1: dots[dots.length - 1]!.x1 * k + 1,
    y1: Math.max(...dots.map((d) => d.y1)) * k + 1,
  };
}

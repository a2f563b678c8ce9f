import { overlap } from './geometry.js';
import type { Segment, TextRow } from './rows.js';

/** Rows of a table candidate, with the x-intervals of its columns. */
export interface Candidate {
  rows: TextRow[];
  columns: Array<[number, number]>;
  /** Where columns set closer than a word space part (withTightColumns): rows made later are cut there too. */
  cuts?: number[];
}

/** The segments of a candidate's rows whose first column is `j` (its cells there). */
export const segmentsIn = ({ rows, columns }: Candidate, j: number): Segment[] => rows.flatMap((r) => r.segments.filter((seg) => columnIndex(columns, seg.box.x0, seg.box.x1)[0] === j));

/** First and last column a span of x overlaps. */
export function columnIndex(columns: Array<[number, number]>, x0: number, x1: number): [number, number] {
  let first = -1;
  let last = -1;
  columns.forEach(([c0, c1], j) => {
    if (overlap(x0, x1, c0, c1) > 0) {
      if (first < 0) first = j;
      last = j;
    }
  });
  if (first < 0) {
    // In a gap: the nearest column.
    const cx = (x0 + x1) / 2;
    let best = 0;
    columns.forEach(([c0, c1], j) => {
      if (Math.abs((c0 + c1) / 2 - cx) < Math.abs((columns[best]![0] + columns[best]![1]) / 2 - cx)) best = j;
    });
    return [best, best];
  }
  return [first, last];
}


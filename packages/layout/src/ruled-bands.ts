import { centerX, centerY, isHorizontalRule, median, overlap, widthOf } from './geometry.js';
import { isNumeric } from './cells.js';
import { textRowOf, type TextRow } from './rows.js';
import type { Ruling } from './types.js';

/**
 * Rows of a table drawn with horizontal rules only (no vertical lines: the common style of reports
 * and statistics) put back together: the text rows between two rules are one table row, so a cell's
 * second and later lines stay in it. Applies only where the rules separate rows (two text rows or
 * fewer between most of them), not where they only frame a table or underline its header.
 */
export function mergeRuledBands(rows: TextRow[], rulings: readonly Ruling[] = []): TextRow[] {
  const horizontal = rulings.filter(isHorizontalRule).sort((a, b) => centerY(a) - centerY(b));
  let out = rows;
  for (const family of families(horizontal)) {
    const x0 = Math.min(...family.map((r) => r.x0));
    const x1 = Math.max(...family.map((r) => r.x1));
    const ys = family.map(centerY);
    const band = (row: TextRow): number => {
      if (row.box.x0 < x0 - 0.02 * (x1 - x0) || row.box.x1 > x1 + 0.02 * (x1 - x0)) return -1;
      const cy = centerY(row.box);
      for (let k = 0; k + 1 < ys.length; k++) if (cy > ys[k]! && cy < ys[k + 1]!) return k;
      return -1;
    };
    const byBand = new Map<number, TextRow[]>();
    for (const row of out) {
      const k = band(row);
      if (k >= 0) byBand.set(k, [...(byBand.get(k) ?? []), row]);
    }
    const counts = [...byBand.values()].map((b) => b.length);
    if (counts.length < 3 || median(counts) > 2 || counts.every((n) => n === 1)) continue;
    const merged = new Map<TextRow, TextRow | null>();
    // A band of far more lines than the others hold is no row's cells (a page's header block above the table's rules).
    const most = 2 * median(counts) + 1;
    for (const bandRows of byBand.values()) {
      if (bandRows.length < 2 || bandRows.length > most || rowsOfTheirOwn(bandRows)) continue;
      const row = textRowOf(bandRows.flatMap((r) => r.words).sort((a, b) => a.box.x0 - b.box.x0), true);
      bandRows.forEach((r, i) => merged.set(r, i === 0 ? row : null));
    }
    out = out.flatMap((r) => (merged.has(r) ? (merged.get(r) ? [merged.get(r)!] : []) : [r]));
  }
  return out;
}

/**
 * Text rows between two rules that are rows of their own (the body of a table framed by rules above
 * and below), not one row's cell lines: three or more, most of them as full as the fullest, or three
 * or more with figures beside their labels (a row's wrapped cell has its figures on one line; a scan
 * may lose a `..` or a `-` and leave some rows less full).
 */
export function rowsOfTheirOwn(rows: readonly TextRow[]): boolean {
  if (rows.length < 3) return false;
  const most = Math.max(...rows.map((r) => r.segments.length));
  const withFigures = rows.filter((r) => r.segments.length >= 2 && r.segments.some((seg) => isNumeric(seg.text))).length;
  return most >= 2 && (rows.filter((r) => r.segments.length === most).length > 0.6 * rows.length || withFigures >= 3);
}

/** Horizontal rules of like extent (overlapping across by 80% of the longer or more), three or more together. */
function families(horizontal: Ruling[]): Ruling[][] {
  const groups: Ruling[][] = [];
  for (const r of horizontal) {
    const group = groups.find((g) => {
      const first = g[0]!;
      return overlap(first.x0, first.x1, r.x0, r.x1) >= 0.8 * Math.max(widthOf(first), widthOf(r)) && Math.abs(centerX(first) - centerX(r)) < 0.2 * widthOf(first);
    });
    if (group) group.push(r);
    else groups.push([r]);
  }
  return groups.filter((g) => g.length >= 3);
}

import { heightOf, isHorizontalRule, widthOf } from './geometry.js';
import type { Ruling } from './types.js';

/**
 * A page's rulings with the pieces of one line joined into the line. A browser printing an HTML
 * table paints each cell's borders apart (a column line as one piece per row, a rule under the
 * header as one piece per column), with gaps of a pixel or two where the pieces cross; a table's
 * structure is read from whole lines. Pieces join when they run the same way, lie on one line (their
 * centres across within the thicker one's thickness) and their ends meet within `tol`.
 */
export function joinedRulings(rulings: readonly Ruling[], tol: number): Ruling[] {
  const across: Ruling[] = [];
  const down: Ruling[] = [];
  const other: Ruling[] = [];
  for (const r of rulings) (isHorizontalRule(r) ? across : heightOf(r) >= 3 * widthOf(r) ? down : other).push(r);
  return [...joinAlong(across, tol, 'x'), ...joinAlong(down, tol, 'y'), ...other];
}

function joinAlong(pieces: readonly Ruling[], tol: number, axis: 'x' | 'y'): Ruling[] {
  const [s0, s1, c0, c1] = axis === 'x' ? (['x0', 'x1', 'y0', 'y1'] as const) : (['y0', 'y1', 'x0', 'x1'] as const);
  const centre = (r: Ruling) => (r[c0] + r[c1]) / 2;
  const thickness = (r: Ruling) => Math.max(1, r[c1] - r[c0]);
  const sorted = [...pieces].sort((a, b) => centre(a) - centre(b));
  const out: Ruling[] = [];
  // Pieces on one line: centres within the thickness of the line's first piece.
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && centre(sorted[j]!) - centre(sorted[i]!) <= Math.max(thickness(sorted[i]!), thickness(sorted[j]!))) j++;
    const line = sorted.slice(i, j).sort((a, b) => a[s0] - b[s0]);
    let joined: Ruling = { ...line[0]! };
    for (const piece of line.slice(1)) {
      if (piece[s0] <= joined[s1] + tol) {
        joined[s1] = Math.max(joined[s1], piece[s1]);
        joined[c0] = Math.min(joined[c0], piece[c0]);
        joined[c1] = Math.max(joined[c1], piece[c1]);
      } else {
        out.push(joined);
        joined = { ...piece };
      }
    }
    out.push(joined);
    i = j;
  }
  return out;
}

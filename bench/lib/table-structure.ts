// The ICDAR 2013 table competition's structure measure: every non-empty cell with its nearest
// non-empty neighbour to the right in its row and below in its column, as (text, text, direction);
// precision and recall of those relations, texts compared without whitespace and case.

/** A table as a grid of texts, row-major; a spanning cell's text stands at its top-left position, the positions it covers are null. */
export type TextGrid = Array<Array<string | null>>;

const norm = (text: string) => text.replace(/\s+/gu, '').toLowerCase();

/** The relations of one table, as "a\u0000b\u0000dir" keys (a multiset: repeats count). */
export function relationsOf(grid: TextGrid): string[] {
  const out: string[] = [];
  const rows = grid.length;
  const cols = Math.max(0, ...grid.map((r) => r.length));
  const at = (i: number, j: number) => {
    const t = grid[i]?.[j];
    return t === null || t === undefined ? '' : norm(t);
  };
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const a = at(i, j);
      if (!a) continue;
      for (let k = j + 1; k < cols; k++) {
        const b = at(i, k);
        if (b) {
          out.push(`${a}\u0000${b}\u0000right`);
          break;
        }
      }
      for (let k = i + 1; k < rows; k++) {
        const b = at(k, j);
        if (b) {
          out.push(`${a}\u0000${b}\u0000below`);
          break;
        }
      }
    }
  }
  return out;
}

export interface Score {
  found: number;
  expected: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Precision, recall and F1 of the relations found against those expected (multisets). */
export function scoreRelations(found: string[], expected: string[]): Score {
  const left = new Map<string, number>();
  for (const r of expected) left.set(r, (left.get(r) ?? 0) + 1);
  let correct = 0;
  for (const r of found) {
    const n = left.get(r) ?? 0;
    if (n > 0) {
      correct++;
      left.set(r, n - 1);
    }
  }
  const precision = found.length ? correct / found.length : 0;
  const recall = expected.length ? correct / expected.length : 0;
  return { found: found.length, expected: expected.length, correct, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** A table of the layout step (cells with row, column, spans, text) as a grid of texts. */
export function gridOf(table: { rowCount: number; columnCount: number; cells: Array<{ row: number; column: number; text: string }> }): TextGrid {
  const grid: TextGrid = Array.from({ length: table.rowCount }, () => Array.from({ length: table.columnCount }, () => null));
  for (const cell of table.cells) grid[cell.row]![cell.column] = cell.text;
  return grid;
}

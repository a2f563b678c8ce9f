import type { Box } from '@docsvc/image';

export type { CellKind, KeyValuePair, PageStructure, Table, TableCell, TextSpan } from '@docsvc/schemas';

/** One word of a page, recognised or read from a text layer, in page pixels. */
export interface LayoutWord {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
}

/** A ruling line drawn on the page (a table's border or rule), as a thin axis-aligned box in page pixels. */
export type Ruling = Box;

/** What the layout step reads: a page's words and the ruling lines found on it. */
export interface LayoutPage {
  width: number;
  height: number;
  words: LayoutWord[];
  rulings?: Ruling[];
}


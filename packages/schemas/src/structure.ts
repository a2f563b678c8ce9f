import { z } from 'zod';
import type { Box } from '@docsvc/image';
import { boundsSchema } from './common.js';

/**
 * Extension `features` of an OCR request: the document structure to answer besides the words
 * (tables with their cells, key-value pairs). Default none.
 */
export const OCR_FEATURES = ['tables', 'key_value_pairs'] as const;
export type OcrFeature = (typeof OCR_FEATURES)[number];
/** Whether `features` asks for tables (then scanned pages are searched for the lines drawn on them too). */
export const asksForTables = (features: readonly OcrFeature[] | undefined): boolean => features?.includes('tables') === true;
export const featuresSchema = z
  .array(z.enum(OCR_FEATURES, { error: (issue) => `unknown feature ${JSON.stringify(issue.input)}; the features are ${OCR_FEATURES.join(', ')}` }))
  .max(OCR_FEATURES.length * 2);

export const CELL_KINDS = ['column_header', 'row_header', 'content'] as const;
export type CellKind = (typeof CELL_KINDS)[number];

/** One cell of a table, as a page result carries it (boxes in the page's pixels). A spanning cell is listed once, at its top-left position. */
export interface TableCell {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  kind: CellKind;
  /** Its words in reading order, lines joined by "\n"; empty for an empty cell. */
  text: string;
  box: Box;
  confidence: number;
}

/** A table of a page: every grid position covered by exactly one cell, row-major. */
export interface Table {
  box: Box;
  rowCount: number;
  columnCount: number;
  cells: TableCell[];
  /** Found from the lines the page draws rather than from the whitespace between columns. */
  ruled: boolean;
}

export interface TextSpan {
  text: string;
  box: Box;
}

export interface KeyValuePair {
  key: TextSpan;
  /** null: a label with nothing filled in beside or below it. */
  value: TextSpan | null;
  confidence: number;
}

/** The structure of one page (@docsvc/layout), as its page result carries it. */
export interface PageStructure {
  tables: Table[];
  keyValuePairs: KeyValuePair[];
}

// The answer's form (snake_case, bounds with corners, like every other box of the answer).
export const tableCellSchema = z.object({
  row_index: z.number().int().min(0),
  column_index: z.number().int().min(0),
  row_span: z.number().int().min(1),
  column_span: z.number().int().min(1),
  kind: z.enum(CELL_KINDS),
  text: z.string(),
  bounds: boundsSchema,
  confidence: z.number().min(0).max(1),
});
export const tableSchema = z.object({
  page: z.number().int().min(1),
  bounds: boundsSchema,
  row_count: z.number().int().min(1),
  column_count: z.number().int().min(1),
  cells: z.array(tableCellSchema),
});
const textSpanSchema = z.object({ text: z.string(), bounds: boundsSchema });
export const keyValuePairSchema = z.object({
  page: z.number().int().min(1),
  key: textSpanSchema,
  value: textSpanSchema.nullable(),
  confidence: z.number().min(0).max(1),
});

export type TableAnswer = z.infer<typeof tableSchema>;
export type KeyValuePairAnswer = z.infer<typeof keyValuePairSchema>;

import type { Box } from '@docsvc/image';
import { pageStructure } from '@docsvc/layout';
import type { KeyValuePairAnswer, OcrFeature, OcrPageResult, PageStructure, TableAnswer } from '@docsvc/schemas';
import { boundsFromBox } from './bounds.js';
import { pageWords } from './fields.js';

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * A page's tables and key-value pairs from its words (as its page result packs them) and the lines
 * drawn on it: computed once, by the worker that read the page, and kept with its result.
 */
export function pageStructureOf(page: Pick<OcrPageResult, 'width' | 'height' | 'sections'>, rulings: readonly Box[] = []): PageStructure {
  return pageStructure({ width: page.width, height: page.height, words: pageWords(page), rulings: [...rulings] });
}

/** The answer's `tables` and `key_value_pairs` for the features asked for (neither when none is). */
export function structureAnswer(pages: readonly OcrPageResult[], features: readonly OcrFeature[] = []): { tables?: TableAnswer[]; key_value_pairs?: KeyValuePairAnswer[] } {
  return {
    ...(features.includes('tables') ? { tables: pages.flatMap((p) => (p.tables ?? []).map((t) => tableAnswer(p.page, t))) } : {}),
    ...(features.includes('key_value_pairs')
      ? {
          key_value_pairs: pages.flatMap((p) =>
            (p.keyValuePairs ?? []).map((kv) => ({
              page: p.page,
              key: { text: kv.key.text, bounds: boundsFromBox(kv.key.box) },
              value: kv.value ? { text: kv.value.text, bounds: boundsFromBox(kv.value.box) } : null,
              confidence: round4(kv.confidence),
            })),
          ),
        }
      : {}),
  };
}

function tableAnswer(page: number, table: NonNullable<OcrPageResult['tables']>[number]): TableAnswer {
  return {
    page,
    bounds: boundsFromBox(table.box),
    row_count: table.rowCount,
    column_count: table.columnCount,
    cells: table.cells.map((c) => ({
      row_index: c.row,
      column_index: c.column,
      row_span: c.rowSpan,
      column_span: c.columnSpan,
      kind: c.kind,
      text: c.text,
      bounds: boundsFromBox(c.box),
      confidence: round4(c.confidence),
    })),
  };
}

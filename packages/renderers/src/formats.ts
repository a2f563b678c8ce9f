import type { OcrPageResult } from '@docsvc/schemas';
import { altoRenderer } from './alto.js';
import { csvRenderer } from './csv.js';
import type { DocumentInfo, PagedRenderer } from './document.js';
import { hocrRenderer } from './hocr.js';
import type { PageTable, TablesRenderer } from './tables.js';
import { textRenderer } from './text.js';
import { xlsxRenderer } from './xlsx.js';

/** One output format: its file extension and media type, how it is made, a title for people. */
export interface FormatSpec {
  title: string;
  extension: string;
  contentType: string;
  /**
   * `answer`: the contract's JSON answer itself; a PagedRenderer: written from the page results a
   * page at a time; a TablesRenderer: written from the tables of every page, whole (spreadsheets);
   * `searchable-pdf`: the document rewritten by worker-pdf (it needs the source's bytes).
   */
  made: 'answer' | PagedRenderer | TablesRenderer | 'searchable-pdf';
}

/**
 * The output formats, one row each: what `output` of POST /v1/vision/ocr and `format` of a job's
 * result accept, what their answers are, what the CLI and the web page offer. A new paged format is a
 * renderer file and a row here.
 */
export const FORMATS = {
  json: { title: 'JSON', extension: 'json', contentType: 'application/json; charset=utf-8', made: 'answer' },
  text: { title: 'text', extension: 'txt', contentType: 'text/plain; charset=utf-8', made: textRenderer },
  pdf: { title: 'searchable PDF', extension: 'pdf', contentType: 'application/pdf', made: 'searchable-pdf' },
  hocr: { title: 'hOCR', extension: 'hocr', contentType: 'text/html; charset=utf-8', made: hocrRenderer },
  alto: { title: 'ALTO', extension: 'xml', contentType: 'application/alto+xml; charset=utf-8', made: altoRenderer },
  csv: { title: 'tables as CSV', extension: 'csv', contentType: 'text/csv; charset=utf-8', made: csvRenderer },
  xlsx: { title: 'tables as Excel', extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', made: xlsxRenderer },
} as const satisfies Record<string, FormatSpec>;

export type FormatName = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as [FormatName, ...FormatName[]];

/** The formats written from page results by a renderer (a page at a time, or from the tables). */
export type RenderedFormatName = { [K in FormatName]: (typeof FORMATS)[K]['made'] extends PagedRenderer | TablesRenderer ? K : never }[FormatName];
export const isRenderedFormat = (name: FormatName): name is RenderedFormatName => typeof FORMATS[name].made === 'object';

const isTablesRenderer = (made: PagedRenderer | TablesRenderer): made is TablesRenderer => 'tables' in made;

/** Whether a format is written from the tables (a spreadsheet): a request for it wants tables. */
export const isTablesFormat = (name: FormatName): boolean => {
  const made = FORMATS[name].made;
  return typeof made === 'object' && isTablesRenderer(made);
};

/**
 * A whole document in a rendered format, from its pages in page order (an array, or results read one
 * at a time from the bucket): the one way both the synchronous route and a job's result write one.
 * Text formats come a piece at a time; a spreadsheet, once every page's tables are in, as its bytes.
 */
export async function* render(format: RenderedFormatName, doc: DocumentInfo, pages: Iterable<OcrPageResult> | AsyncIterable<OcrPageResult>, pageCount: number): AsyncGenerator<string | Uint8Array> {
  const renderer: PagedRenderer | TablesRenderer = FORMATS[format].made;
  if (isTablesRenderer(renderer)) {
    const tables: PageTable[] = [];
    for await (const page of pages) for (const table of page.tables ?? []) tables.push({ page: page.page, table });
    yield await renderer.tables(tables);
    return;
  }
  yield renderer.header(doc, pageCount);
  let index = 0;
  for await (const page of pages) yield* renderer.page(page, index++, doc);
  yield renderer.footer();
}

import { altoFooter, altoHeader, altoPage } from './alto.js';
import type { RenderInput } from './document.js';
import { hocrFooter, hocrHeader, hocrPage } from './hocr.js';
import { textPage } from './text.js';
import type { OcrPageResult } from '@docsvc/schemas';

/** A format written in three parts, so that pages can be read one at a time (a 2,000-page job). */
export interface PagedFormat {
  contentType: string;
  extension: string;
  header(doc: Pick<RenderInput, 'sourceName' | 'engine'>, pageCount: number): string;
  page(page: OcrPageResult, index: number, doc: Pick<RenderInput, 'sourceName' | 'engine'>): Iterable<string>;
  footer(): string;
}

/** The output formats besides JSON, with their content types and file extensions. */
export const OUTPUT_FORMATS = {
  text: { contentType: 'text/plain; charset=utf-8', extension: 'txt', header: () => '', page: (page, index) => textPage(page, index), footer: () => '' },
  hocr: { contentType: 'text/html; charset=utf-8', extension: 'hocr', header: hocrHeader, page: hocrPage, footer: hocrFooter },
  alto: { contentType: 'application/alto+xml; charset=utf-8', extension: 'xml', header: (doc) => altoHeader(doc), page: (page, index) => altoPage(page, index), footer: altoFooter },
} satisfies Record<string, PagedFormat>;

export type OutputFormat = keyof typeof OUTPUT_FORMATS;

export interface RenderedFormat {
  contentType: string;
  extension: string;
  /** The document, a page at a time. */
  chunks: Generator<string>;
}

/** A whole document in `format`, from pages in memory. */
export function renderOutput(format: OutputFormat, input: RenderInput): RenderedFormat {
  const f: PagedFormat = OUTPUT_FORMATS[format];
  function* chunks(): Generator<string> {
    yield f.header(input, input.pages.length);
    for (const [i, page] of input.pages.entries()) yield* f.page(page, i, input);
    yield f.footer();
  }
  return { contentType: f.contentType, extension: f.extension, chunks: chunks() };
}

import type { OcrPageResult } from '@docsvc/schemas';
import type { RenderInput } from './document.js';
import { lineText } from './document.js';

/** One page as plain text: its sections in reading order, lines by "\n", sections by a blank line. */
export function pageText(page: OcrPageResult): string {
  return page.sections.map((s) => s.lines.map(lineText).join('\n')).join('\n\n');
}

/**
 * Plain text (text/plain; charset=utf-8): pages in order, each ending with a newline, separated by a
 * form feed, as `pdftotext` and tesseract's txt output separate them. Yields one page at a time.
 */
export function* renderText(input: RenderInput): Generator<string> {
  for (const [i, page] of input.pages.entries()) yield* textPage(page, i);
}

/** One page of the plain-text output; `index` 0 for the first page written. */
export function* textPage(page: OcrPageResult, index: number): Generator<string> {
  const text = pageText(page);
  yield `${index > 0 ? '\f' : ''}${text}${text ? '\n' : ''}`;
}

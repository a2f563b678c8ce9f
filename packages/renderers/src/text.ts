import type { OcrPageResult } from '@docsvc/schemas';
import { lineText, type PagedRenderer } from './document.js';

/** One page as plain text: its sections in reading order, lines by "\n", sections by a blank line. */
export function pageText(page: OcrPageResult): string {
  return page.sections.map((s) => s.lines.map(lineText).join('\n')).join('\n\n');
}

/**
 * Plain text: pages in order, each ending with a newline, separated by a form feed, as `pdftotext`
 * and tesseract's txt output separate them.
 */
export const textRenderer: PagedRenderer = {
  header: () => '',
  *page(page, index) {
    const text = pageText(page);
    yield `${index > 0 ? '\f' : ''}${text}${text ? '\n' : ''}`;
  },
  footer: () => '',
};

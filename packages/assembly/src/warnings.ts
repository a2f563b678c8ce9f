import { ocrLanguageModel, pageSpans, pagesOf, type AnswerWarning, type OcrPageResult, type PageRange, type SkippedImage } from '@docsvc/schemas';

/**
 * What the answer warns of (its `warnings`): the work the request succeeded without. Pages of the
 * document past the ones read when no page_range chose them; images left out of their pages'
 * renderings; pages read with 'auto' in a language no installed model reads. Each warning lists
 * its pages; none when all was done.
 */
export function answerWarnings(input: {
  /** Whether the request named its pages (then the others were left out on purpose). */
  rangeGiven: boolean;
  pageRange: Readonly<PageRange>;
  totalPages: number;
  /** The most pages read without a page_range (10 for the synchronous route, MAX_JOB_PAGES for a job). */
  maxPages: number;
  pages: readonly OcrPageResult[];
  skippedImages?: readonly SkippedImage[] | undefined;
}): AnswerWarning[] {
  const warnings: AnswerWarning[] = [];
  const [first, last] = input.pageRange;
  if (!input.rangeGiven && (first > 1 || last < input.totalPages)) {
    const pages = [...numbers(1, first - 1), ...numbers(last + 1, input.totalPages)];
    warnings.push({
      code: 'pages_not_read',
      message: `pages ${pageSpans(pages)} of ${input.totalPages} were not read: at most ${input.maxPages} pages are read without a page_range. Ask for them with page_range, or read the whole document as a job (POST /v1/vision/ocr/jobs)`,
      pages,
    });
  }
  const images = input.skippedImages ?? [];
  if (images.length > 0) {
    const pages = [...new Set(images.map((i) => i.page))].sort((a, b) => a - b);
    const sizes = [...new Set(images.map((i) => `${i.width}x${i.height}`))].join(', ');
    warnings.push({
      code: 'image_skipped',
      message: `${images.length === 1 ? 'an image' : `${images.length} images`} (${sizes} pixels) over MAX_IMAGE_PIXELS ${images.length === 1 ? 'was' : 'were'} left out of page${pages.length === 1 ? '' : 's'} ${pageSpans(pages)}, not read`,
      pages,
    });
  }
  // One warning per language (or script) missing, with the pages read in another.
  const missing = new Map<string, { what: string; pages: number[] }>();
  for (const page of input.pages) {
    const m = page.missingLanguage;
    if (!m) continue;
    const key = m.language ?? `script:${m.script ?? '?'}`;
    const what = m.language
      ? `${m.model ? ocrLanguageModel(m.model).name : m.language} (${m.language}${m.model ? `; OCR model ${m.model}, Debian package tesseract-ocr-${m.model.replace(/_/g, '-')}` : ', which tesseract has no model for'})`
      : `the ${m.script} script, which no installed OCR model writes`;
    const entry = missing.get(key) ?? { what, pages: [] };
    entry.pages.push(page.page);
    missing.set(key, entry);
  }
  for (const { what, pages } of missing.values()) {
    const read = input.pages.find((p) => p.page === pages[0])?.language ?? 'another model';
    warnings.push({
      code: 'language_not_installed',
      message: `page${pages.length === 1 ? '' : 's'} ${pageSpans(pages)} look${pages.length === 1 ? 's' : ''} to be in ${what}, not installed: read with ${read}, so letters it lacks may be wrong`,
      pages,
    });
  }
  return warnings;
}

const numbers = (from: number, to: number): number[] => (to < from ? [] : pagesOf([from, to]));

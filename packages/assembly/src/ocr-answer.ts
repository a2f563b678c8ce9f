import { DEFAULT_PROMPT, ocrLanguageModel, type OcrOptions, type OcrPageResult, type OcrResponse, type SkippedImage } from '@docsvc/schemas';
import { describeDocument } from './describe.js';
import { fieldsAnswer } from './fields.js';
import { unpackSections } from './packed.js';
import { structureAnswer } from './structure.js';
import { ocrUsage } from './usage.js';
import { answerWarnings } from './warnings.js';


/** ISO 639-1 code of a tesseract model (the first of "eng+spa"), or the model's code where it has none. */
export const isoLanguage = (tesseract: string) => {
  const first = tesseract.split('+')[0] ?? 'eng';
  return ocrLanguageModel(first).iso?.split('-')[0] ?? first;
};

/** The language most of the document's recognised words are in: the model of the pages with the most words. */
function documentLanguage(pages: OcrPageResult[]): string | undefined {
  const words = new Map<string, number>();
  for (const page of pages) {
    if (!page.language) continue;
    const count = page.sections.reduce((n, s) => n + s.lines.reduce((m, l) => m + l.words.length, 0), 0);
    words.set(page.language, (words.get(page.language) ?? 0) + count + 1);
  }
  return [...words].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const promptText = (prompt: OcrOptions['prompt']) => (prompt === undefined ? DEFAULT_PROMPT : typeof prompt === 'string' ? prompt : JSON.stringify(prompt));

/** The page entries of an answer (`pages[]`, an extension): where each page's boxes live and how it was read. */
export function pageEntries(pages: readonly OcrPageResult[]): OcrResponse['pages'] {
  return pages.map(({ page, width, height, source, rotation, skew, language }) => ({
    page,
    width,
    height,
    source,
    rotation: rotation ?? 0,
    skew: skew ?? 0,
    ...(language ? { language } : {}),
  }));
}

/** The OCR answer (contract 2.4) from the pages' results, in page order. */
export function buildOcrAnswer(input: {
  request: Pick<OcrOptions, 'prompt' | 'features' | 'page_range'>;
  kind: string;
  totalPages: number;
  pageRange: [number, number];
  /** The most pages read without a page_range (the answer warns of the others). */
  maxPages: number;
  /** Images left out of the pages' renderings (the document's plan). */
  skippedImages?: readonly SkippedImage[] | undefined;
  pages: OcrPageResult[];
  logId: string;
}): OcrResponse {
  const pages = [...input.pages].sort((a, b) => a.page - b.page);
  const sections = pages.flatMap((p) => unpackSections(p.sections));
  const first = pages[0] ?? { width: 0, height: 0 };
  const fields = fieldsAnswer(pages, input.request.prompt);
  const warnings = answerWarnings({ rangeGiven: input.request.page_range !== undefined, pageRange: input.pageRange, totalPages: input.totalPages, maxPages: input.maxPages, pages, skippedImages: input.skippedImages });
  const described = describeDocument({
    sections,
    kind: input.kind,
    // Born-digital pages carry no model: their text is as good as any to tell, but English is the fallback.
    language: isoLanguage(documentLanguage(pages) ?? 'eng'),
    pagesProcessed: pages.length,
    totalPages: input.totalPages,
    width: first.width,
    height: first.height,
  });
  return {
    success: true,
    context: fields ? fields.context : described.context,
    width: first.width,
    height: first.height,
    tags: described.tags,
    has_text: sections.some((s) => s.lines.length > 0),
    sections,
    total_pages: input.totalPages,
    page_range: input.pageRange,
    pages: pageEntries(pages),
    ...structureAnswer(pages, input.request.features),
    ...(fields ? { fields: fields.fields } : {}),
    _usage: ocrUsage({
      prompt: promptText(input.request.prompt),
      pages,
      outputText: sections.map((s) => s.text).join('\n'),
      engineMs: pages.reduce((ms, p) => ms + p.engineMs, 0),
    }),
    log_id: input.logId,
    ...(warnings.length ? { warnings } : {}),
  };
}

/**
 * The answer as JSON, in pieces of about `sectionsPerChunk` sections: a 2,000-page answer (300 MB of
 * JSON for dense pages) is never one string. Parsed, the pieces together equal JSON.stringify(answer)
 * (sections come last).
 */
export function* answerJsonChunks(answer: OcrResponse, sectionsPerChunk = 50): Generator<string> {
  const { sections, ...rest } = answer;
  yield `${JSON.stringify(rest).slice(0, -1)},"sections":[`;
  for (let i = 0; i < sections.length; i += sectionsPerChunk) {
    const chunk = sections.slice(i, i + sectionsPerChunk).map((s) => JSON.stringify(s)).join(',');
    yield i === 0 ? chunk : `,${chunk}`;
  }
  yield ']}';
}

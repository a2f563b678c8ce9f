import { describe, expect, it } from 'vitest';
import type { OcrPageResult, PackedWord } from '@docsvc/schemas';
import { answerJsonChunks, buildOcrAnswer } from './ocr-answer.js';

const packedPage = (page: number, text: string): OcrPageResult => ({
  page,
  source: 'ocr',
  width: 800,
  height: 600,
  engineMs: 100,
  language: 'eng',
  sections: [{ page, lines: [{ box: [10, 10, 300, 40], words: text.split(' ').map((w, i): PackedWord => [w, 10 + i * 60, 10, 60 + i * 60, 40, 0.9]) }] }],
});

describe('answerJsonChunks', () => {
  it('writes the same JSON as the answer, in pieces, sections last', () => {
    const pages = Array.from({ length: 7 }, (_, i) => packedPage(i + 1, `page ${i + 1} says hello`));
    const answer = buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: 7, pageRange: [1, 7], maxPages: 10, pages, logId: 'log-1' });
    const chunks = [...answerJsonChunks(answer, 3)];
    expect(chunks.length).toBeGreaterThan(3);
    expect(JSON.parse(chunks.join(''))).toEqual(answer);
    const empty = buildOcrAnswer({ request: {}, kind: 'png', totalPages: 1, pageRange: [1, 1], maxPages: 10, pages: [{ ...packedPage(1, 'x'), sections: [] }], logId: 'l' });
    expect(JSON.parse([...answerJsonChunks(empty)].join(''))).toEqual(empty);
  });
});

describe('warnings: work the answer was given without', () => {
  const pages = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => packedPage(from + i, `page ${from + i} text`));

  it('lists the pages past the limit when no page_range chose them, and says how to read them', () => {
    const answer = buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: 17, pageRange: [1, 10], maxPages: 10, pages: pages(1, 10), logId: 'l' });
    expect(answer.warnings).toEqual([{ code: 'pages_not_read', message: expect.stringContaining('pages 11-17 of 17 were not read'), pages: [11, 12, 13, 14, 15, 16, 17] }]);
    expect(answer.warnings?.[0]?.message).toMatch(/page_range.*jobs/);
  });

  it('warns of nothing when every page was read, or page_range chose the pages', () => {
    expect(buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: 7, pageRange: [1, 7], maxPages: 10, pages: pages(1, 7), logId: 'l' }).warnings).toBeUndefined();
    const chosen = buildOcrAnswer({ request: { page_range: [3, 4] }, kind: 'pdf', totalPages: 17, pageRange: [3, 4], maxPages: 10, pages: pages(3, 4), logId: 'l' });
    expect(chosen.warnings).toBeUndefined();
  });

  it('names images left out of their pages, with their size', () => {
    const answer = buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: 3, pageRange: [1, 3], maxPages: 10, pages: pages(1, 3), skippedImages: [{ page: 2, width: 35000, height: 35000 }], logId: 'l' });
    expect(answer.warnings).toEqual([{ code: 'image_skipped', message: expect.stringContaining('35000x35000'), pages: [2] }]);
  });

  it('groups pages read in a language whose model is not installed, naming the model to install', () => {
    const est = { language: 'et', model: 'est' };
    const read = pages(1, 4).map((p) => (p.page === 2 || p.page === 3 ? { ...p, missingLanguage: est } : p.page === 4 ? { ...p, missingLanguage: { script: 'Thai' } } : p));
    const answer = buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: 4, pageRange: [1, 4], maxPages: 10, pages: read, logId: 'l' });
    expect(answer.warnings?.map((w) => [w.code, w.pages])).toEqual([
      ['language_not_installed', [2, 3]],
      ['language_not_installed', [4]],
    ]);
    expect(answer.warnings?.[0]?.message).toMatch(/pages 2-3 look to be in Estonian \(et; OCR model est, Debian package tesseract-ocr-est\).*read with eng/);
    expect(answer.warnings?.[1]?.message).toMatch(/Thai script/);
  });
});

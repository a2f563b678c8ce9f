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
    const answer = buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: 7, pageRange: [1, 7], pages, logId: 'log-1' });
    const chunks = [...answerJsonChunks(answer, 3)];
    expect(chunks.length).toBeGreaterThan(3);
    expect(JSON.parse(chunks.join(''))).toEqual(answer);
    const empty = buildOcrAnswer({ request: {}, kind: 'png', totalPages: 1, pageRange: [1, 1], pages: [{ ...packedPage(1, 'x'), sections: [] }], logId: 'l' });
    expect(JSON.parse([...answerJsonChunks(empty)].join(''))).toEqual(empty);
  });
});

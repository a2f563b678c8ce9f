import { describe, expect, it } from 'vitest';
import { ocrOptionsSchema, translateRequestSchema, withDocumentSource } from './index.js';

/** The synchronous OCR request's JSON body, as its route builds it (without the answer's format). */
const ocrRequestSchema = withDocumentSource(ocrOptionsSchema);

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('ocrRequestSchema', () => {
  it('accepts a url with a page range of ten pages', () => {
    expect(ocrRequestSchema.safeParse({ url: 'https://example.com/a.pdf', page_range: [3, 12] }).success).toBe(true);
  });

  it('requires exactly one source', () => {
    expect(issues(ocrRequestSchema.safeParse({}))).toEqual(['url: give exactly one of url and file_store_key']);
    expect(issues(ocrRequestSchema.safeParse({ url: 'https://e.com/x.png', file_store_key: 'k' }))).toEqual([
      'url: give exactly one of url and file_store_key',
    ]);
  });

  it('names the page_range rule that was broken', () => {
    expect(issues(ocrRequestSchema.safeParse({ file_store_key: 'k', page_range: [1, 11] }))).toEqual(['page_range: at most 10 pages']);
    expect(issues(ocrRequestSchema.safeParse({ file_store_key: 'k', page_range: [5, 2] }))).toEqual(['page_range: start must not be after end']);
    expect(issues(ocrRequestSchema.safeParse({ file_store_key: 'k', page_range: [0, 2] }))[0]).toMatch(/^page_range\.0:/);
    expect(ocrRequestSchema.safeParse({ file_store_key: 'k', page_range: [1.5, 2] }).success).toBe(false);
  });

  it('accepts the three forms of prompt', () => {
    for (const prompt of ['Describe it', ['invoice_number', 'total'], { total: 'the amount due' }]) {
      expect(ocrRequestSchema.safeParse({ file_store_key: 'k', prompt }).success).toBe(true);
    }
    expect(ocrRequestSchema.safeParse({ file_store_key: 'k', prompt: 42 }).success).toBe(false);
  });
});

describe('translateRequestSchema', () => {
  it('takes current_language (the official client) as the source language', () => {
    const r = translateRequestSchema.parse({ text: 'hello', target_language: 'es', current_language: 'en' });
    expect(r.source_language).toBe('en');
    expect('current_language' in r).toBe(false);
  });

  it('refuses an empty array and a missing target', () => {
    expect(issues(translateRequestSchema.safeParse({ text: [], target_language: 'es' }))).toEqual(['text: must hold at least one string']);
    expect(issues(translateRequestSchema.safeParse({ text: 'x' }))[0]).toMatch(/^target_language:/);
  });
});

import { findFields, readingWeight, type FieldPage } from '@docsvc/fields';
import type { LayoutWord } from '@docsvc/layout';
import { fieldRequests, type FieldAnswer, type OcrOptions, type OcrPageResult, type PackedWord } from '@docsvc/schemas';
import { boundsFromBox } from './bounds.js';

const unpackWords = (words: readonly PackedWord[]): LayoutWord[] => words.map(([text, x0, y0, x1, y1, confidence]) => ({ text, box: { x0, y0, x1, y1 }, confidence }));

/** A page's words as its result packs them (reading order), in its pixels. */
export const pageWords = (page: Pick<OcrPageResult, 'sections'>): LayoutWord[] => page.sections.flatMap((s) => s.lines.flatMap((l) => unpackWords(l.words)));

/**
 * For a prompt that names fields: the contract's `context` (each name to the values found, best
 * first, empty when none) and the extension `fields` (each name to its best value, typed and
 * located, or null). Undefined for a prompt that is an instruction.
 */
export function fieldsAnswer(pages: readonly OcrPageResult[], prompt: OcrOptions['prompt']): { context: Record<string, string[]>; fields: Record<string, FieldAnswer | null> } | undefined {
  const requests = fieldRequests(prompt);
  if (!requests) return undefined;
  const fieldPages: FieldPage[] = pages.map((p) => ({ page: p.page, words: pageWords(p), tables: p.tables ?? [], ...(p.otherReadings ? { otherReadings: p.otherReadings.map(unpackWords), readingWeights: [1, ...p.otherReadings.map((_, i) => readingWeight(p.otherReadingsBy?.[i]))] } : {}) }));
  const found = findFields(fieldPages, requests);
  const context: Record<string, string[]> = {};
  const fields: Record<string, FieldAnswer | null> = {};
  for (const { name } of requests) {
    const values = found.get(name) ?? [];
    context[name] = [...new Set(values.map((v) => v.value))];
    const best = values[0];
    fields[name] = best
      ? {
          value: best.value,
          normalized: best.normalized,
          type: best.type,
          ...(best.currency ? { currency: best.currency } : {}),
          confidence: best.confidence,
          page: best.page,
          bounds: boundsFromBox(best.box),
          source: best.source,
        }
      : null;
  }
  return { context, fields };
}

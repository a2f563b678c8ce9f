import { PAGE_SEGMENTATION_MODES } from './segmentation.js';
import type { ModelChoice, ReadingMode, Segmentation } from './types.js';

const MODELS: readonly ModelChoice[] = ['installed', 'best'];
/** Readers other than the page's engine that can read a page again for its fields (paddle/reader.ts). */
export const OTHER_READERS = ['paddle'] as const;
export type OtherReader = (typeof OTHER_READERS)[number];

/** How a list of reading modes is written (configuration): `segmentation[:model]`, or another reader's name, comma-separated. */
export const READING_MODES_RULE = `comma-separated ${Object.keys(PAGE_SEGMENTATION_MODES).join('|')}, each optionally :${MODELS.join('|')}, or ${OTHER_READERS.join('|')} (e.g. "block:best,paddle"); empty: none`;

/** The ways a prompted page is read again (OCR_FIELD_READINGS): by the page's engine, and by other readers. */
export interface FieldReadings {
  modes: ReadingMode[];
  readers: OtherReader[];
}

/** Field readings as configured ("block:best,paddle"), or an error naming the part that is not one. */
export function parseFieldReadings(text: string): FieldReadings | Error {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  const readers = parts.filter((p): p is OtherReader => (OTHER_READERS as readonly string[]).includes(p));
  const modes = parseReadingModes(parts.filter((p) => !(OTHER_READERS as readonly string[]).includes(p)).join(','));
  return modes instanceof Error ? modes : { modes, readers: [...new Set(readers)] };
}

/** Reading modes as configured ("block,block:best"), or an error naming the part that is not one. */
export function parseReadingModes(text: string): ReadingMode[] | Error {
  const modes: ReadingMode[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [segmentation, model = 'installed', ...rest] = part.split(':');
    if (rest.length > 0 || !(segmentation! in PAGE_SEGMENTATION_MODES) || !MODELS.includes(model as ModelChoice)) return new Error(`"${part}" is not a reading mode (${READING_MODES_RULE})`);
    modes.push({ segmentation: segmentation as Segmentation, model: model as ModelChoice });
  }
  return modes;
}

import { PAGE_SEGMENTATION_MODES } from './segmentation.js';
import type { ModelChoice, ReadingMode, Segmentation } from './types.js';

const MODELS: readonly ModelChoice[] = ['installed', 'best'];

/** How a list of reading modes is written (configuration): `segmentation[:model]`, comma-separated. */
export const READING_MODES_RULE = `comma-separated ${Object.keys(PAGE_SEGMENTATION_MODES).join('|')}, each optionally :${MODELS.join('|')} (e.g. "block,block:best"); empty: none`;

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

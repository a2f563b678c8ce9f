import type { Segmentation } from './types.js';

/** tesseract's page segmentation mode for each Segmentation, one table for both engines. */
export const PAGE_SEGMENTATION_MODES: Record<Segmentation, string> = { page: '3', block: '6' };

import type { Box } from '@docsvc/image';

/**
 * What an OCR engine reports for one page, as plain data: the input of assembly. Confidences are
 * fractions 0..1; boxes are in the pixel space of the image that was recognised.
 */
export interface RecognizedWord {
  text: string;
  confidence: number;
  bbox: Box;
}
export interface RecognizedLine {
  text: string;
  confidence: number;
  bbox: Box;
  /** Two points of the line's baseline, in page pixels, where the engine gives it. */
  baseline?: Box;
  words: RecognizedWord[];
}
export interface RecognizedBlock {
  bbox: Box;
  paragraphs: Array<{ bbox: Box; lines: RecognizedLine[] }>;
}
export interface RecognizedPage {
  width: number;
  height: number;
  blocks: RecognizedBlock[];
}


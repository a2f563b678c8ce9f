import { z } from 'zod';

/**
 * Work an answer left undone although the request succeeded, each with a stable code (extension
 * `warnings` of the OCR answer; absent when there is none):
 * - `pages_not_read`: the document has more pages than were read and no page_range was given (the
 *   synchronous route reads at most 10; a job at most MAX_JOB_PAGES);
 * - `image_skipped`: an image of a PDF page over MAX_IMAGE_PIXELS was left out, never decoded (a
 *   decompression bomb, or a scan too large to read);
 * - `language_not_installed`: with `language: "auto"`, a page whose text (or script) is of a language
 *   no installed model reads: it was read with another model.
 */
export const WARNING_CODES = ['pages_not_read', 'image_skipped', 'language_not_installed'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export const answerWarningSchema = z.object({
  code: z.enum(WARNING_CODES),
  /** For people: what was left undone, and what to do about it. */
  message: z.string(),
  /** The pages concerned (1-based), when the warning is about pages. */
  pages: z.array(z.number().int()).optional(),
});
export type AnswerWarning = z.infer<typeof answerWarningSchema>;

/** An image of a PDF page left out of its rendering (over MAX_IMAGE_PIXELS): found when the document is prepared. */
export interface SkippedImage {
  page: number;
  width: number;
  height: number;
}

/**
 * A page read with `language: "auto"` in a language no installed model reads (OcrPageResult's
 * `missingLanguage`): told from its text (`language`, and the `model` that would read it) or from
 * the script OSD named (`script`).
 */
export interface MissingLanguage {
  /** ISO 639-1 code of the language the text is in, when it was told from the text. */
  language?: string;
  /** The tesseract model that reads it (e.g. "est"), when one is known. */
  model?: string;
  /** The script OSD named, when no installed model writes it. */
  script?: string;
}

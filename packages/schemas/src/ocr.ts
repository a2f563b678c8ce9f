import { z } from 'zod';
import { boundsSchema } from './common.js';
import { MAX_PAGES_PER_REQUEST, pageRangeSchema } from './page-range.js';
import { fieldAnswerSchema, promptSchema } from './fields.js';
import { featuresSchema, keyValuePairSchema, tableSchema, type KeyValuePair, type Table } from './structure.js';
import { answerWarningSchema, type MissingLanguage } from './warnings.js';

/** The instruction used when `prompt` is omitted (contract 4.2 rule 2). */
export const DEFAULT_PROMPT = 'Describe the image in detail.';

/**
 * What to do with the document (contract 2.3 without the source); also the options of a multipart
 * upload. The answer's format (`output` of the synchronous route, `format` of a job's result) comes
 * from the format table (@docsvc/renderers) and is added by the routes.
 */
export const ocrOptionsSchema = z.object({
  prompt: promptSchema.optional(),
  fine_grained: z.boolean().optional(),
  page_range: pageRangeSchema(MAX_PAGES_PER_REQUEST).optional(),
  /**
   * Extension: "auto" (the default: each page's language is chosen from what it reads), or installed
   * languages joined by '+', each an ISO 639-1 code ("fr"), a BCP 47 tag ("zh-TW") or a tesseract code
   * ("fra", "chi_sim"). Checked against the installed models by the API (resolveOcrLanguage).
   */
  language: z.string().min(1).max(200).optional(),
  /** Extension: recognise every PDF page with OCR even when its text layer is usable. */
  force_ocr: z.boolean().optional(),
  /** Extension: the document structure to answer besides the words ("tables", "key_value_pairs"). */
  features: featuresSchema.optional(),
});

/** Where an OCR request's document is: exactly one of `url` and `file_store_key` (contract 2.3). */
export const documentSourceFields = {
  url: z.string().url().optional(),
  file_store_key: z.string().min(1).optional(),
};
export const hasOneSource: [(r: { url?: string | undefined; file_store_key?: string | undefined }) => boolean, { message: string; path: string[] }] = [
  (r) => (r.url === undefined) !== (r.file_store_key === undefined),
  { message: 'give exactly one of url and file_store_key', path: ['url'] },
];

/** Where the document is, as a request body gives it. */
export interface DocumentSourceFields {
  url?: string | undefined;
  file_store_key?: string | undefined;
}

/** A request body as JSON: `options` plus exactly one of url and file_store_key (contract 2.3). */
export function withDocumentSource<S extends z.ZodObject>(options: S): z.ZodType<z.output<S> & DocumentSourceFields, z.input<S> & DocumentSourceFields> {
  return options.extend(documentSourceFields).refine(...hasOneSource) as unknown as z.ZodType<z.output<S> & DocumentSourceFields, z.input<S> & DocumentSourceFields>;
}

export const wordSchema = z.object({ text: z.string(), bounds: boundsSchema, confidence: z.number().min(0).max(1) });
export const lineSchema = z.object({
  text: z.string(),
  average_confidence: z.number().min(0).max(1),
  bounds: boundsSchema,
  words: z.array(wordSchema),
});
export const sectionSchema = z.object({ text: z.string(), lines: z.array(lineSchema), page: z.number().int().min(1) });

export const usageSchema = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  inference_time_tokens: z.number(),
  total_tokens: z.number(),
});

/** How one page was read (extension `pages[]`): where its boxes live. */
export const pageEntrySchema = z.object({
  page: z.number().int(),
  width: z.number(),
  height: z.number(),
  source: z.enum(['ocr', 'text_layer']),
  /** Degrees the page was turned clockwise to be upright before recognition; boxes are in the upright image. */
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  /** Degrees the page was turned clockwise about its centre (its size kept) to level its lines, before `rotation`. */
  skew: z.number(),
  /** The tesseract model(s) the page was read with (absent for pages read from their text layer). */
  language: z.string().optional(),
});

/**
 * The answer's parts beyond the words (extensions), as the whole answer and each page of a job's
 * `/pages` carry them: `tables` (with `features: ["tables"]`, in page order), `key_value_pairs` (with
 * `features: ["key_value_pairs"]`, outside tables, in reading order), `fields` (with a prompt of field
 * names: each field's best value, typed and located, or null where none was found; on `/pages`, found
 * on that page alone).
 */
export const answerPartsShape = {
  tables: z.array(tableSchema).optional(),
  key_value_pairs: z.array(keyValuePairSchema).optional(),
  fields: z.record(z.string(), fieldAnswerSchema.nullable()).optional(),
};

/** Contract 2.4, plus the documented extensions `pages` and each section's `page`. */
export const ocrResponseSchema = z.object({
  success: z.literal(true),
  _usage: usageSchema,
  log_id: z.string(),
  context: z.union([z.string(), z.record(z.string(), z.array(z.string()))]),
  width: z.number(),
  height: z.number(),
  tags: z.array(z.string()),
  has_text: z.boolean(),
  sections: z.array(sectionSchema),
  total_pages: z.number().int(),
  page_range: z.tuple([z.number().int(), z.number().int()]),
  pages: z.array(pageEntrySchema),
  ...answerPartsShape,
  /** Work left undone although the request succeeded (extension; absent when none): see warnings.ts. */
  warnings: z.array(answerWarningSchema).optional(),
});

export type OcrOptions = z.infer<typeof ocrOptionsSchema>;
export type OcrResponse = z.infer<typeof ocrResponseSchema>;
export type Word = z.infer<typeof wordSchema>;
export type Line = z.infer<typeof lineSchema>;
export type Section = z.infer<typeof sectionSchema>;
export type Usage = z.infer<typeof usageSchema>;

/**
 * Sections as they travel from the workers to the API (queue results): every box is axis-aligned,
 * so a word is [text, x0, y0, x1, y1, confidence] and a line's box four numbers; texts and averages
 * are rebuilt on arrival (@docsvc/assembly unpackSections). About a sixth of the contract form's
 * JSON, which BullMQ keeps in Redis twice (the job and its completed event).
 */
export type PackedWord = [text: string, x0: number, y0: number, x1: number, y1: number, confidence: number];
export interface PackedLine {
  box: [x0: number, y0: number, x1: number, y1: number];
  words: PackedWord[];
  /** Layout the output formats (hOCR, ALTO) keep: the line's paragraph within its section (0-based), when the engine gave paragraphs. */
  par?: number;
  /** The engine's baseline, two points in page pixels, when it gave one. */
  baseline?: [x0: number, y0: number, x1: number, y1: number];
}
export interface PackedSection {
  page: number;
  lines: PackedLine[];
}

/** One page read, as worker-ocr (or worker-pdf, from a text layer) answers it and the OCR answer is built from. */
export interface OcrPageResult {
  page: number;
  /** Where the words came from: recognised by OCR, or read from the PDF's text layer. */
  source: 'ocr' | 'text_layer';
  /** Size of the page image the boxes refer to: the upright page. */
  width: number;
  height: number;
  /** The page's sections, packed (@docsvc/assembly packSections / unpackSections). */
  sections: PackedSection[];
  engineMs: number;
  /** Degrees the page was turned clockwise to be upright before recognition (0 for text-layer pages). */
  rotation?: 0 | 90 | 180 | 270;
  /** Degrees the page was turned clockwise about its centre to level its lines, before `rotation`; 0 when not. */
  skew?: number;
  /** The tesseract model(s) the page was read with; absent for text-layer pages. */
  language?: string;
  /** The engine that read it ("native", "tesseract.js"); absent for text-layer pages (metrics only, not in the answer). */
  engine?: string;
  /** The page's tables and key-value pairs (@docsvc/layout), in the same pixels as its words; absent on a page read before they were found. */
  tables?: Table[];
  keyValuePairs?: KeyValuePair[];
  /**
   * The words of other readings of the page (read again as one block where fields are asked for), in
   * the same pixels: prompted fields are looked for in them too. Never in the answer.
   */
  otherReadings?: PackedWord[][];
  /** Who read each of `otherReadings` (the engine's name, or 'paddle'): a reading counts in the fields' votes as its reader's weight. */
  otherReadingsBy?: string[];
  /** Read with `language: "auto"` in a language no installed model reads (the answer warns of it). */
  missingLanguage?: MissingLanguage;
}

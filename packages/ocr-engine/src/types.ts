import type { Box, GrayImage, RawImage } from '@docsvc/image';

/** Degrees a page is turned clockwise. */
export type Rotation = 0 | 90 | 180 | 270;

/**
 * One page as an engine reads it: bytes Leptonica (tesseract's image library) decodes itself, the
 * document's own PNG/JPEG/TIFF where it can take them as they are, else PNM of exact pixels.
 */
export interface PageImage {
  readonly width: number;
  readonly height: number;
  /** Encoded image: PNM (P5/P6), PNG, JPEG or TIFF (one page). */
  readonly bytes: Uint8Array;
  /**
   * The page's exact pixels (decoded on demand from an original file), for what has to be done to
   * them here: turning, straightening, gray for fine_grained. Upright pages in their first model
   * never need them.
   */
  pixels(): Promise<RawImage>;
}

export interface EngineWord {
  text: string;
  /** 0..1 */
  confidence: number;
  bbox: Box;
}

export interface EngineLine {
  /** The line's kept words joined by single spaces. */
  text: string;
  /** 0..1: the engine's own line confidence, or the mean of its words where the engine gives none. */
  confidence: number;
  bbox: Box;
  baseline?: { x0: number; y0: number; x1: number; y1: number };
  words: EngineWord[];
}

export interface EngineParagraph {
  bbox: Box;
  lines: EngineLine[];
}

export interface EngineBlock {
  bbox: Box;
  paragraphs: EngineParagraph[];
}

export interface EnginePage {
  width: number;
  height: number;
  /** The language set the page was read with, codes joined by '+', e.g. 'eng' or 'spa+eng'. */
  language: string;
  /** Blocks in tesseract's reading order; no empty words, lines, paragraphs or blocks. */
  blocks: EngineBlock[];
  /** Time the recognition itself took (no queueing, no language switch). */
  recognizeMs: number;
}

/** What tesseract's orientation and script detection (OSD) says of a page. */
export interface Orientation {
  /** Degrees to turn the page clockwise to make its text upright. */
  rotation: Rotation;
  /** tesseract's orientation confidence (0 up; OCRmyPDF turns pages from 14). */
  confidence: number;
  /** The script as tesseract names it ('Latin', 'Cyrillic', 'Han', 'Japanese', ...). */
  script: string;
  scriptConfidence: number;
  ms: number;
}


/**
 * How the engine finds the text on a page: 'page' finds columns and blocks (tesseract's psm 3, the
 * default); 'block' reads the page as one block of lines (psm 6), which reads the small, evenly set
 * lines of receipts differently and is kept as a second reading where fields are wanted.
 */
export type Segmentation = 'page' | 'block';

/**
 * Which trained model of the language reads the page: 'installed', the tessdata folder's (Debian's
 * fast models); 'best', tesseract's more accurate best_int model (about 1.3x the CPU) where the
 * engine has one for every language of the set (`bestLanguages`), else the installed one.
 */
export type ModelChoice = 'installed' | 'best';

/** One way of reading a page: how its text is found, and with which model. */
export interface ReadingMode {
  segmentation: Segmentation;
  model: ModelChoice;
}

export interface RecognizeOptions {
  /** One or more installed language codes joined by '+'; default 'eng'. */
  language?: string;
  /** Default 'page'. */
  segmentation?: Segmentation;
  /** Default 'installed'. */
  model?: ModelChoice;
  /**
   * The image's resolution, when it is known and the image does not state it (a PDF page's raster: PGM
   * has no resolution field). tesseract sizes its layout analysis by it; without one it assumes 70 and
   * guesses, and drops sparse columns of a table it would read at the page's true resolution.
   */
  dpi?: number;
  /**
   * Whether the engine's own page layout looks for tables (tesseract's `textord_tabfind_find_tables`);
   * default true. A page whose ruling lines were taken off, whose tables the layout step finds itself,
   * is read without: on such a page tesseract's table finder took up to half again the page's time
   * and changed no table the layout found (README, "Figures").
   */
  findTables?: boolean;
  /** Aborts the page: its work stops (process killed, or thread replaced) and the call rejects with the reason. */
  signal?: AbortSignal;
}

/** Counters every engine keeps, for logs, monitoring and tests. */
export interface EngineStats {
  /** Pages recognised successfully. */
  pagesRecognized: number;
  /** Orientation detections run. */
  orientationRuns: number;
  /** Recognitions and detections under way now. */
  running: number;
}

/**
 * An OCR engine: tesseract, run natively or as WebAssembly. Both read the same traineddata and give
 * the same structure: blocks, paragraphs, lines (with baselines), words with boxes and confidences.
 */
export interface OcrEngine {
  /** Its name in the registry (registry.ts): the OCR_ENGINE value that picks it. */
  readonly name: string;
  /** The engine's own version, e.g. 'tesseract 5.3.0' or 'tesseract.js 7.0.0'. */
  readonly version: string;
  /** Installed recognition languages (tesseract codes), sorted. */
  readonly languages: string[];
  /** Installed languages that also have a best model (model: 'best'), sorted. */
  readonly bestLanguages: string[];
  /** Whether orientation can be detected (osd.traineddata installed); detectOrientation answers null otherwise. */
  readonly canDetectOrientation: boolean;
  readonly stats: EngineStats;
  /**
   * Recognises one page. The page may still be on its way (a promise): the native engine starts
   * tesseract and loads its model meanwhile. Fails with validation_failed for a language that is not installed, with
   * invalid_document for bytes the engine cannot decode (or a page that needs more memory than the
   * engine may use), with a retryable internal_error when the engine itself fails, and with the
   * signal's reason when aborted.
   */
  recognize(image: PageImage | GrayImage | Promise<PageImage>, opts?: RecognizeOptions): Promise<EnginePage>;
  /** The page's orientation and script, or null when it has too little text to tell. */
  detectOrientation(image: PageImage | GrayImage, opts?: { signal?: AbortSignal }): Promise<Orientation | null>;
  /** Stops whatever the engine keeps running; pages in progress finish first. */
  close(): Promise<void>;
}

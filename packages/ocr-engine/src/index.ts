export { ENGINES, ENGINE_NAMES, ENGINE_CHOICES, ENGINE_SETTINGS, createOcrEngine, engineOptionsFrom, type CreateEngineOptions, type EngineChoice, type EngineName, type EngineOptions, type EngineSettings } from './registry.js';
export type { CommonEngineOptions, EngineDefinition } from './engine-definition.js';
export { NativeEngine, probeNativeTesseract, type NativeEngineOptions } from './native/engine.js';
export { TesseractJsEngine, type TesseractJsOptions, type TesseractJsStats } from './tesseract-js/engine.js';
export { bestModelPath } from './best-models.js';
export { OTHER_READERS, READING_MODES_RULE, parseFieldReadings, parseReadingModes, type FieldReadings, type OtherReader } from './reading-modes.js';
export { firstModel, readPage, type ReadPageOptions, type ReadPageResult } from './read-page.js';
export { unreadRegions } from './left-ink.js';
export { readAgain, readingAheadOf, startReadingAgain, type ReadAgain, type ReadAgainOptions, type ReadingAhead } from './read-again.js';
export { toGray, straighten, estimateSkew, inkReport, levelledForLines } from './pixels.js';
export { assessPage, pageWords, type PageQuality } from './page-quality.js';
export { DEFAULT_LANG_PATH, listInstalledLanguages } from './languages.js';
export { rawPage, toPageImage } from './page-image.js';
export { encodePnm, rotateRaw } from './pnm.js';
export type {
  EngineBlock,
  EngineLine,
  EnginePage,
  EngineParagraph,
  EngineStats,
  EngineWord,
  ModelChoice,
  OcrEngine,
  Orientation,
  PageImage,
  ReadingMode,
  RecognizeOptions,
  Rotation,
  Segmentation,
} from './types.js';
export { PaddleReader, type PaddleReaderOptions } from './paddle/reader.js';
export type { CellToReread } from './reread-cells.js';

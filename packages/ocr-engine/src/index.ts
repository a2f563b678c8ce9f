export { createOcrEngine, type CreateEngineOptions, type EngineChoice } from './create-engine.js';
export { NativeEngine, probeNativeTesseract, type NativeEngineOptions } from './native/engine.js';
export { TesseractJsEngine, type TesseractJsOptions, type TesseractJsStats } from './tesseract-js/engine.js';
export { readPage, type ReadPageOptions, type ReadPageResult } from './read-page.js';
export { toGray, straighten, estimateSkew, inkReport } from './pixels.js';
export { assessPage, type PageQuality } from './page-quality.js';
export { DEFAULT_LANG_PATH, listInstalledLanguages } from './languages.js';
export { rawPage, toPageImage } from './page-image.js';
export { encodePnm, rotateRaw } from './pnm.js';
export type {
  Box,
  EngineBlock,
  EngineLine,
  EngineName,
  EnginePage,
  EngineParagraph,
  EngineStats,
  EngineWord,
  GrayImage,
  OcrEngine,
  Orientation,
  PageImage,
  RawImage,
  RecognizeOptions,
  Rotation,
} from './types.js';

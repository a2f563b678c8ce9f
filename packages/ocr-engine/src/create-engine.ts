import { NativeEngine, probeNativeTesseract, type NativeEngineOptions } from './native/engine.js';
import { TesseractJsEngine, type TesseractJsOptions } from './tesseract-js/engine.js';
import type { EngineName, OcrEngine } from './types.js';

export type EngineChoice = EngineName | 'auto';

export interface CreateEngineOptions extends TesseractJsOptions, NativeEngineOptions {
  /** OCR_ENGINE: 'auto' (default) takes the native binary when a tesseract >= 5 answers, else tesseract.js. */
  engine?: EngineChoice;
}

/**
 * The OCR engine to run: `native` (the tesseract 5 binary, a process per page), `tesseract.js`
 * (WebAssembly, warm threads in this process), or `auto`: native where the binary answers, which is
 * the engine's own speed, else the portable one. An explicit choice that cannot start fails.
 */
export async function createOcrEngine(opts: CreateEngineOptions = {}): Promise<OcrEngine> {
  const choice = opts.engine ?? 'auto';
  if (choice === 'native' || (choice === 'auto' && (await probeNativeTesseract(opts.binary)))) return NativeEngine.create(opts);
  return TesseractJsEngine.create(opts);
}

import { z } from 'zod';
import type { CommonEngineOptions, EngineDefinition } from './engine-definition.js';
import { nativeEngine } from './native/definition.js';
import { tesseractJsEngine } from './tesseract-js/definition.js';
import type { OcrEngine } from './types.js';

/**
 * Every OCR engine, in order of preference: `auto` takes the first that can run here. A new engine
 * is a folder beside native/ and tesseract-js/ with its definition, and one line here; OCR_ENGINE's
 * choices, worker-ocr's settings, the heartbeat's engine name and the conformance suite follow.
 */
export const ENGINES = [nativeEngine, tesseractJsEngine] as const;

type Registered = (typeof ENGINES)[number];
export type EngineName = Registered['name'];
export type EngineChoice = EngineName | 'auto';

export const ENGINE_NAMES = ENGINES.map((engine) => engine.name) as [EngineName, ...EngineName[]];
/** OCR_ENGINE's values: auto, then each engine's name. */
export const ENGINE_CHOICES = ['auto', ...ENGINE_NAMES] as [EngineChoice, ...EngineChoice[]];

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type SettingsShape = UnionToIntersection<Registered['settings']>;
/** Every engine's options together (each engine reads its own). */
export type EngineOptions = UnionToIntersection<ReturnType<Registered['options']>>;

/** The environment variables of every engine (worker-ocr's configuration spreads them into its own). */
export const ENGINE_SETTINGS = Object.assign({}, ...ENGINES.map((engine) => engine.settings)) as SettingsShape;
export type EngineSettings = z.output<z.ZodObject<SettingsShape>>;

const asDefinition = (engine: Registered) => engine as unknown as EngineDefinition<EngineName, z.ZodRawShape, Partial<EngineOptions>>;

/** Every engine's options from the parsed settings. */
export function engineOptionsFrom(settings: EngineSettings): EngineOptions {
  return Object.assign({}, ...ENGINES.map((engine) => asDefinition(engine).options(settings))) as EngineOptions;
}

export interface CreateEngineOptions extends CommonEngineOptions, Partial<EngineOptions> {
  /** OCR_ENGINE: `auto` (default) takes the first engine of ENGINES that can run here. */
  engine?: EngineChoice;
}

/**
 * The OCR engine to run: the one named, or for `auto` the first of the registry that can run here
 * (the native binary where a tesseract >= 5 answers, which is the engine's own speed, else the
 * portable one). An explicit choice that cannot start fails.
 */
export async function createOcrEngine(opts: CreateEngineOptions = {}): Promise<OcrEngine> {
  const choice = opts.engine ?? 'auto';
  if (choice !== 'auto') {
    const engine = ENGINES.find((e) => e.name === choice);
    if (!engine) throw new Error(`unknown OCR engine "${choice}" (known: ${ENGINE_NAMES.join(', ')})`);
    return asDefinition(engine).create(opts);
  }
  for (const engine of ENGINES) {
    if (await asDefinition(engine).probe(opts)) return asDefinition(engine).create(opts);
  }
  throw new Error(`no OCR engine can run here (tried ${ENGINE_NAMES.join(', ')})`);
}

import type { z } from 'zod';
import type { OcrEngine } from './types.js';

/** What every engine is given, whichever it is (worker-ocr's TESSDATA_DIR, OCR_CONCURRENCY, PAGE_TIMEOUT_MS). */
export interface CommonEngineOptions {
  /** Directory of <lang>.traineddata (and osd.traineddata). Never fetched at run time. */
  langPath?: string;
  /** Directory of best <lang>.traineddata models (model: 'best'); default the npm packages' (bestModelPath); null: none. */
  bestLangPath?: string | null;
  /** Pages recognised at once by this process. */
  concurrency?: number;
  /** worker-ocr's time limit of a page; an engine may set its own backstops from it. */
  pageTimeoutMs?: number;
}

/**
 * One OCR engine as the registry knows it: its name (the OCR_ENGINE value, the heartbeat's and the
 * answer's engine), the environment variables of its own (worker-ocr's configuration reads every
 * engine's), how those become its options, whether it can run on this machine, and its factory.
 */
export interface EngineDefinition<Name extends string = string, Shape extends z.ZodRawShape = z.ZodRawShape, Options extends object = object> {
  readonly name: Name;
  /** One line for the README and the start-up log. */
  readonly summary: string;
  /** Environment variables only this engine reads, as zod schemas with their defaults. */
  readonly settings: Shape;
  /** This engine's options from its settings (as parsed from the environment). */
  options(settings: z.output<z.ZodObject<Shape>>): Options;
  /** Whether it can run here: `auto` takes the first engine of the registry that can. */
  probe(opts: Options & CommonEngineOptions): Promise<boolean>;
  /** Starts it; throws when it cannot run (an explicit OCR_ENGINE that cannot start fails the worker). */
  create(opts: Options & CommonEngineOptions): Promise<OcrEngine>;
}

/** Declares an engine, keeping its name's literal type (the registry's names are a union of them). */
export const defineEngine = <Name extends string, Shape extends z.ZodRawShape, Options extends object>(
  definition: EngineDefinition<Name, Shape, Options>,
): EngineDefinition<Name, Shape, Options> => definition;

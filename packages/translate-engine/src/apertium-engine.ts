import path from 'node:path';
import { ServiceError, targetsFrom, translationLanguageCode, type TranslationRoute } from '@docsvc/schemas';
import { countWords, reformat, relayStream } from './escape.js';
import { DEFAULT_MODES_DIR, missingForMode, nullFlushStages, pickModePerDirection, pipelineCommand, readModeFiles, readUninstalledModes, relocateMisplacedFiles, type ModeFile } from './mode-file.js';
import { FAILED_DIRECTIONS, MEASURED_ROUTES } from './measured-routes.js';
import { PipelinePool } from './pipeline-pool.js';
import { toStreamUnit } from './protect-spans.js';
import { buildRoutes, PREFERRED_PIVOTS, type MeasuredRoutes } from './routes.js';
import { splitIntoUnits } from './split-units.js';
import { translatableWords } from './text-words.js';
import type { TextCoverage, TranslatedText, TranslationEngine } from './types.js';

export interface ApertiumOptions {
  /** Where the `.mode` files are. Default /usr/share/apertium/modes. */
  modesDir?: string;
  /** Pipelines per direction, default 1. Each is about 10 processes; a second one only starts under load. */
  poolSize?: number;
  /** A unit that takes longer means the pipeline is hung: kill, restart, retry once. Default 10 s. */
  unitTimeoutMs?: number;
  /** Start-up of a pipeline, dictionaries loaded and a first unit answered. Default 30 s. */
  startTimeoutMs?: number;
  /** Where pair packages keep their data (modes.xml of modes not installed as `.mode` files). Default: modesDir's parent. */
  dataDir?: string;
  /** Measured route quality that chooses among candidate routes. Default: the table bench/translate-routes.ts wrote. */
  measured?: MeasuredRoutes;
  /** Directions left out because they failed the route benchmark ('uk>ru' -> why). Default: the table's. */
  failedDirections?: Readonly<Record<string, string>>;
}

/** A direction the engine skipped at start-up, and why: files it needs are missing, or it failed when measured. */
export interface SkippedMode {
  mode: string;
  missing: string[];
  failed?: string;
}

/**
 * Apertium behind the TranslationEngine interface. Installed pairs are discovered at start-up from the `.mode`
 * files; each direction gets a pool of persistent null-flush pipelines, started lazily on first use (one costs
 * 0.3-0.5 s, almost all of it loading dictionaries; starting all 12 directions eagerly would hold ~130
 * processes for languages that may never be asked for). `warm()` starts the directions a caller expects.
 */
export class ApertiumEngine implements TranslationEngine {
  readonly name = 'apertium';
  private readonly pools = new Map<string, PipelinePool>();
  private closed = false;

  private constructor(
    private readonly modes: ReadonlyMap<string, ModeFile>,
    private readonly routeList: readonly TranslationRoute[],
    private readonly options: { poolSize: number; unitTimeoutMs: number; startTimeoutMs: number },
    /** Directions installed but unusable (a program or data file missing), for start-up logs. */
    readonly skipped: readonly SkippedMode[],
  ) {}

  static async create(opts: ApertiumOptions = {}): Promise<ApertiumEngine> {
    const modesDir = opts.modesDir ?? DEFAULT_MODES_DIR;
    const options = {
      poolSize: positive(Math.floor(opts.poolSize ?? 1), 'poolSize'),
      unitTimeoutMs: positive(opts.unitTimeoutMs ?? 10_000, 'unitTimeoutMs'),
      startTimeoutMs: positive(opts.startTimeoutMs ?? 30_000, 'startTimeoutMs'),
    };
    let found: ModeFile[];
    try {
      found = await readModeFiles(modesDir);
    } catch (error) {
      throw new Error(`apertium: cannot read modes from ${modesDir}: ${(error as Error).message}`, { cause: error });
    }
    // Shipped but not installed as a .mode file (es-ro): only for directions no installed mode serves.
    const installed = new Set(found.map((mode) => direction(mode.source, mode.target)));
    const uninstalled = (await readUninstalledModes(opts.dataDir ?? path.dirname(modesDir))).filter((mode) => !installed.has(direction(mode.source, mode.target)));
    const modes = new Map<string, ModeFile>();
    const skipped: SkippedMode[] = [];
    const failedDirections = opts.failedDirections ?? FAILED_DIRECTIONS;
    for (const mode of pickModePerDirection([...found, ...uninstalled])) {
      const key = direction(mode.source, mode.target);
      const stages = await relocateMisplacedFiles(nullFlushStages(mode.stages));
      const missing = await missingForMode(stages);
      // A direction that crashed or answered nothing when measured would fail every request that reaches it.
      if (failedDirections[key]) skipped.push({ mode: mode.name, missing, failed: failedDirections[key] });
      else if (missing.length) skipped.push({ mode: mode.name, missing });
      else modes.set(key, { ...mode, stages });
    }
    if (!modes.size) throw new Error(`apertium: no usable translation modes in ${modesDir}${skipped.length ? ` (${describeSkipped(skipped)})` : ''}`);
    const routes = buildRoutes([...modes.values()], opts.measured ?? MEASURED_ROUTES);
    return new ApertiumEngine(modes, routes, options, skipped);
  }

  routes(): TranslationRoute[] {
    return this.routeList.map((route) => ({ ...route }));
  }

  /** The mode file behind each direct direction, e.g. `{ 'en>es': 'eng-spa' }`. */
  modeNames(): Record<string, string> {
    return Object.fromEntries([...this.modes].map(([key, mode]) => [key, mode.name]));
  }

  async translate(texts: string[], source: string, target: string, opts: { signal?: AbortSignal } = {}): Promise<string[]> {
    return (await this.translateDetailed(texts, source, target, opts)).map((item) => item.text);
  }

  async translateDetailed(texts: string[], source: string, target: string, opts: { signal?: AbortSignal } = {}): Promise<TranslatedText[]> {
    const from = languageCode(source, 'source');
    const to = languageCode(target, 'target');
    opts.signal?.throwIfAborted();
    if (from === to) return texts.map((text) => ({ text, ...countUnitWords(text) }));
    return this.run(texts, this.legsFor(from, to), opts.signal);
  }

  /**
   * Translates through the given languages in order (['en', 'ca', 'fr']: en>ca, then ca>fr), each step a direct
   * direction, whatever route the engine would choose: what the route benchmark scores candidates with.
   */
  async translateThrough(texts: string[], languages: readonly string[], opts: { signal?: AbortSignal } = {}): Promise<TranslatedText[]> {
    const codes = languages.map((code) => languageCode(code, 'source'));
    const legs = codes.slice(1).map((to, i) => direction(codes[i]!, to));
    for (const leg of legs) if (!this.modes.has(leg)) throw new ServiceError('unsupported_language_pair', `no direct direction ${leg} is installed`, [{ direction: leg }]);
    if (!legs.length) throw new RangeError('translateThrough needs at least two languages');
    return this.run(texts, legs, opts.signal);
  }

  /**
   * How much of each text the dictionary of `language` recognises, whatever the target: the texts go through one
   * installed direction from `language` (towards a pivot language when there is one) and the words it marked
   * unknown are counted; the translations are dropped. Empty counts when no direction leaves `language`.
   */
  async coverage(texts: string[], language: string, opts: { signal?: AbortSignal } = {}): Promise<TextCoverage[]> {
    const from = languageCode(language, 'source');
    const targets = [...this.modes.keys()].filter((key) => key.startsWith(`${from}>`)).map((key) => key.slice(from.length + 1));
    const to = [...PREFERRED_PIVOTS, ...targets.sort()].find((code) => targets.includes(code));
    if (!to) return texts.map((text) => ({ words: countUnitWords(text).words, unknownWords: 0 }));
    return (await this.run(texts, [direction(from, to)], opts.signal)).map(({ words, unknownWords }) => ({ words, unknownWords }));
  }

  /** The direct directions installed, each with its mode's name, e.g. `{ source: 'en', target: 'es', mode: 'eng-spa' }`. */
  directions(): Array<{ source: string; target: string; mode: string }> {
    return [...this.modes.values()].map((mode) => ({ source: mode.source, target: mode.target, mode: mode.name }));
  }

  private async run(texts: readonly string[], legs: readonly string[], outer: AbortSignal | undefined): Promise<TranslatedText[]> {
    // The first failure stops the strings still queued: the call fails as a whole anyway.
    const stop = new AbortController();
    const signal = outer ? AbortSignal.any([outer, stop.signal]) : stop.signal;
    try {
      return await Promise.all(texts.map((text) => this.translateOne(text, legs, signal)));
    } catch (error) {
      stop.abort(error);
      throw error;
    }
  }

  /** Starts the pipelines a route needs (one per leg) and waits until they answer. */
  async warm(source: string, target: string): Promise<void> {
    const from = languageCode(source, 'source');
    const to = languageCode(target, 'target');
    if (from === to) return;
    await Promise.all(this.legsFor(from, to).map((leg) => this.pool(leg).warm()));
  }

  /** Kills every pipeline; what is still queued is rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  /** The pool of one direct direction ('en>es'), created on first use; for measurements and tests. */
  pool(key: string): PipelinePool {
    let pool = this.pools.get(key);
    if (!pool) {
      if (this.closed) throw new ServiceError('internal_error', 'translation engine is closed', [], true);
      const mode = this.modes.get(key);
      if (!mode) throw new Error(`apertium: no direct mode for ${key}`);
      pool = new PipelinePool(mode.name, pipelineCommand(mode.stages), {
        size: this.options.poolSize,
        unitTimeoutMs: this.options.unitTimeoutMs,
        startTimeoutMs: this.options.startTimeoutMs,
      });
      this.pools.set(key, pool);
    }
    return pool;
  }

  /** The direct directions ('en>es') a route goes through, in order. */
  private legsFor(from: string, to: string): string[] {
    const route = this.routeList.find((candidate) => candidate.source === from && candidate.target === to);
    if (!route) {
      const targets = targetsFrom(this.routeList, from);
      const message = targets.length
        ? `cannot translate from ${from} to ${to}; from ${from} the available targets are: ${targets.join(', ')}`
        : `cannot translate from ${from}: it is not a supported source language (sources: ${[...new Set(this.routeList.map((r) => r.source))].sort().join(', ')})`;
      throw new ServiceError('unsupported_language_pair', message, [{ source: from, target: to, available_targets: targets }]);
    }
    return route.via ? [direction(from, route.via), direction(route.via, to)] : [direction(from, to)];
  }

  /** One string: a long one goes as several units (see split-units), translated side by side. */
  private async translateOne(text: string, legs: readonly string[], signal: AbortSignal): Promise<TranslatedText> {
    const pieces = splitIntoUnits(text);
    if (pieces.length === 1) return this.translateUnit(text, legs, signal);
    const parts = await Promise.all(pieces.map((piece) => this.translateUnit(piece, legs, signal)));
    return {
      text: parts.map((part) => part.text).join(''),
      words: parts.reduce((sum, part) => sum + part.words, 0),
      unknownWords: parts.reduce((sum, part) => sum + part.unknownWords, 0),
    };
  }

  /**
   * One unit: its leading and trailing whitespace is kept aside and put back (the engine would drop or move it);
   * the rest goes through each leg; the result is plain text without unknown-word marks. Its words are counted in
   * the input, its unknown words in the first leg's output (the source language's dictionary).
   */
  private async translateUnit(text: string, legs: readonly string[], signal: AbortSignal): Promise<TranslatedText> {
    const core = text.trim();
    if (!core) return { text, words: 0, unknownWords: 0 };
    const leading = text.slice(0, text.indexOf(core));
    const trailing = text.slice(leading.length + core.length);
    let { stream, blanks } = toStreamUnit(core);
    const { words } = countWords(stream);
    let unknownWords = 0;
    for (const [index, leg] of legs.entries()) {
      if (index > 0) stream = relayStream(stream, blanks);
      stream = await this.pool(leg).run(stream, signal);
      if (index === 0) unknownWords = Math.min(words, countWords(stream).unknown);
    }
    return { text: leading + reformat(stream, blanks).trim() + trailing, words, unknownWords };
  }
}

/** Words of a text not sent to the engine (same language), none of them marked. */
function countUnitWords(text: string): { words: number; unknownWords: number } {
  return { words: translatableWords(text), unknownWords: 0 };
}

const direction = (source: string, target: string) => `${source}>${target}`;

function languageCode(code: string, role: 'source' | 'target'): string {
  const normalized = typeof code === 'string' ? translationLanguageCode(code) : undefined;
  if (!normalized) throw new ServiceError('invalid_language_code', `${role} language: "${String(code)}" is not a known language code`, [{ field: `${role}_language`, rule: 'ISO 639-1 language code' }]);
  return normalized;
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`apertium: ${name} must be a positive number (got ${value})`);
  return value;
}

function describeSkipped(skipped: readonly SkippedMode[]): string {
  return skipped.map(({ mode, missing, failed }) => `${mode}: ${failed ? `failed when measured (${failed})` : `missing ${missing.join(', ')}`}`).join('; ');
}

import { ServiceError, targetsFrom, type TranslationRoute } from '@docsvc/schemas';
import { reformat, relayStream } from './escape.js';
import { normalizeLanguageCode } from '@docsvc/schemas';
import { DEFAULT_MODES_DIR, missingForMode, nullFlushStages, pickModePerDirection, pipelineCommand, readModeFiles, type ModeFile } from './mode-file.js';
import { PipelinePool } from './pipeline-pool.js';
import { toStreamUnit } from './protect-spans.js';
import { buildRoutes } from './routes.js';
import { splitIntoUnits } from './split-units.js';
import type { TranslationEngine } from './types.js';

export interface ApertiumOptions {
  /** Where the `.mode` files are. Default /usr/share/apertium/modes. */
  modesDir?: string;
  /** Pipelines per direction, default 1. Each is about 10 processes; a second one only starts under load. */
  poolSize?: number;
  /** A unit that takes longer means the pipeline is hung: kill, restart, retry once. Default 10 s. */
  unitTimeoutMs?: number;
  /** Start-up of a pipeline, dictionaries loaded and a first unit answered. Default 30 s. */
  startTimeoutMs?: number;
}

/** A direction the engine skipped at start-up, and why. */
export interface SkippedMode {
  mode: string;
  missing: string[];
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
    private readonly options: Required<Omit<ApertiumOptions, 'modesDir'>>,
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
    const modes = new Map<string, ModeFile>();
    const skipped: SkippedMode[] = [];
    for (const mode of pickModePerDirection(found)) {
      const stages = nullFlushStages(mode.stages);
      const missing = await missingForMode(stages);
      if (missing.length) skipped.push({ mode: mode.name, missing });
      else modes.set(direction(mode.source, mode.target), { ...mode, stages });
    }
    if (!modes.size) throw new Error(`apertium: no usable translation modes in ${modesDir}${skipped.length ? ` (${describeSkipped(skipped)})` : ''}`);
    const routes = buildRoutes([...modes.values()]);
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
    const from = languageCode(source, 'source');
    const to = languageCode(target, 'target');
    opts.signal?.throwIfAborted();
    if (from === to) return [...texts];
    const legs = this.legsFor(from, to);
    // The first failure stops the strings still queued: the call fails as a whole anyway.
    const stop = new AbortController();
    const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
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
  private async translateOne(text: string, legs: readonly string[], signal: AbortSignal): Promise<string> {
    const pieces = splitIntoUnits(text);
    if (pieces.length === 1) return this.translateUnit(text, legs, signal);
    return (await Promise.all(pieces.map((piece) => this.translateUnit(piece, legs, signal)))).join('');
  }

  /**
   * One unit: its leading and trailing whitespace is kept aside and put back (the engine would drop or move it);
   * the rest goes through each leg; the result is plain text without unknown-word marks.
   */
  private async translateUnit(text: string, legs: readonly string[], signal: AbortSignal): Promise<string> {
    const core = text.trim();
    if (!core) return text;
    const leading = text.slice(0, text.indexOf(core));
    const trailing = text.slice(leading.length + core.length);
    let { stream, blanks } = toStreamUnit(core);
    for (const [index, leg] of legs.entries()) {
      if (index > 0) stream = relayStream(stream, blanks);
      stream = await this.pool(leg).run(stream, signal);
    }
    return leading + reformat(stream, blanks).trim() + trailing;
  }
}

const direction = (source: string, target: string) => `${source}>${target}`;

function languageCode(code: string, role: 'source' | 'target'): string {
  const normalized = typeof code === 'string' ? normalizeLanguageCode(code) : undefined;
  if (!normalized) throw new ServiceError('invalid_language_code', `${role} language: "${String(code)}" is not a known language code`, [{ field: `${role}_language`, rule: 'ISO 639-1 language code' }]);
  return normalized;
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`apertium: ${name} must be a positive number (got ${value})`);
  return value;
}

function describeSkipped(skipped: readonly SkippedMode[]): string {
  return skipped.map(({ mode, missing }) => `${mode}: missing ${missing.join(', ')}`).join('; ');
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApertiumEngine } from './apertium-engine.js';
import { isRunning } from '@docsvc/test-kit';

/** Signals a process that may already be gone (a stage exits by itself once the stage before it died). */
const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
};

/** Several units (a long string is cut into units of at most 2,000 characters), so some wait behind the first. */
const LONG_TEXT = Array.from({ length: 300 }, (_, i) => `The cat number ${i} is black.`).join(' ');
/** A whole translation of LONG_TEXT has all its numbers, in order (a partial one would miss some). */
const expectWhole = (translation: string) => {
  expect(translation.match(/\d+/g)?.map(Number)).toEqual(Array.from({ length: 300 }, (_, i) => i));
  expect(translation).toMatch(/gato/);
};

describe('pipeline recovery (real Apertium)', () => {
  const engines: ApertiumEngine[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  // Routes unmeasured, so that en -> es is the direct direction whose pipelines these tests break (measured,
  // it goes through Catalan).
  const create = async (options: Parameters<typeof ApertiumEngine.create>[0] = {}) => {
    const engine = await ApertiumEngine.create({ measured: {}, ...options });
    engines.push(engine);
    return engine;
  };

  it('is not held up by the shell start-up files of the account it runs under', async () => {
    // bash reads ~/.bashrc when its stdin is a socket (as Node's pipes are) and SHLVL is unset, as
    // in a worker started with a bare environment; an rc file that blocks (a version manager's
    // rehash lock) must not hang the pipelines.
    const home = mkdtempSync(path.join(tmpdir(), 'docsvc-home-'));
    dirs.push(home);
    writeFileSync(path.join(home, '.bashrc'), 'sleep 600\n');
    writeFileSync(path.join(home, '.bash_profile'), 'sleep 600\n');
    const saved = { HOME: process.env.HOME, SHLVL: process.env.SHLVL };
    process.env.HOME = home;
    delete process.env.SHLVL;
    try {
      const engine = await create({ unitTimeoutMs: 5_000 });
      const [text] = await engine.translate(['The cat is black.'], 'en', 'es');
      expect(text).toMatch(/gato/);
    } finally {
      process.env.HOME = saved.HOME;
      if (saved.SHLVL !== undefined) process.env.SHLVL = saved.SHLVL;
    }
  });

  it('restarts a pipeline whose processes are killed mid-unit, and the request still succeeds', async () => {
    const engine = await create();
    await engine.warm('en', 'es');
    const [pipeline] = engine.pool('en>es').list();
    const stages = pipeline!.stagePids();
    expect(stages.length).toBeGreaterThanOrEqual(10);

    // The analyser is stopped first, so that the unit is certainly still in the pipeline when it dies, however
    // loaded the machine is.
    signal(stages[0]!, 'SIGSTOP');
    const pending = engine.translate([LONG_TEXT, 'The dog is big.'], 'en', 'es');
    expect(pipeline!.busy).toBe(true);
    for (const pid of stages) signal(pid, 'SIGKILL');

    const [long, dog] = await pending;
    expectWhole(long!);
    expect(dog).toBe('El perro es grande.');
    expect(pipeline!.alive).toBe(false);
    expect(engine.pool('en>es').stats()).toMatchObject({ started: 2, unitFailures: 1 });
    const [replacement] = engine.pool('en>es').list();
    expect(replacement).toBeDefined();
    expect(replacement!.pid).not.toBe(pipeline!.pid);
    await expect.poll(() => stages.filter(isRunning)).toEqual([]);
  });

  it('catches a stage that dies alone: the stages after it flush a partial answer, which is not returned', async () => {
    const engine = await create();
    await engine.warm('en', 'es');
    const [pipeline] = engine.pool('en>es').list();
    const stages = pipeline!.stagePids();
    signal(stages[0]!, 'SIGSTOP'); // holds the unit before the tagger
    const pending = engine.translate([LONG_TEXT], 'en', 'es');
    // The tagger dies alone: the stages after it see end-of-file and flush, each writing a NUL.
    signal(stages[1]!, 'SIGKILL');
    const [long] = await pending;
    expectWhole(long!);
    expect(pipeline!.alive).toBe(false);
    expect(engine.pool('en>es').stats()).toMatchObject({ started: 2, unitFailures: 1, lastFailure: expect.stringContaining('without its end marker') });
    await expect.poll(() => stages.filter(isRunning)).toEqual([]); // the stopped analyser too
  });

  it('detects a hung stage within unitTimeoutMs, kills it, restarts and retries', async () => {
    const unitTimeoutMs = 500;
    const engine = await create({ unitTimeoutMs });
    await engine.warm('es', 'en');
    const [pipeline] = engine.pool('es>en').list();
    const stages = pipeline!.stagePids();
    signal(stages[3]!, 'SIGSTOP');

    const started = performance.now();
    const [out] = await engine.translate(['El gato es negro.'], 'es', 'en');
    const elapsed = performance.now() - started;
    expect(out).toBe('The cat is black.');
    expect(elapsed).toBeGreaterThanOrEqual(unitTimeoutMs - 5);
    expect(elapsed).toBeLessThan(unitTimeoutMs + 5_000); // the timeout, then a restart (0.1-0.5 s) and the retry
    expect(pipeline!.alive).toBe(false);
    expect(engine.pool('es>en').stats()).toMatchObject({ started: 2, unitFailures: 1, lastFailure: expect.stringContaining(`no answer within ${unitTimeoutMs} ms`) });
    await expect.poll(() => stages.filter(isRunning)).toEqual([]); // the stopped stage too
  });

  it('rejects with a retryable error when a pipeline fails twice', async () => {
    // A real pipeline that dies: its last stage exits after the first answer.
    const dir = mkdtempSync(path.join(tmpdir(), 'apertium-modes-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'eng-spa.mode'), "lt-proc '/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin' | head -n 1\n");
    writeFileSync(path.join(dir, 'spa-eng.mode'), "lt-proc '/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin' | tail -f /dev/null\n");
    const engine = await create({ modesDir: dir, unitTimeoutMs: 300, startTimeoutMs: 300 });
    expect(engine.routes()).toEqual([
      { source: 'en', target: 'es', direct: true },
      { source: 'es', target: 'en', direct: true },
    ]);
    // Dies after its first answer (the start-up probe): every unit meets a dead pipeline.
    await expect(engine.translate(['The cat is black.'], 'en', 'es')).rejects.toMatchObject({ code: 'internal_error', retryable: true });
    // Never answers: both starts time out.
    await expect(engine.translate(['El gato es negro.'], 'es', 'en')).rejects.toMatchObject({ code: 'internal_error', retryable: true });
  });
});

import type { Job } from 'bullmq';
import { translateRoutesKey, type TranslateJob, type TranslateResult } from '@docsvc/queue';
import { DETECTABLE_LANGUAGES } from '@docsvc/language-id';
import { translationLanguageCode, type TranslationCatalog } from '@docsvc/schemas';
import { ApertiumEngine, type TranslationEngine } from '@docsvc/translate-engine';
import { runWorker } from '@docsvc/worker-runtime';
import { translateWorkerConfig as config } from './config.js';
import { translateChunk } from './translate-chunk.js';

let engine: TranslationEngine | undefined;

/** Translates chunks of strings with warm Apertium pipelines; publishes the routes it offers. */
await runWorker<TranslateJob, TranslateResult>({
  app: 'worker-translate',
  kind: 'translate',
  concurrency: config.TRANSLATE_CONCURRENCY,
  setup: async (ctx) => {
    const apertium = await ApertiumEngine.create({ poolSize: config.TRANSLATE_PIPELINES, unitTimeoutMs: config.TRANSLATE_UNIT_TIMEOUT_MS });
    engine = apertium;
    const routes = engine.routes();
    for (const { mode, missing, failed } of apertium.skipped) ctx.log.info({ mode, ...(failed ? { failed } : { missing: missing.slice(0, 3) }) }, 'translation direction left out');
    const catalog: TranslationCatalog = { routes, detectable: [...new Set(DETECTABLE_LANGUAGES.map((code) => translationLanguageCode(code) ?? code))].sort() };
    // Every worker has the same Debian packages; the last one to start writes the catalogue the API reads.
    const publish = () => ctx.redis.set(translateRoutesKey(ctx.prefix), JSON.stringify(catalog));
    await publish();
    // Again after every reconnection: a Redis that restarted without its data must not leave the
    // API without routes (it would refuse every translation until a worker restarts).
    ctx.redis.on('ready', () => void publish().catch((err: unknown) => ctx.log.warn({ err }, 'translation routes not published')));
    ctx.log.info({ routes: routes.length, direct: routes.filter((r) => r.direct).length }, 'translation engine warm');
  },
  teardown: async () => {
    await engine?.close();
  },
  processor: async (job) => {
    if (!engine) throw new Error('translation engine not ready');
    return translateChunk(job as Job<TranslateJob>, engine);
  },
});

export type { TranslationEngine } from './types.js';
export { ApertiumEngine, type ApertiumOptions, type SkippedMode } from './apertium-engine.js';
export type { PipelinePool } from './pipeline-pool.js';
export type { Pipeline } from './pipeline.js';
export { normalizeLanguageCode, ISO_639_1_CODES } from '@docsvc/schemas';
export { buildRoutes } from './routes.js';
export { DEFAULT_MODES_DIR } from './mode-file.js';
export { MAX_UNIT_CHARS } from './split-units.js';

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { listInstalledLanguages } from './languages.js';
import type { ModelChoice } from './types.js';

/**
 * The npm packages whose `best_int` models ship with the service, by language: tesseract's more
 * accurate LSTM models (integer weights, 1.2-1.3x the CPU of Debian's fast ones). One reading of a
 * receipt with them and one with the fast model disagree where either misreads, which is what a
 * prompt's fields are looked for in (README, "Fields").
 */
const BEST_MODEL_PACKAGES: Readonly<Record<string, string>> = { eng: '@tesseract.js-data/eng' };
/** The folder of the package that holds the best_int model (beside 4.0.0/, the legacy+LSTM one). */
const BEST_INT_FOLDER = '4.0.0_best_int';

const require = createRequire(import.meta.url);

/**
 * A folder of `<lang>.traineddata` best models, or null where there are none: `configured` (e.g.
 * a tessdata_best checkout) where given, none for null, else the npm packages' best_int models,
 * unpacked once into the system's temporary folder (tesseract's CLI reads no gzip). The unpacking
 * writes a file of its own and renames it, so workers starting together never see half a model.
 */
export function bestModelPath(configured?: string | null): string | null {
  if (configured === null) return null;
  if (configured !== undefined) {
    const path = resolve(configured);
    return listInstalledLanguages(path).length > 0 ? path : null;
  }
  const sources = Object.entries(BEST_MODEL_PACKAGES).flatMap(([code, pkg]) => {
    try {
      const manifest = require.resolve(`${pkg}/package.json`);
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
      return [{ code, version, gz: join(dirname(manifest), BEST_INT_FOLDER, `${code}.traineddata.gz`) }];
    } catch {
      return [];
    }
  });
  if (sources.length === 0) return null;
  const folder = join(tmpdir(), `docsvc-best-models-${sources.map((s) => `${s.code}-${s.version}`).join('-')}`);
  mkdirSync(folder, { recursive: true });
  for (const { code, gz } of sources) {
    const target = join(folder, `${code}.traineddata`);
    if (existsSync(target)) continue;
    const part = `${target}.${process.pid}.${Date.now()}.part`;
    writeFileSync(part, gunzipSync(readFileSync(gz)));
    renameSync(part, target);
  }
  return folder;
}

/** The installed languages that have a best model in `bestLangPath`. */
export const bestLanguagesOf = (bestLangPath: string | null, installed: readonly string[]): string[] =>
  bestLangPath ? listInstalledLanguages(bestLangPath).filter((code) => installed.includes(code)) : [];

/** Whether a page of `language` (a parsed set) asked for `model` is read with best models: only where every language of the set has one. */
export const readsWithBest = (language: string, model: ModelChoice | undefined, best: readonly string[]): boolean =>
  model === 'best' && language.split('+').every((code) => best.includes(code));

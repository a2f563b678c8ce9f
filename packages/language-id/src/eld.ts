import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What this package uses of an eld instance (eld 2.1.0, pinned). */
export interface EldResult {
  language: string;
  getScores(): Record<string, number>;
  isReliable(): boolean;
}
export interface EldInstance {
  detect(text: string): EldResult;
  enableTextCleanup(on: boolean): void;
}

/**
 * eld's 'small' database, read from the JSON that this package's build writes (scripts/eld-data.mjs),
 * into an instance of eld's own detector. Why not `import 'eld/small'`: evaluating eld's JS module
 * leaves about 150 MB of resident memory behind, the JSON about 45 MB (measured, Node 24), which
 * matters in worker-ocr. Loaded once, on first use (about 0.1 s).
 *
 * eld's small database: on this service's languages it named the language of short phrases as well as
 * the medium and large ones (47 of 48 two-to-five-word phrases for each size) and got a Catalan sentence
 * right that the extra-small one called Spanish. Text clean-up is on: it drops URLs, e-mail addresses
 * and numbers before scoring, which carry no language.
 */
let instance: EldInstance | undefined;

/** The `dist/` folder of this package, from src/ (tests) or dist/ (built code) alike. */
const DATA_FILE = fileURLToPath(new URL('../dist/eld-small.json', import.meta.url));

/** eld's folder (its package.json exports neither itself nor a CommonJS entry to resolve). */
export function eldPackageDir(): string {
  const dir = (createRequire(import.meta.url).resolve.paths('eld') ?? []).map((base) => join(base, 'eld')).find((d) => existsSync(join(d, 'package.json')));
  if (!dir) throw new Error('the eld package is not installed');
  return dir;
}

export function eld(): EldInstance {
  if (instance) return instance;
  // Synchronous (Node >= 22 requires ES modules), so that detection stays a plain function call.
  const require = createRequire(import.meta.url);
  const detectorFile = join(eldPackageDir(), 'src', 'languageDetector.js');
  const { createEld } = require(detectorFile) as { createEld(): { instance: EldInstance; loadData(data: unknown): boolean } };
  const created = createEld();
  if (!created.loadData(JSON.parse(readFileSync(DATA_FILE, 'utf8')))) throw new Error(`eld did not accept its database ${DATA_FILE}`);
  created.instance.enableTextCleanup(true);
  instance = created.instance;
  return instance;
}

import { access, readdir, readFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { sourceLanguagesOf, targetLanguageOf } from './apertium-codes.js';

export const DEFAULT_MODES_DIR = '/usr/share/apertium/modes';

/** One installed translation direction, read from its `.mode` file. */
export interface ModeFile {
  /** File name without `.mode`, e.g. 'eng-spa' or 'es-pt_BR'. */
  name: string;
  path: string;
  /** ISO 639-1 codes (see apertium-codes: 'hbs-eng' is a mode of hr, sr and bs). */
  source: string;
  target: string;
  /** Regional or orthographic variant ('BR', 'valencia'), absent for the plain pair. */
  variant?: string;
  /** The stages as argument vectors, exactly as the file has them (placeholders `$1`, `$2` still in). */
  stages: string[][];
}

/**
 * Splits a mode file's shell pipeline into stages and their arguments. Mode files are one line of
 * `program 'arg' ... | program ...`; single and double quotes and backslashes are honoured.
 */
export function parseModeCommand(text: string): string[][] {
  const stages: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? '') + text.slice(i + 1, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    } else if (ch === '"') {
      let quoted = '';
      for (i++; i < text.length && text[i] !== '"'; i++) quoted += text[i] === '\\' ? (text[++i] ?? '') : text[i];
      word = (word ?? '') + quoted;
    } else if (ch === '\\') {
      word = (word ?? '') + (text[++i] ?? '');
    } else if (ch === '|') {
      endWord();
      if (words.length) stages.push(words);
      words = [];
    } else if (/\s/.test(ch)) {
      endWord();
    } else {
      word = (word ?? '') + ch;
    }
  }
  endWord();
  if (words.length) stages.push(words);
  return stages;
}

/**
 * The wblank stages re-attach word-bound blanks; they do not flush on NUL, so a persistent pipeline would
 * never answer (and plain text has no word-bound blanks to keep).
 */
const NON_FLUSHING_STAGES = new Set(['apertium-wblank-attach', 'apertium-wblank-detach']);

/**
 * The stages of a persistent pipeline: every program in null-flush mode (`-z` right after the program name, as
 * `apertium-wblank-mode -z` does it), without the wblank stages, with the mode's placeholders filled the way the
 * `apertium` script fills them: `$1` is the generator's option (`-g`: mark unknown words, which reformat strips,
 * so they are recognisable rather than silently mangled), `$2` the tagger's extra option (none).
 */
export function nullFlushStages(stages: readonly string[][]): string[][] {
  return stages
    .filter(([program]) => program !== undefined && !NON_FLUSHING_STAGES.has(path.basename(program)))
    .map(([program, ...args]) => {
      const filled = args.map((arg) => arg.replaceAll('$1', '-g').replaceAll('$2', '')).filter((arg) => arg !== '');
      return [program!, ...(filled.includes('-z') ? [] : ['-z']), ...filled];
    });
}

/** Quotes a word for bash. */
const shellQuote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The stages as one bash pipeline. */
export function pipelineCommand(stages: readonly string[][]): string {
  return stages.map((stage) => stage.map(shellQuote).join(' ')).join(' | ');
}

const MODE_NAME = /^([a-zA-Z]{2,3})-([a-zA-Z]{2,3})(?:_(\w+))?$/;

/**
 * The directions a mode name stands for: `src-tgt` or `src-tgt_variant` with codes the service knows; none for
 * debug modes ('eng-spa-tagger'), domain modes ('eco-fr-es') and unknown codes.
 */
function directionsOfName(name: string): Array<Pick<ModeFile, 'source' | 'target' | 'variant'>> {
  const match = MODE_NAME.exec(name);
  if (!match) return [];
  const target = targetLanguageOf(match[2]!, match[3]);
  if (!target) return [];
  return sourceLanguagesOf(match[1]!)
    .filter((source) => source !== target.language)
    .map((source) => ({ source, target: target.language, ...(target.variant ? { variant: target.variant } : {}) }));
}

/**
 * Reads `modesDir` and returns the installed directions (a mode whose source code stands for several languages
 * gives one direction each).
 */
export async function readModeFiles(modesDir: string = DEFAULT_MODES_DIR): Promise<ModeFile[]> {
  const names = (await readdir(modesDir)).filter((file) => file.endsWith('.mode')).sort();
  const modes: ModeFile[] = [];
  for (const file of names) {
    const name = file.slice(0, -'.mode'.length);
    const directions = directionsOfName(name);
    if (!directions.length) continue;
    const filePath = path.join(modesDir, file);
    const stages = parseModeCommand(await readFile(filePath, 'utf8'));
    if (!stages.length) continue;
    for (const direction of directions) modes.push({ name, path: filePath, ...direction, stages });
  }
  return modes;
}

/**
 * Directions a pair package ships the data of but does not install as a `.mode` file (`install="no"` in its
 * modes.xml): Debian's apertium-es-ro installs ro-es only, yet ships every file of es-ro, the one way from
 * Spanish (and so from English) to Romanian. Each such mode is built from its modes.xml pipeline, with its files
 * in the pair's folder; installed `.mode` files are read first, and missing files skip the mode (missingForMode).
 */
export async function readUninstalledModes(dataDir: string = path.dirname(DEFAULT_MODES_DIR)): Promise<ModeFile[]> {
  let folders: string[];
  try {
    folders = (await readdir(dataDir)).filter((entry) => entry.startsWith('apertium-')).sort();
  } catch {
    return [];
  }
  const modes: ModeFile[] = [];
  for (const folder of folders) {
    const file = path.join(dataDir, folder, 'modes.xml');
    const xml = await readFile(file, 'utf8').catch(() => undefined);
    if (xml === undefined) continue;
    for (const [, attributes = '', body = ''] of xml.matchAll(/<mode\b([^>]*)>([\s\S]*?)<\/mode>/g)) {
      const name = /\bname="([^"]+)"/.exec(attributes)?.[1];
      if (!name || !/\binstall="no"/.test(attributes)) continue;
      const stages = [...body.matchAll(/<program\b[^>]*\bname="([^"]+)"[^>]*?(?:\/>|>([\s\S]*?)<\/program>)/g)].map(([, program = '', files = '']) => [
        ...program.trim().split(/\s+/),
        ...[...files.matchAll(/<file\b[^>]*\bname="([^"]+)"/g)].map(([, fileName = '']) => path.join(dataDir, folder, fileName)),
      ]);
      if (!stages.length) continue;
      for (const direction of directionsOfName(name)) modes.push({ name, path: file, ...direction, stages });
    }
  }
  return modes;
}

/**
 * One mode per direction: the plain pair where it is installed, otherwise its first variant (so that a machine
 * with only 'es-pt_BR' still translates es -> pt).
 */
export function pickModePerDirection(modes: readonly ModeFile[]): ModeFile[] {
  const byDirection = new Map<string, ModeFile>();
  for (const mode of modes) {
    const key = `${mode.source}>${mode.target}`;
    const held = byDirection.get(key);
    if (!held || (held.variant !== undefined && mode.variant === undefined)) byDirection.set(key, mode);
  }
  return [...byDirection.values()];
}

/** What a mode needs that is not there: programs missing from PATH, data files missing from disk. */
export async function missingForMode(stages: readonly string[][], searchPath = process.env.PATH ?? ''): Promise<string[]> {
  const missing: string[] = [];
  for (const [program, ...args] of stages) {
    if (program && !(await findProgram(program, searchPath))) missing.push(program);
    for (const arg of args) if (arg.startsWith('/') && !(await isReadable(arg))) missing.push(arg);
  }
  return missing;
}

async function findProgram(program: string, searchPath: string): Promise<boolean> {
  if (program.includes('/')) return isExecutable(program);
  for (const dir of searchPath.split(':')) if (dir && (await isExecutable(path.join(dir, program)))) return true;
  return false;
}

const isExecutable = (file: string) => access(file, constants.X_OK).then(() => true, () => false);
const isReadable = (file: string) => access(file, constants.R_OK).then(() => true, () => false);

/**
 * Debian bookworm's apertium-eo-ca and apertium-eo-es install their data under `apertium-ca-eo/` and
 * `apertium-es-eo/`, while their mode files name `apertium-eo-ca/` and `apertium-eo-es/`: every file of the mode
 * is "missing". A data file missing from a pair folder `apertium-a-b` is looked for in `apertium-b-a`, and the
 * mode takes that path when it is there (nothing else is guessed).
 */
export async function relocateMisplacedFiles(stages: readonly string[][]): Promise<string[][]> {
  return Promise.all(
    stages.map((stage) =>
      Promise.all(
        stage.map(async (arg) => {
          const match = /^(.*\/apertium-)([a-z]{2,3})-([a-z]{2,3})(\/[^/]+)$/.exec(arg);
          if (!match || (await isReadable(arg))) return arg;
          const swapped = `${match[1]}${match[3]}-${match[2]}${match[4]}`;
          return (await isReadable(swapped)) ? swapped : arg;
        }),
      ),
    ),
  );
}

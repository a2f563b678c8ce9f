import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import { FORMATS, FORMAT_NAMES, type FormatName } from '@docsvc/renderers';

/** The formats the service writes (its format table), and the file extension each gets. */
export { FORMAT_NAMES };
export type Format = FormatName;

/** Where each format of a document is written. */
export type Targets = Record<Format, string>;

/** Two documents' outputs on one path, or an output on a document: nothing is written. */
export class OutputClash extends Error {}

/**
 * Where each document's outputs go: its relative path under `out` with the format's extension
 * (`letters/a.pdf` -> `letters/a.txt`), or with the document's own extension kept as well
 * (`a.pdf.pdf`, `a.png.txt`) where the short name would be a document itself (a searchable PDF written
 * over its source when --out is the input folder) or another document's output (`a.png` beside `a.jpg`).
 * Throws OutputClash if a clash remains, rather than write one file over another.
 */
export function planOutputs(out: string, inputs: ReadonlyArray<{ file: string; relative: string }>, formats: readonly Format[]): Map<string, Targets> {
  const named = (relative: string, keepExtension: boolean) => {
    const { dir, name, base } = path.parse(relative);
    return Object.fromEntries(formats.map((f) => [f, path.resolve(out, dir, `${keepExtension ? base : name}.${FORMATS[f].extension}`)])) as Targets;
  };
  const documents = new Set(inputs.map((i) => path.resolve(i.file)));
  const uses = new Map<string, number>();
  for (const input of inputs) for (const target of Object.values(named(input.relative, false))) uses.set(target, (uses.get(target) ?? 0) + 1);
  const plan = new Map<string, Targets>();
  const taken = new Map<string, string>();
  for (const input of inputs) {
    const short = named(input.relative, false);
    const clashes = Object.values(short).some((t) => documents.has(t) || uses.get(t)! > 1);
    const targets = clashes ? named(input.relative, true) : short;
    for (const target of Object.values(targets)) {
      const other = taken.get(target) ?? (documents.has(target) ? target : undefined);
      if (other !== undefined) throw new OutputClash(`${input.file}: its output ${target} would overwrite ${other}; choose another --out`);
      taken.set(target, input.file);
    }
    plan.set(input.relative, targets);
  }
  return plan;
}

/** What a finished document left, kept beside the outputs so that a second run can skip it. */
interface State {
  sha256: string;
  formats: Format[];
  /** The files written, relative to --out: with --out over the input folder they are not documents to read. */
  outputs?: string[];
}
const statePath = (out: string, relative: string) => path.join(out, '.docsvc', `${relative}.json`);

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether the outputs of this very input (same content hash) in every wanted format are there already. */
export async function isDone(out: string, relative: string, sha256: string, targets: Targets, formats: readonly Format[]): Promise<boolean> {
  let state: State;
  try {
    state = JSON.parse(await readFile(statePath(out, relative), 'utf8')) as State;
  } catch {
    return false;
  }
  if (state.sha256 !== sha256 || !formats.every((f) => state.formats.includes(f))) return false;
  for (const f of formats) {
    try {
      await stat(targets[f]);
    } catch {
      return false;
    }
  }
  return true;
}

export async function markDone(out: string, relative: string, sha256: string, targets: Targets, formats: readonly Format[]): Promise<void> {
  const file = statePath(out, relative);
  await mkdir(path.dirname(file), { recursive: true });
  const outputs = formats.map((f) => path.relative(path.resolve(out), targets[f]));
  await writeFile(file, JSON.stringify({ sha256, formats: [...formats], outputs } satisfies State));
}

/** Every file earlier runs wrote under `out` (absolute paths), as their state records them. */
export async function writtenOutputs(out: string): Promise<Set<string>> {
  const written = new Set<string>();
  const root = path.join(out, '.docsvc');
  let entries: string[];
  try {
    entries = (await readdir(root, { recursive: true })).filter((e) => e.endsWith('.json'));
  } catch {
    return written; // no run yet
  }
  for (const entry of entries) {
    try {
      const state = JSON.parse(await readFile(path.join(root, entry), 'utf8')) as State;
      for (const output of state.outputs ?? []) written.add(path.resolve(out, output));
    } catch {
      // a state file cut short by a crash: its document is simply done again
    }
  }
  return written;
}

/**
 * Output files written as `<name>.partial` and renamed into place once whole, so that an interrupted
 * run never leaves a partial output under its final name; `removeAll` deletes the ones in progress.
 */
export class PartialFiles {
  private readonly open = new Set<string>();

  async write(final: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const partial = `${final}.partial`;
    await mkdir(path.dirname(final), { recursive: true });
    this.open.add(partial);
    try {
      await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), createWriteStream(partial));
      await rename(partial, final);
    } finally {
      this.open.delete(partial);
      await rm(partial, { force: true });
    }
  }

  async removeAll(): Promise<void> {
    await Promise.all([...this.open].map((f) => rm(f, { force: true })));
  }
}

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** The formats the service writes, and the file extension each gets. */
export const FORMATS = { json: 'json', text: 'txt', pdf: 'pdf', hocr: 'hocr', alto: 'xml' } as const;
export type Format = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as Format[];

/** Where a document's output in `format` goes: its relative path under `out`, with the format's extension. */
export function outputPath(out: string, relative: string, format: Format): string {
  const { dir, name } = path.parse(relative);
  return path.join(out, dir, `${name}.${FORMATS[format]}`);
}

/** What a finished document left, kept beside the outputs so that a second run can skip it. */
interface State {
  sha256: string;
  formats: Format[];
}
const statePath = (out: string, relative: string) => path.join(out, '.docsvc', `${relative}.json`);

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether the outputs of this very input (same content hash) in every wanted format are there already. */
export async function isDone(out: string, relative: string, sha256: string, formats: readonly Format[]): Promise<boolean> {
  let state: State;
  try {
    state = JSON.parse(await readFile(statePath(out, relative), 'utf8')) as State;
  } catch {
    return false;
  }
  if (state.sha256 !== sha256 || !formats.every((f) => state.formats.includes(f))) return false;
  for (const f of formats) {
    try {
      await stat(outputPath(out, relative, f));
    } catch {
      return false;
    }
  }
  return true;
}

export async function markDone(out: string, relative: string, sha256: string, formats: readonly Format[]): Promise<void> {
  const file = statePath(out, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ sha256, formats: [...formats] } satisfies State));
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

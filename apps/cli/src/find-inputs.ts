import { readdir, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';

/** The files the service reads (by extension; the service itself decides from the bytes). */
export const SUPPORTED = new Set(['.pdf', '.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp', '.gif', '.bmp']);

export interface Input {
  /** The file on disk. */
  file: string;
  /** Its path under --out: relative to the folder given, or its name for a file given directly. */
  relative: string;
}

/** Paths given that cannot be read (missing, not allowed): one line each, `<path>: <why>`; nothing is sent. */
export class UnreadableInputs extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** Why a file-system error keeps a path from being read, in words; undefined for an error that is no such reason. */
function reasonOf(err: unknown): string | undefined {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'too many symbolic links';
    default:
      return undefined;
  }
}

/**
 * Every supported file of the paths given: folders walked (their subfolders with `recursive`), in a
 * stable order. Throws UnreadableInputs, naming every path given that cannot be read, before walking any.
 */
export async function findInputs(paths: readonly string[], recursive: boolean): Promise<Input[]> {
  const given: Array<{ path: string; info: Stats }> = [];
  const unreadable: string[] = [];
  for (const p of paths) {
    try {
      const info = await stat(p);
      if (info.isFile() || info.isDirectory()) given.push({ path: p, info });
      else unreadable.push(`${p}: not a file or folder`);
    } catch (err) {
      const reason = reasonOf(err);
      if (reason === undefined) throw err;
      unreadable.push(`${p}: ${reason}`);
    }
  }
  if (unreadable.length > 0) throw new UnreadableInputs(unreadable);

  const found: Input[] = [];
  const walk = async (root: string, dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      const reason = reasonOf(err);
      throw reason === undefined ? err : new UnreadableInputs([`${dir}: ${reason}`]);
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (recursive && !entry.name.startsWith('.')) await walk(root, full);
      } else if (entry.isFile() && SUPPORTED.has(path.extname(entry.name).toLowerCase())) {
        found.push({ file: full, relative: path.relative(root, full) });
      }
    }
  };
  for (const { path: p, info } of given) {
    if (info.isFile()) found.push({ file: p, relative: path.basename(p) });
    else await walk(p, p);
  }
  return found;
}

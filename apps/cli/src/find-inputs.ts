import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The files the service reads (by extension; the service itself decides from the bytes). */
export const SUPPORTED = new Set(['.pdf', '.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp', '.gif', '.bmp']);

export interface Input {
  /** The file on disk. */
  file: string;
  /** Its path under --out: relative to the folder given, or its name for a file given directly. */
  relative: string;
}

/** Every supported file of the paths given: folders walked (their subfolders with `recursive`), in a stable order. */
export async function findInputs(paths: readonly string[], recursive: boolean): Promise<Input[]> {
  const found: Input[] = [];
  for (const given of paths) {
    const info = await stat(given);
    if (info.isFile()) {
      found.push({ file: given, relative: path.basename(given) });
      continue;
    }
    const walk = async (dir: string): Promise<void> => {
      for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (recursive && !entry.name.startsWith('.')) await walk(full);
        } else if (entry.isFile() && SUPPORTED.has(path.extname(entry.name).toLowerCase())) {
          found.push({ file: full, relative: path.relative(given, full) });
        }
      }
    };
    await walk(given);
  }
  return found;
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Pages from this size are handed to tesseract as a file, named on its stdin, not as their bytes:
 * the CLI reads stdin a character at a time, 0.22-0.24 s for an 8.7 MB PGM (a 300-DPI page's
 * pixels, a PDF page's raster) against a file read at once (tesseract by hand, one page in
 * Spanish: 2.53-2.59 s from stdin, 2.32-2.34 s named on stdin, the same hOCR). Below it (a
 * scan's JPEG or TIFF) the bytes go as they are.
 */
const FILE_FROM_BYTES = 1 << 20;

/** What tesseract is given on stdin for a page, and what to do once its process is gone. */
export interface PageInput {
  stdin: Uint8Array;
  done(): Promise<void>;
}

/**
 * The files large pages are written to, in a folder of their own (made when first needed, removed
 * on close); each file is removed once its process is gone. Where the folder cannot be made or a
 * file written, the page goes on stdin as before.
 */
export class PageFiles {
  private folder: Promise<string | null> | undefined;
  private count = 0;

  async inputFor(bytes: Uint8Array): Promise<PageInput> {
    const asBytes = { stdin: bytes, done: async () => {} };
    if (bytes.length < FILE_FROM_BYTES) return asBytes;
    const folder = await (this.folder ??= mkdtemp(join(tmpdir(), 'docsvc-pages-')).catch(() => null));
    if (!folder) return asBytes;
    const path = join(folder, `page-${(this.count += 1)}`);
    try {
      await writeFile(path, bytes);
    } catch {
      await rm(path, { force: true }).catch(() => {});
      return asBytes;
    }
    // The CLI takes input that is not an image as a list of files, one a line.
    return { stdin: new TextEncoder().encode(`${path}\n`), done: () => rm(path, { force: true }).catch(() => {}) };
  }

  async close(): Promise<void> {
    const folder = await this.folder;
    this.folder = undefined;
    if (folder) await rm(folder, { recursive: true, force: true }).catch(() => {});
  }
}

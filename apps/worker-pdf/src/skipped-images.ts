import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SkippedImage } from '@docsvc/schemas';
import { qpdf } from './searchable/qpdf.js';

/** qpdf's JSON (version 2) page list: each page's images with their declared size. */
interface QpdfPages {
  pages: Array<{ images?: Array<{ width?: unknown; height?: unknown }> }>;
}

/**
 * The images of a PDF's pages over `maxPixels`: pdf.js leaves them out of a page's rendering without
 * decoding them (a 35000x35000 JBIG2 is a few KB), so the answer says so instead of a blank page
 * passing for one. Read from the declared sizes in qpdf's page list (its objects, no stream data: about
 * 40 ms a document, most of it starting qpdf, while pdf.js counts the pages). Never fails a document: where qpdf cannot tell (not installed, a file it
 * cannot parse, which pdf.js may still read), none is reported and `onError` hears why.
 */
export async function skippedImagesOf(bytes: Uint8Array, maxPixels: number, onError: (err: unknown) => void): Promise<SkippedImage[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsvc-images-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, bytes);
    const json = JSON.parse(await qpdf(['--json=2', '--json-key=pages', file], { maxBuffer: 256 * 1024 * 1024 })) as QpdfPages;
    return json.pages.flatMap((page, i) =>
      (page.images ?? []).flatMap(({ width, height }) =>
        typeof width === 'number' && typeof height === 'number' && width * height > maxPixels ? [{ page: i + 1, width, height }] : [],
      ),
    );
  } catch (err) {
    onError(err);
    return [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import sharp, { type Metadata } from 'sharp';
import { assertPixelLimit, invalidDocument } from './errors.js';
import type { ImageKind } from './types.js';
import type { GrayImage } from '@docsvc/image';

// libvips' operation cache (up to 50 MB of decoded pixels by default) never hits here: every input
// is a new document. Off, it stops holding a page's pixels after the page is done.
sharp.cache(false);

export type SharpKind = Exclude<ImageKind, 'bmp'>;

/** sharp's complaints about an input are the document's fault; running out of memory is not. */
export function mapSharpError(kind: SharpKind, err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/out of memory/i.test(message)) return err instanceof Error ? err : new Error(message);
  const reason = message.split('\n')[0]!.trim() || 'the decoder failed';
  return invalidDocument(kind, reason);
}

/** Header only, nothing decoded. sharp's own pixel limit is off here so that we can report the size. */
export async function readMetadata(bytes: Uint8Array, kind: SharpKind, page = 0): Promise<Metadata> {
  try {
    return await sharp(bytes, { page, limitInputPixels: false }).metadata();
  } catch (err) {
    throw mapSharpError(kind, err);
  }
}

/** Pages the service reads: TIFF pages; GIF and animated WebP count as their first frame. */
export const pagesOf = (kind: SharpKind, meta: Metadata): number => (kind === 'tiff' ? (meta.pages ?? 1) : 1);

/**
 * Page count and the first page's dimensions checked against the limit, from the header only.
 * Each further TIFF page is checked by imagePageForOcr before it is decoded: reading every page's
 * header here costs O(pages²) in libtiff (1.5 s for 300 pages).
 */
export async function inspectSharpImage(bytes: Uint8Array, kind: SharpKind, maxPixels: number): Promise<number> {
  const first = await readMetadata(bytes, kind);
  assertPixelLimit(first.width, first.height, maxPixels);
  return pagesOf(kind, first);
}

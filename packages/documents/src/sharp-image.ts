import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { assertPixelLimit, invalidDocument } from './errors.js';
import type { GrayImage, ImageKind } from './types.js';

// libvips' operation cache (up to 50 MB of decoded pixels by default) never hits here: every input
// is a new document. Off, it stops holding a page's pixels after the page is done.
sharp.cache(false);

export type SharpKind = Exclude<ImageKind, 'bmp'>;

/** sharp's complaints about an input are the document's fault; running out of memory is not. */
function mapSharpError(kind: SharpKind, err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/out of memory/i.test(message)) return err instanceof Error ? err : new Error(message);
  const reason = message.split('\n')[0]!.trim() || 'the decoder failed';
  return invalidDocument(kind, reason);
}

/** Header only, nothing decoded. sharp's own pixel limit is off here so that we can report the size. */
async function readMetadata(bytes: Uint8Array, kind: SharpKind, page = 0): Promise<Metadata> {
  try {
    return await sharp(bytes, { page, limitInputPixels: false }).metadata();
  } catch (err) {
    throw mapSharpError(kind, err);
  }
}

/** Pages the service reads: TIFF pages; GIF and animated WebP count as their first frame. */
const pagesOf = (kind: SharpKind, meta: Metadata): number => (kind === 'tiff' ? (meta.pages ?? 1) : 1);

/**
 * Page count and the first page's dimensions checked against the limit, from the header only.
 * Each further TIFF page is checked by decodeSharpGray before it is decoded: reading every page's
 * header here costs O(pages²) in libtiff (1.5 s for 300 pages).
 */
export async function inspectSharpImage(bytes: Uint8Array, kind: SharpKind, maxPixels: number): Promise<number> {
  const first = await readMetadata(bytes, kind);
  assertPixelLimit(first.width, first.height, maxPixels);
  return pagesOf(kind, first);
}

/** One page as 8-bit gray: upright from EXIF, alpha flattened on white, CMYK/palette/16-bit converted. */
export async function decodeSharpGray(
  bytes: Uint8Array,
  kind: SharpKind,
  pageIndex: number,
  maxPixels: number,
): Promise<GrayImage> {
  const first = await readMetadata(bytes, kind);
  const pages = pagesOf(kind, first);
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= pages) {
    throw new RangeError(`page index ${pageIndex} is out of range: the ${kind} image has ${pages} page(s)`);
  }
  const meta = pageIndex === 0 ? first : await readMetadata(bytes, kind, pageIndex);
  assertPixelLimit(meta.width, meta.height, maxPixels);

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, {
      page: pageIndex,
      pages: 1,
      limitInputPixels: maxPixels, // a backstop: the header was checked above
      failOn: 'error', // truncated or corrupt pixel data is refused, mere warnings are not
      autoOrient: true,
    })
      .flatten({ background: '#ffffff' })
      .toColourspace('b-w')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw mapSharpError(kind, err);
  }
  const { data, info } = decoded;
  if (info.channels !== 1) throw new Error(`sharp gave ${info.channels} channels after conversion to gray`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

import sharp, { type Metadata } from 'sharp';
import { decodeBmpGray, readBmpHeader } from './bmp.js';
import { assertPixelLimit, invalidDocument, knownKind } from './errors.js';
import { mapSharpError, readMetadata, pagesOf, type SharpKind } from './sharp-image.js';
import { MAX_PAGE_SIDE } from './render-dpi.js';
import type { DocumentLimits } from './types.js';
import type { RawImage } from '@docsvc/image';

/**
 * A page of an image document as the OCR engine should get it:
 * - `original`: the file's own bytes, for the engine's reader (Leptonica) to decode exactly as the
 *   `tesseract` command would, alpha, 16-bit samples, palettes and CMYK included (it converts them
 *   itself). Colour stays colour: tesseract binarises colour pages itself, and a gray conversion of
 *   ours lost words on a photographed bill (0.888 against 0.944 on the original).
 * - `pixels`: exact 8-bit pixels where the engine cannot take the file as it is: EXIF orientation
 *   (tesseract ignores it), one page of a multi-page TIFF (it would read them all), BigTIFF, WebP,
 *   GIF, BMP, a file cut short. Decoded as Leptonica would: alpha blended on white (as tesseract's
 *   pixRemoveAlpha), 16-bit samples reduced to 8, no resampling, gray kept gray; except an image with
 *   a side over MAX_PAGE_SIDE (tesseract reads none larger), scaled down to fit it, its proportions kept.
 */
export type ImagePageForOcr = (
  | { kind: 'original'; bytes: Uint8Array; width: number; height: number; format: 'png' | 'jpeg' | 'tiff' }
  | { kind: 'pixels'; image: RawImage; reason: string }
) & {
  /** The resolution the file states, if it states one (its pixels, decoded, lose it). */
  dpi?: number;
};

/** The resolution a file's header states: libvips reports 72 for a JPEG that states none (JFIF "aspect ratio only" has no unit). */
export const statedDpi = (kind: string, meta: Pick<Metadata, 'density' | 'resolutionUnit'>): number | undefined =>
  meta.density && (meta.resolutionUnit !== undefined || kind !== 'jpeg') ? meta.density : undefined;

/** The last bytes hold a file's end marker when it is whole: JPEG's EOI (FF D9), PNG's IEND chunk. */
const TAIL_BYTES = 4096;

function isComplete(bytes: Uint8Array, kind: 'png' | 'jpeg'): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + Math.max(0, bytes.length - TAIL_BYTES), Math.min(bytes.length, TAIL_BYTES));
  return kind === 'png' ? tail.includes('IEND', 0, 'latin1') : tail.includes(Buffer.from([0xff, 0xd9]));
}

/** Wider or taller than the engine reads: the page is read scaled down to MAX_PAGE_SIDE. */
const oversized = (width: number, height: number) => Math.max(width, height) > MAX_PAGE_SIDE;
const OVERSIZED = `a side over ${MAX_PAGE_SIDE} pixels, scaled down to fit`;
/** sharp's resize that fits a page within MAX_PAGE_SIDE, its proportions kept. */
const FIT_SIDE = { width: MAX_PAGE_SIDE, height: MAX_PAGE_SIDE, fit: 'inside' } as const;

/** Why a page cannot go to the engine as its own file, or null when it can. */
function conversionNeeded(bytes: Uint8Array, kind: SharpKind, meta: Metadata, pages: number): string | null {
  if (oversized(meta.width!, meta.height!)) return OVERSIZED;
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'tiff') return `${kind} is decoded here`;
  if (kind === 'tiff' && pages > 1) return 'one page of a multi-page TIFF';
  // BigTIFF: libtiff reads it, Leptonica's memory reader does not.
  if (kind === 'tiff' && (bytes[2] === 0x2b || bytes[3] === 0x2b)) return 'BigTIFF';
  if ((meta.orientation ?? 1) !== 1) return `EXIF orientation ${meta.orientation}`;
  // libtiff reads CMYK TIFF only as separated samples Leptonica does not convert.
  if (kind === 'tiff' && meta.space === 'cmyk') return 'CMYK TIFF';
  // A file cut short is for the full decoder to refuse (Leptonica would read a truncated JPEG as a part page).
  if (kind !== 'tiff' && !isComplete(bytes, kind)) return 'incomplete file';
  return null;
}

/** An image page's header, checked: kind, page in range, dimensions within the pixel limit. BMP is read by hand. */
type CheckedPage = { kind: 'bmp'; header: ReturnType<typeof readBmpHeader> } | { kind: SharpKind; meta: Metadata; pages: number };

async function checkedPage(bytes: Uint8Array, pageIndex: number, limits: DocumentLimits): Promise<CheckedPage> {
  const kind = knownKind(bytes);
  if (kind === 'pdf') throw new RangeError('the document is a PDF; its pages are rendered by rasterizePdfPage');
  if (kind === 'bmp') {
    const header = readBmpHeader(bytes);
    assertPixelLimit(header.width, header.height, limits.maxImagePixels);
    if (pageIndex !== 0) throw new RangeError(`page index ${pageIndex} is out of range: the bmp image has 1 page`);
    return { kind, header };
  }
  const first = await readMetadata(bytes, kind);
  const pages = pagesOf(kind, first);
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= pages) {
    throw new RangeError(`page index ${pageIndex} is out of range: the ${kind} image has ${pages} page(s)`);
  }
  // Each TIFF page is checked against the limit before it is decoded (inspectDocument read only the first).
  const meta = pageIndex === 0 ? first : await readMetadata(bytes, kind, pageIndex);
  if (meta.width === undefined || meta.height === undefined) throw invalidDocument(kind, 'no image size in its header');
  assertPixelLimit(meta.width, meta.height, limits.maxImagePixels);
  return { kind, meta, pages };
}

/**
 * Page `pageIndex` (0-based) of an image document, checked against limits.maxImagePixels from its
 * header before anything is decoded. Errors as inspectDocument's; a PDF or a page out of range is the
 * caller's bug (RangeError).
 */
export async function imagePageForOcr(bytes: Uint8Array, pageIndex: number, limits: DocumentLimits): Promise<ImagePageForOcr> {
  const page = await checkedPage(bytes, pageIndex, limits);
  if (page.kind === 'bmp') {
    const image: RawImage = { ...decodeBmpGray(bytes, page.header), channels: 1 };
    return oversized(image.width, image.height) ? { kind: 'pixels', image: await fittedToSide(image), reason: OVERSIZED } : { kind: 'pixels', image, reason: 'bmp is decoded here' };
  }
  const reason = conversionNeeded(bytes, page.kind, page.meta, page.pages);
  const dpi = statedDpi(page.kind, page.meta);
  // A page scaled down has the resolution its file states scaled as much.
  const scale = reason === OVERSIZED ? MAX_PAGE_SIDE / Math.max(page.meta.width!, page.meta.height!) : 1;
  const stated = dpi ? { dpi: Math.round(dpi * scale) } : {};
  if (reason === null) return { kind: 'original', bytes, width: page.meta.width!, height: page.meta.height!, format: page.kind as 'png' | 'jpeg' | 'tiff', ...stated };
  return { kind: 'pixels', image: await decodePixels(bytes, pageIndex, page.kind, page.meta, limits, reason === OVERSIZED), reason, ...stated };
}

/** Raw pixels scaled down so that no side is over MAX_PAGE_SIDE, their proportions kept. */
async function fittedToSide(image: RawImage): Promise<RawImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels }, limitInputPixels: false })
    .resize(FIT_SIDE)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: image.channels, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * One page as exact 8-bit pixels: gray stays one channel, anything else becomes sRGB; EXIF
 * orientation applied, alpha blended on white, 16-bit reduced to 8, CMYK converted through its
 * profile; BMP (which sharp lacks) decoded by hand to gray. Truncated or corrupt pixel data is
 * refused (422), mere decoder warnings are not. Errors as imagePageForOcr's.
 */
export async function decodeImagePixels(bytes: Uint8Array, pageIndex: number, limits: DocumentLimits): Promise<RawImage> {
  const page = await checkedPage(bytes, pageIndex, limits);
  if (page.kind === 'bmp') return { ...decodeBmpGray(bytes, page.header), channels: 1 };
  return decodePixels(bytes, pageIndex, page.kind, page.meta, limits);
}

async function decodePixels(bytes: Uint8Array, pageIndex: number, kind: SharpKind, meta: Metadata, limits: DocumentLimits, fitSide = false): Promise<RawImage> {
  const gray = meta.channels !== undefined && meta.channels <= 2 && meta.space !== 'cmyk';
  try {
    let pipeline = sharp(bytes, { page: pageIndex, pages: 1, limitInputPixels: limits.maxImagePixels, failOn: 'error', autoOrient: true });
    if (meta.hasAlpha) pipeline = pipeline.flatten({ background: '#ffffff' });
    if (fitSide) pipeline = pipeline.resize(FIT_SIDE);
    pipeline = pipeline.toColourspace(gray ? 'b-w' : 'srgb');
    const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 1 && info.channels !== 3) throw new Error(`sharp gave ${info.channels} channels`);
    return { width: info.width, height: info.height, channels: info.channels, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (err) {
    throw mapSharpError(kind, err);
  }
}

import { ServiceError } from '@docsvc/schemas';
import { encodePnm, grayToRaw } from './pnm.js';
import type { PageImage } from './types.js';
import type { GrayImage, RawImage } from '@docsvc/image';

/** A page of raw pixels, handed to the engine as PNM; turning it moves pixels in memory. */
export function rawPage(image: RawImage): PageImage {
  const bytes = encodePnm(image);
  return {
    width: image.width,
    height: image.height,
    bytes,
    pixels: async () => image,
  };
}

export const isPageImage = (image: PageImage | GrayImage): image is PageImage => 'bytes' in image;

export const toPageImage = (image: PageImage | GrayImage): PageImage => (isPageImage(image) ? image : rawPage(grayToRaw(image)));

/** Leading bytes of the image formats Leptonica reads, as the engines are handed them. */
const SIGNATURES: Array<(b: Uint8Array) => boolean> = [
  (b) => b[0] === 0x50 && b[1]! >= 0x34 && b[1]! <= 0x36, // P4, P5, P6: PBM, PGM, PPM
  (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47, // PNG
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, // JPEG
  (b) => (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a), // TIFF
];

/**
 * Refuses bytes that are not one of the image formats the engines are meant to get. Besides a clear
 * error, this matters for the native engine: the tesseract CLI reads input that is not an image as a
 * list of file names and would open them.
 */
export function assertEngineImage(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new ServiceError('invalid_document', 'the page image is empty');
  if (!SIGNATURES.some((matches) => matches(bytes))) {
    throw new ServiceError('invalid_document', 'the page image could not be decoded (not PNM, PNG, JPEG or TIFF)');
  }
}

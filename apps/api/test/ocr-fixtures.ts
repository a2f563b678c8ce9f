import sharp from 'sharp';
import { proseLines, renderLines } from '../../../test/fixtures/render-text.js';
import type { GrayImage } from '@docsvc/image';

export { proseLines, wordAccuracy } from '../../../test/fixtures/render-text.js';

/** A page of known prose, rendered black on white at about 10 pt / 300 DPI. */
export async function prosePage(lines: string[], width = 1700) {
  return renderLines(lines, { width, height: 100 + lines.length * 60 + 60, fontSize: 40, lineHeight: 60 });
}

export const png = (image: GrayImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }).png().toBuffer();

/**
 * A JPEG whose pixels are turned 90 degrees counter-clockwise, with EXIF orientation 6 ("rotate 90
 * clockwise to display"): how a phone stores a photo taken sideways.
 */
export const sidewaysJpeg = (image: GrayImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }).rotate(-90).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();

/** The words of some text, as OCR compares them. */
export const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

export const sampleProse = (count: number, seed = 11) => proseLines(count, 60, seed);

/** A multi-page TIFF, one page per image (sharp joins them as pages). */
export async function multiPageTiff(images: GrayImage[]): Promise<Buffer> {
  const pages = await Promise.all(images.map(png));
  return sharp(pages, { join: { animated: true } }).tiff().toBuffer();
}

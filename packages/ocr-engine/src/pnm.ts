import type { Rotation } from './types.js';
import type { GrayImage, RawImage } from '@docsvc/image';

/**
 * Binary PNM of raw pixels: P5 (gray) or P6 (RGB), what the engines read through Leptonica with no
 * decoding cost (a PNG of a 2550x3300 page costs ~100 ms to encode, for nothing).
 *
 * The header is padded with a comment to more than 500 bytes: tesseract.js sniffs an EXIF
 * orientation in the first 500 bytes of any image by a byte pattern, and pixel bytes that happened
 * to match it would rotate the page.
 */
const EXIF_SNIFF_BYTES = 500;

export function assertRawImage(image: RawImage): void {
  const { width, height, channels, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`image: width and height must be positive integers (got ${width}x${height})`);
  }
  if (channels !== 1 && channels !== 3) throw new RangeError(`image: 1 or 3 channels (got ${String(channels)})`);
  if (!(data instanceof Uint8Array) || data.length !== width * height * channels) {
    throw new RangeError(`image: data must hold width*height*channels = ${width * height * channels} bytes (got ${data?.length})`);
  }
}

export const grayToRaw = (image: GrayImage): RawImage => ({ width: image.width, height: image.height, channels: 1, data: image.data });

export function encodePnm(image: RawImage): Uint8Array {
  assertRawImage(image);
  const magic = image.channels === 1 ? 'P5' : 'P6';
  const dims = `${image.width} ${image.height}\n255\n`;
  const comment = '# padding past tesseract.js EXIF sniffing';
  const pad = Math.max(0, EXIF_SNIFF_BYTES + 1 - (3 + comment.length + 1 + dims.length));
  const header = new TextEncoder().encode(`${magic}\n${comment}${' '.repeat(pad)}\n${dims}`);
  const out = new Uint8Array(header.length + image.data.length);
  out.set(header, 0);
  out.set(image.data, header.length);
  return out;
}

/**
 * The image turned clockwise by `degrees`: each pixel moved, none resampled. About 40-60 ms for a
 * 2550x3300 gray page (measured in the rotation tests' fixture), once per turned page.
 */
export function rotateRaw(image: RawImage, degrees: Rotation): RawImage {
  assertRawImage(image);
  if (degrees === 0) return image;
  const { width: w, height: h, channels: c, data } = image;
  const turned = degrees !== 180;
  const outW = turned ? h : w;
  const outH = turned ? w : h;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Where source pixel (x, y) lands, clockwise.
      let nx: number;
      let ny: number;
      if (degrees === 90) {
        nx = h - 1 - y;
        ny = x;
      } else if (degrees === 180) {
        nx = w - 1 - x;
        ny = h - 1 - y;
      } else {
        nx = y;
        ny = w - 1 - x;
      }
      const from = (y * w + x) * c;
      const to = (ny * outW + nx) * c;
      out[to] = data[from]!;
      if (c === 3) {
        out[to + 1] = data[from + 1]!;
        out[to + 2] = data[from + 2]!;
      }
    }
  }
  return { width: outW, height: outH, channels: c, data: out };
}

/**
 * A tiny page with a few dark glyph-like strokes, recognised once when a tesseract.js worker starts:
 * the first recognition in a fresh tesseract instance sets up the LSTM (a blank image would not reach
 * it). Measured: it takes ~40 ms off the first small page. A first full page stays ~0.3-0.5 s slower
 * than later ones (WASM heap growth, V8 tier-up); warming with a page-sized image or a strip of real
 * text did not remove that and costs 0.3-0.5 s per worker start, so the tiny image it is.
 */
export function warmUpImage(): GrayImage {
  const width = 160;
  const height = 48;
  const data = new Uint8Array(width * height).fill(255);
  const fill = (x0: number, y0: number, w: number, h: number): void => {
    for (let y = y0; y < y0 + h; y++) data.fill(0, y * width + x0, y * width + x0 + w);
  };
  // "IL IT": upright strokes with feet and bars, two words.
  for (const x of [16, 32, 72, 88]) fill(x, 12, 4, 24);
  fill(32, 32, 12, 4); // L foot
  fill(84, 12, 12, 4); // T bar
  return { width, height, data };
}

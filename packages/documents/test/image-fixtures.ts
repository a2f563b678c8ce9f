import { deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { pngChunk } from '../../../test/fixtures/bilevel.js';

/**
 * A white page with dark "text lines" and a black 20x20 square marking its top-left corner, as raw
 * 8-bit gray: enough structure to check orientation and colour handling (OCR is tested elsewhere).
 */
export function markedPage(width: number, height: number): { width: number; height: number; data: Buffer } {
  const data = Buffer.alloc(width * height, 255);
  for (let y = 0; y < 20; y++) data.fill(0, y * width, y * width + 20);
  for (let line = 40; line + 6 < height - 10; line += 16) {
    for (let y = line; y < line + 6; y++) data.fill(40, y * width + 30, y * width + width - 30);
  }
  return { width, height, data };
}

export const grayInput = (p: { width: number; height: number; data: Buffer }): Sharp =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: 1 } });

/** Mean of a rectangle of a gray raster. */
export function meanOf(image: { width: number; data: Uint8Array }, x0: number, y0: number, w: number, h: number): number {
  let sum = 0;
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) sum += image.data[y * image.width + x]!;
  return sum / (w * h);
}

/** A complete, valid 1-bit PNG of size x size black pixels: 20000 x 20000 is about 50 KB on disk, 400 MB decoded. */
export function bombPng(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  const raw = Buffer.alloc((1 + Math.ceil(size / 8)) * size); // filter byte 0 + zero bits per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** BMP writers: 24-bit and 8-bit palette (40-byte header, bottom-up), 32-bit BGRA (V4 header, alpha mask). */
function bmpFile(dib: Buffer, palette: Buffer, pixels: Buffer): Buffer {
  const file = Buffer.alloc(14);
  const offset = 14 + dib.length + palette.length;
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(offset + pixels.length, 2);
  file.writeUInt32LE(offset, 10);
  return Buffer.concat([file, dib, palette, pixels]);
}

function infoHeader(size: number, width: number, height: number, bitCount: number, compression: number, colors = 0): Buffer {
  const h = Buffer.alloc(size);
  h.writeUInt32LE(size, 0);
  h.writeInt32LE(width, 4);
  h.writeInt32LE(height, 8);
  h.writeUInt16LE(1, 12);
  h.writeUInt16LE(bitCount, 14);
  h.writeUInt32LE(compression, 16);
  h.writeUInt32LE(colors, 32);
  return h;
}

/** Rows bottom-up, each padded to 4 bytes; `pixel` writes one pixel of the upright image at (x, y). */
function bmpRows(width: number, height: number, bytesPerPixel: number, pixel: (out: Buffer, at: number, x: number, y: number) => void): Buffer {
  const stride = Math.ceil((width * bytesPerPixel) / 4) * 4;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixel(out, (height - 1 - y) * stride + x * bytesPerPixel, x, y);
  }
  return out;
}

export function bmp24(p: { width: number; height: number; data: Buffer }): Buffer {
  const pixels = bmpRows(p.width, p.height, 3, (out, at, x, y) => out.fill(p.data[y * p.width + x]!, at, at + 3));
  return bmpFile(infoHeader(40, p.width, p.height, 24, 0), Buffer.alloc(0), pixels);
}

export function bmp8(p: { width: number; height: number; data: Buffer }): Buffer {
  // A reversed gray palette, so that a decoder ignoring the palette gets the picture inverted.
  const palette = Buffer.alloc(256 * 4);
  for (let i = 0; i < 256; i++) palette.fill(255 - i, i * 4, i * 4 + 3);
  const pixels = bmpRows(p.width, p.height, 1, (out, at, x, y) => {
    out[at] = 255 - p.data[y * p.width + x]!;
  });
  return bmpFile(infoHeader(40, p.width, p.height, 8, 0, 256), palette, pixels);
}

/** BGRA with alpha: transparent (and black) everywhere but where `opaque(x, y)`, where the page pixel is. */
export function bmp32Alpha(p: { width: number; height: number; data: Buffer }, opaque: (x: number, y: number) => boolean): Buffer {
  const dib = infoHeader(108, p.width, p.height, 32, 3);
  dib.writeUInt32LE(0x00ff0000, 40);
  dib.writeUInt32LE(0x0000ff00, 44);
  dib.writeUInt32LE(0x000000ff, 48);
  dib.writeUInt32LE(0xff000000, 52);
  dib.write('BGRs', 56, 'latin1');
  const pixels = bmpRows(p.width, p.height, 4, (out, at, x, y) => {
    if (!opaque(x, y)) return;
    out.fill(p.data[y * p.width + x]!, at, at + 3);
    out[at + 3] = 255;
  });
  return bmpFile(dib, Buffer.alloc(0), pixels);
}

/** An 8-bit RLE BMP of size x size pixels whose data is just "end of bitmap". */
export function bmpRle8Bomb(size: number): Buffer {
  const palette = Buffer.alloc(256 * 4, 255);
  return bmpFile(infoHeader(40, size, size, 8, 1, 256), palette, Buffer.from([0, 1]));
}

/**
 * A little-endian TIFF written by hand, one uncompressed 8-bit gray strip per page. A page's pixel
 * data may be left out (declared but absent), which only a decoder would notice.
 */
export function grayTiff(pages: { width: number; height: number; fill: number; omitData?: boolean }[]): Buffer {
  const tags = 8;
  const ifdSize = 2 + tags * 12 + 4;
  const parts: Buffer[] = [];
  let offset = 8;
  const header = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  parts.push(header);
  pages.forEach((p, i) => {
    const dataAt = offset + ifdSize;
    const data = p.omitData ? Buffer.alloc(0) : Buffer.alloc(p.width * p.height, p.fill);
    const ifd = Buffer.alloc(ifdSize);
    ifd.writeUInt16LE(tags, 0);
    const entries: [number, number, number][] = [
      [256, 4, p.width], // ImageWidth, LONG
      [257, 4, p.height], // ImageLength
      [258, 3, 8], // BitsPerSample, SHORT
      [259, 3, 1], // Compression: none
      [262, 3, 1], // PhotometricInterpretation: BlackIsZero
      [273, 4, dataAt], // StripOffsets
      [278, 4, p.height], // RowsPerStrip
      [279, 4, p.width * p.height], // StripByteCounts
    ];
    entries.forEach(([tag, type, value], k) => {
      const at = 2 + k * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === 3) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    const next = i + 1 < pages.length ? dataAt + data.length : 0;
    ifd.writeUInt32LE(next, 2 + tags * 12);
    parts.push(ifd, data);
    offset = dataAt + data.length;
  });
  return Buffer.concat(parts);
}

/** Decoded pixels as gray (Rec. 601 luma of RGB), for tests that look at lightness only. */
export function grayOf(image: { width: number; height: number; channels: 1 | 3; data: Uint8Array }): { width: number; height: number; data: Uint8Array } {
  if (image.channels === 1) return image;
  const data = new Uint8Array(image.width * image.height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!);
  return { width: image.width, height: image.height, data };
}

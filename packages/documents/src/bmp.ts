import { invalidDocument } from './errors.js';
import { luma, onWhite } from './gray.js';
import type { GrayImage } from '@docsvc/image';

// sharp's prebuilt libvips has no BMP loader, so BMP is decoded here: uncompressed 1/4/8/16/24/32-bit,
// bit fields and RLE4/RLE8, which covers what scanners and Windows tools write.

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

export interface BmpHeader {
  width: number;
  height: number;
  topDown: boolean;
  bitCount: number;
  compression: number;
  pixelOffset: number;
  /** Gray values of the palette entries (≤ 8-bit images). */
  palette: Uint8Array;
  masks: { r: number; g: number; b: number; a: number };
}

const fail = (reason: string): never => {
  throw invalidDocument('bmp', reason);
};

/** Reads and checks the headers only: dimensions are known before any pixel is touched. */
export function readBmpHeader(bytes: Uint8Array): BmpHeader {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 26) fail('the header is truncated');
  const pixelOffset = buf.readUInt32LE(10);
  const dibSize = buf.readUInt32LE(14);
  if (buf.length < 14 + dibSize) fail('the header is truncated');
  let width: number;
  let height: number;
  let bitCount: number;
  let compression = BI_RGB;
  let colorsUsed = 0;
  let paletteEntrySize = 4;
  let masksAt = -1;
  let maskCount = 0;
  if (dibSize === 12) {
    width = buf.readUInt16LE(18);
    height = buf.readInt16LE(20);
    bitCount = buf.readUInt16LE(24);
    paletteEntrySize = 3;
  } else {
    width = buf.readInt32LE(18);
    height = buf.readInt32LE(22);
    bitCount = buf.readUInt16LE(28);
    compression = buf.readUInt32LE(30);
    colorsUsed = buf.readUInt32LE(46);
    if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
      // From V2 (52) on the masks are part of the header; with a 40-byte header they follow it.
      masksAt = 54;
      maskCount = dibSize >= 56 ? 4 : dibSize >= 52 ? 3 : compression === BI_ALPHABITFIELDS ? 4 : 3;
    } else if (dibSize >= 56 && compression === BI_RGB && bitCount === 32) {
      masksAt = 54; // V3+ header may declare an alpha mask for plain 32-bit pixels
      maskCount = 4;
    }
  }
  const topDown = height < 0;
  height = Math.abs(height);
  if (width < 1 || height < 1) fail(`invalid dimensions ${width}x${height}`);
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) fail(`unsupported bit depth ${bitCount}`);
  const compressionOk =
    compression === BI_RGB ||
    (compression === BI_RLE8 && bitCount === 8) ||
    (compression === BI_RLE4 && bitCount === 4) ||
    ((compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) && (bitCount === 16 || bitCount === 32));
  if (!compressionOk) fail(`unsupported compression ${compression} at ${bitCount} bits (convert it to PNG)`);

  let masks = { r: 0, g: 0, b: 0, a: 0 };
  if (bitCount === 16) masks = { r: 0x7c00, g: 0x03e0, b: 0x001f, a: 0 };
  if (bitCount === 32) masks = { r: 0xff0000, g: 0xff00, b: 0xff, a: 0 };
  let extraAfterHeader = 0;
  if (masksAt >= 0) {
    if (buf.length < masksAt + maskCount * 4) fail('the header is truncated');
    const m = (i: number): number => buf.readUInt32LE(masksAt + 4 * i);
    const declared = { r: m(0), g: m(1), b: m(2), a: maskCount === 4 ? m(3) : 0 };
    if (compression !== BI_RGB) masks = declared;
    else masks.a = declared.a; // plain 32-bit: only an explicitly declared alpha channel counts
    if (dibSize === 40) extraAfterHeader = maskCount * 4;
  }

  let palette = new Uint8Array(0);
  if (bitCount <= 8) {
    const entries = colorsUsed > 0 ? Math.min(colorsUsed, 1 << bitCount) : 1 << bitCount;
    const at = 14 + dibSize + extraAfterHeader;
    const available = Math.floor(Math.max(0, Math.min(pixelOffset, buf.length) - at) / paletteEntrySize);
    const count = Math.min(entries, available);
    if (count < 1) fail('the colour palette is missing');
    palette = new Uint8Array(1 << bitCount).fill(255);
    for (let i = 0; i < count; i++) {
      const p = at + i * paletteEntrySize;
      palette[i] = luma(buf[p + 2]!, buf[p + 1]!, buf[p]!);
    }
  }
  if (pixelOffset >= buf.length) fail('there is no pixel data');
  return { width, height, topDown, bitCount, compression, pixelOffset, palette, masks };
}

/** A reader of one bit field, scaled to 0..255. */
function field(mask: number): (value: number) => number {
  if (mask === 0) return () => 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

function decodeRle(buf: Buffer, h: BmpHeader, out: Uint8Array): void {
  const { width, height, palette, pixelOffset } = h;
  const four = h.compression === BI_RLE4;
  let x = 0;
  let y = 0; // counted from the bottom row: RLE bitmaps are always bottom-up
  let p = pixelOffset;
  const put = (index: number): void => {
    if (x < width && y < height) out[(height - 1 - y) * width + x] = palette[index]!;
    x++;
  };
  while (p + 1 < buf.length && y < height) {
    const count = buf[p++]!;
    const value = buf[p++]!;
    if (count > 0) {
      for (let i = 0; i < count; i++) put(four ? (i % 2 === 0 ? value >> 4 : value & 15) : value);
    } else if (value === 0) {
      x = 0;
      y++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      if (p + 1 >= buf.length) break;
      x += buf[p++]!;
      y += buf[p++]!;
    } else {
      const bytes = four ? Math.ceil(value / 2) : value;
      if (p + bytes > buf.length) break;
      for (let i = 0; i < value; i++) put(four ? (i % 2 === 0 ? buf[p + (i >> 1)]! >> 4 : buf[p + (i >> 1)]! & 15) : buf[p + i]!);
      p += bytes + (bytes % 2); // absolute runs are padded to 16 bits
    }
  }
  fail('the compressed pixel data is truncated');
}

// Many writers leave the alpha bytes at 0 in opaque images; like browsers, an all-zero alpha means opaque.
function hasVisibleAlpha(buf: Buffer, h: BmpHeader, stride: number): boolean {
  const bytesPerPixel = h.bitCount / 8;
  for (let row = 0; row < h.height; row++) {
    for (let x = 0, p = h.pixelOffset + row * stride; x < h.width; x++, p += bytesPerPixel) {
      const v = bytesPerPixel === 2 ? buf.readUInt16LE(p) : buf.readUInt32LE(p);
      if ((v & h.masks.a) !== 0) return true;
    }
  }
  return false;
}

/** Decodes to grayscale; alpha (when declared) is flattened on white, as for the other image kinds. */
export function decodeBmpGray(bytes: Uint8Array, h: BmpHeader): GrayImage {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { width, height, bitCount, palette, masks } = h;
  // RLE pixels skipped by "delta" codes are transparent in practice: white.
  const out = new Uint8Array(width * height).fill(255);
  if (h.compression === BI_RLE8 || h.compression === BI_RLE4) {
    decodeRle(buf, h, out);
    return { width, height, data: out };
  }
  const stride = Math.floor((bitCount * width + 31) / 32) * 4;
  if (h.pixelOffset + stride * (height - 1) + Math.ceil((bitCount * width) / 8) > buf.length) {
    fail('the pixel data is truncated');
  }
  const [readR, readG, readB, readA] = [field(masks.r), field(masks.g), field(masks.b), field(masks.a)];
  const useAlpha = masks.a !== 0 && hasVisibleAlpha(buf, h, stride);
  for (let row = 0; row < height; row++) {
    const src = h.pixelOffset + (h.topDown ? row : height - 1 - row) * stride;
    const dst = row * width;
    switch (bitCount) {
      case 1:
      case 4:
      case 8: {
        const perByte = 8 / bitCount;
        const mask = (1 << bitCount) - 1;
        for (let x = 0; x < width; x++) {
          const byte = buf[src + Math.floor(x / perByte)]!;
          const shift = 8 - bitCount * ((x % perByte) + 1);
          out[dst + x] = palette[(byte >> shift) & mask]!;
        }
        break;
      }
      case 24:
        for (let x = 0, p = src; x < width; x++, p += 3) out[dst + x] = luma(buf[p + 2]!, buf[p + 1]!, buf[p]!);
        break;
      case 16:
      case 32:
        for (let x = 0; x < width; x++) {
          const v = bitCount === 16 ? buf.readUInt16LE(src + 2 * x) : buf.readUInt32LE(src + 4 * x);
          const gray = luma(readR(v), readG(v), readB(v));
          out[dst + x] = useAlpha ? onWhite(gray, readA(v)) : gray;
        }
        break;
    }
  }
  return { width, height, data: out };
}

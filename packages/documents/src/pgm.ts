import type { GrayImage } from '@docsvc/image';

/**
 * PGM (P5, binary, maxval 255) encoding of a GrayImage: the format page rasters travel in through
 * S3 and that Leptonica (tesseract) reads directly, so no PNG encoding is ever on the hot path.
 */
export function encodePgm(image: GrayImage): Buffer {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`encodePgm: invalid size ${width}x${height}`);
  }
  if (data.length !== width * height) {
    throw new RangeError(`encodePgm: ${data.length} bytes of pixels for ${width}x${height}`);
  }
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = Buffer.allocUnsafe(header.length + data.length);
  header.copy(out, 0);
  out.set(data, header.length);
  return out;
}

const isSpace = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0b || b === 0x0c;

/** The header of a binary PGM (P5) or PBM (P4): the size, maxval (1 for a PBM) and where the pixels start. */
export interface PnmHeader {
  width: number;
  height: number;
  maxval: number;
  bilevel: boolean;
  offset: number;
}

/**
 * Reads the header of a binary PGM (P5) or PBM (P4) raster, leaving its pixels alone. Rasters are
 * written by worker-pdf, so a malformed one is a fault of the service, not of the user's document: it
 * throws a plain Error.
 */
export function readPnmHeader(bytes: Uint8Array): PnmHeader {
  const bilevel = bytes[0] === 0x50 && bytes[1] === 0x34;
  if (bytes[0] !== 0x50 || (bytes[1] !== 0x35 && !bilevel)) throw new Error('decodePgm: not a binary PGM or PBM (no P5 or P4 signature)');
  let pos = 2;
  const fields: number[] = [];
  while (fields.length < (bilevel ? 2 : 3)) {
    // Whitespace and comments ("#" to end of line) may separate header fields.
    while (pos < bytes.length && (isSpace(bytes[pos]!) || bytes[pos] === 0x23)) {
      if (bytes[pos] === 0x23) while (pos < bytes.length && bytes[pos] !== 0x0a && bytes[pos] !== 0x0d) pos++;
      else pos++;
    }
    const start = pos;
    while (pos < bytes.length && bytes[pos]! >= 0x30 && bytes[pos]! <= 0x39) pos++;
    if (pos === start) throw new Error('decodePgm: malformed header');
    fields.push(Number(Buffer.from(bytes.buffer, bytes.byteOffset + start, pos - start).toString('latin1')));
  }
  // Exactly one whitespace byte ends the header.
  if (pos >= bytes.length || !isSpace(bytes[pos]!)) throw new Error('decodePgm: malformed header');
  const [width, height, maxval = 1] = fields as [number, number, number?];
  if (width < 1 || height < 1 || maxval < 1 || maxval > 65535) {
    throw new Error(`decodePgm: invalid header ${width}x${height} maxval ${maxval}`);
  }
  return { width, height, maxval, bilevel, offset: pos + 1 };
}

/**
 * Decodes a binary PGM (P5), or a PBM (P4: a bilevel scan's own pixels, 1 bit each, 1 = black), to
 * 8-bit gray (a PBM's black 0, white 255). maxval other than 255 is rescaled. `view`: the pixels of a
 * maxval-255 PGM are a view of `bytes`, not a copy (a page is 8 MB).
 */
export function decodePgm(bytes: Uint8Array, opts: { view?: boolean } = {}): GrayImage {
  const { width, height, maxval, bilevel, offset: pos } = readPnmHeader(bytes);
  if (bilevel) return { width, height, data: unpackBits(bytes.subarray(pos), width, height) };
  const pixels = width * height;
  const sampleBytes = maxval > 255 ? 2 : 1;
  if (bytes.length - pos < pixels * sampleBytes) {
    throw new Error(`decodePgm: truncated: ${bytes.length - pos} bytes of pixels for ${width}x${height}`);
  }
  if (maxval === 255) return { width, height, data: opts.view ? bytes.subarray(pos, pos + pixels) : bytes.slice(pos, pos + pixels) };
  const data = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) {
    const v = sampleBytes === 2 ? (bytes[pos + 2 * i]! << 8) | bytes[pos + 2 * i + 1]! : bytes[pos + i]!;
    data[i] = Math.round((Math.min(v, maxval) * 255) / maxval);
  }
  return { width, height, data };
}

/** PBM rows (each padded to a byte, most significant bit first, 1 = black) as gray bytes: black 0, white 255. */
function unpackBits(bits: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  if (bits.length < rowBytes * height) throw new Error(`decodePgm: truncated: ${bits.length} bytes of bits for ${width}x${height}`);
  // Paper first (a fill), then the ink: a scan is mostly white, so most bytes are 0 and cost one test.
  const out = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    const at = y * width;
    for (let b = 0; b < rowBytes; b++) {
      const v = bits[row + b]!;
      if (v === 0) continue;
      const x0 = b << 3;
      for (let i = 0; i < 8 && x0 + i < width; i++) if (v & (0x80 >> i)) out[at + x0 + i] = 0;
    }
  }
  return out;
}

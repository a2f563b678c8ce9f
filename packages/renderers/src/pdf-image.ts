import type { PdfImage } from './pdf-writer.js';

/**
 * Image files as PDF image XObjects without decoding them: a baseline or progressive JPEG as it is
 * (DCTDecode), a PNG's compressed pixel data as it is (FlateDecode with PNG predictors). Anything
 * these cannot carry exactly (CMYK or 12-bit JPEG, PNG with alpha, transparency or interlacing)
 * answers undefined, and the caller converts the image losslessly instead.
 */

/** A JPEG file as an image XObject; undefined when PDF readers could not show it as it is. */
export function jpegImage(bytes: Buffer): PdfImage | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0 baseline, SOF1 extended, SOF2 progressive (Huffman): what every PDF reader decodes.
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (at + 10 > bytes.length) return undefined;
      const precision = bytes[at + 4]!;
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      const components = bytes[at + 9]!;
      if (precision !== 8 || width === 0 || height === 0) return undefined;
      const colorSpace = components === 1 ? '/DeviceGray' : components === 3 ? '/DeviceRGB' : undefined;
      if (!colorSpace) return undefined; // CMYK: Adobe's inverted convention varies by writer
      return { width, height, colorSpace, bitsPerComponent: 8, filter: 'DCTDecode', data: bytes };
    }
    // Other SOFs (lossless, arithmetic coding): not for PDF readers.
    if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return undefined;
    if (marker === 0xda) return undefined; // scan data before a frame header
    at += 2 + length;
  }
  return undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG file as an image XObject; undefined when its pixels cannot go into a PDF as they are. */
export function pngImage(bytes: Buffer): PdfImage | undefined {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colorType = -1;
  let palette: Buffer | undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return undefined;
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8]!;
      colorType = data[9]!;
      if (data[10] !== 0 || data[11] !== 0 || data[12] !== 0) return undefined; // interlaced (Adam7) or unknown methods
    } else if (type === 'PLTE') {
      palette = data;
    } else if (type === 'tRNS') {
      return undefined; // transparency: drawn on white instead
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  if (width === 0 || height === 0 || idat.length === 0) return undefined;
  let colorSpace: string;
  let colors: number;
  if (colorType === 0) [colorSpace, colors] = ['/DeviceGray', 1];
  else if (colorType === 2) [colorSpace, colors] = ['/DeviceRGB', 3];
  else if (colorType === 3 && palette && palette.length % 3 === 0) [colorSpace, colors] = [`[/Indexed /DeviceRGB ${palette.length / 3 - 1} <${palette.toString('hex')}>]`, 1];
  else return undefined; // alpha channels
  return {
    width,
    height,
    colorSpace,
    bitsPerComponent: depth,
    filter: 'FlateDecode',
    decodeParms: `<< /Predictor 15 /Colors ${colors} /BitsPerComponent ${depth} /Columns ${width} >>`,
    data: Buffer.concat(idat),
  };
}

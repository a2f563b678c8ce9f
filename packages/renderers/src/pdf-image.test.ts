import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jpegImage, pngImage } from './pdf-image.js';

/** A PNG file written by hand: IHDR, optional extra chunks, one IDAT, IEND (CRCs are not checked here). */
function png(width: number, height: number, colorType: number, rows: Buffer, extra: Array<[string, Buffer]> = [], interlace = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  ihdr[12] = interlace;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extra.map(([t, d]) => chunk(t, d)),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('pngImage', () => {
  const rows = Buffer.from([0, 10, 20, 0, 30, 40]); // two rows of two gray pixels, filter 0
  it('carries a gray PNG’s compressed data as it is, with its predictor parameters', () => {
    const image = pngImage(png(2, 2, 0, rows))!;
    expect(image).toMatchObject({ width: 2, height: 2, colorSpace: '/DeviceGray', bitsPerComponent: 8, filter: 'FlateDecode' });
    expect(image.decodeParms).toBe('<< /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns 2 >>');
    expect(inflateSync(image.data).equals(rows)).toBe(true);
  });
  it('gives a palette PNG an indexed colour space with its palette', () => {
    const image = pngImage(png(2, 2, 3, Buffer.from([0, 0, 1, 0, 1, 0]), [['PLTE', Buffer.from([255, 0, 0, 0, 0, 255])]]))!;
    expect(image.colorSpace).toBe('[/Indexed /DeviceRGB 1 <ff00000000ff>]');
  });
  it('refuses what a PDF cannot carry as it is: alpha, transparency, interlacing, not a PNG', () => {
    expect(pngImage(png(2, 2, 6, Buffer.alloc(18)))).toBeUndefined();
    expect(pngImage(png(2, 2, 0, rows, [['tRNS', Buffer.from([0, 0])]]))).toBeUndefined();
    expect(pngImage(png(2, 2, 0, rows, [], 1))).toBeUndefined();
    expect(pngImage(Buffer.from('not a png at all, no signature here'))).toBeUndefined();
  });
});

describe('jpegImage', () => {
  const sof = (marker: number, components: number, precision = 8) =>
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, marker, 0x00, 8 + 3 * components, precision, 0x01, 0x2c, 0x00, 0xc8, components, ...Array(3 * components).fill(1), 0xff, 0xd9]);
  it('reads a baseline or progressive frame’s size and colour space, and keeps the file as it is', () => {
    const gray = sof(0xc0, 1);
    expect(jpegImage(gray)).toMatchObject({ width: 200, height: 300, colorSpace: '/DeviceGray', filter: 'DCTDecode', data: gray });
    expect(jpegImage(sof(0xc2, 3))?.colorSpace).toBe('/DeviceRGB');
  });
  it('refuses CMYK, 12-bit, lossless and arithmetic-coded JPEGs', () => {
    expect(jpegImage(sof(0xc0, 4))).toBeUndefined();
    expect(jpegImage(sof(0xc1, 1, 12))).toBeUndefined();
    expect(jpegImage(sof(0xc3, 1))).toBeUndefined();
    expect(jpegImage(sof(0xc9, 1))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { decodeImagePixels } from './image-page.js';
import { grayOf } from '../test/image-fixtures.js';

const limits = { maxImagePixels: 1_000_000, maxRenderPixels: 1_000_000 };

/** A BMP file from a DIB header, palette/masks and pixel bytes. */
function bmp(dib: Buffer, extra: Buffer, pixels: Buffer): Buffer {
  const file = Buffer.alloc(14);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(14 + dib.length + extra.length + pixels.length, 2);
  file.writeUInt32LE(14 + dib.length + extra.length, 10);
  return Buffer.concat([file, dib, extra, pixels]);
}

function info(width: number, height: number, bitCount: number, compression: number): Buffer {
  const h = Buffer.alloc(40);
  h.writeUInt32LE(40, 0);
  h.writeInt32LE(width, 4);
  h.writeInt32LE(height, 8);
  h.writeUInt16LE(1, 12);
  h.writeUInt16LE(bitCount, 14);
  h.writeUInt32LE(compression, 16);
  return h;
}

const grayPalette = (n: number): Buffer => Buffer.concat(Array.from({ length: n }, (_, i) => {
  const v = Math.round((i * 255) / (n - 1));
  return Buffer.from([v, v, v, 0]);
}));

describe('BMP decoding', () => {
  it('reads RLE8 runs, absolute runs, end of line and end of bitmap (rows bottom-up)', async () => {
    // 4x2, palette index = gray level / 85. Bottom row: run of 4 x index 3. Top row: absolute 0,1,2 then a run of 1 x 3.
    const rle = Buffer.from([4, 3, 0, 0, 0, 3, 0, 1, 2, 0, 1, 3, 0, 1]);
    const palette = grayPalette(4);
    const dib = info(4, 2, 8, 1);
    dib.writeUInt32LE(4, 32); // colours used
    const image = grayOf(await decodeImagePixels(bmp(dib, palette, rle), 0, limits));
    expect(image).toMatchObject({ width: 4, height: 2 });
    expect([...image.data]).toEqual([0, 85, 170, 255, 255, 255, 255, 255]);
  });

  it('reads 16-bit 5-6-5 bit fields, top-down', async () => {
    const dib = info(2, -1, 16, 3);
    const masks = Buffer.alloc(12);
    masks.writeUInt32LE(0xf800, 0);
    masks.writeUInt32LE(0x07e0, 4);
    masks.writeUInt32LE(0x001f, 8);
    const pixels = Buffer.alloc(4);
    pixels.writeUInt16LE(0xffff, 0); // white
    pixels.writeUInt16LE(0x07e0, 2); // pure green: 0.587
    const image = grayOf(await decodeImagePixels(bmp(dib, masks, pixels), 0, limits));
    expect([...image.data]).toEqual([255, 150]);
  });

  it('reads a 1-bit OS/2 (core header) bitmap with a 3-byte palette', async () => {
    const core = Buffer.alloc(12);
    core.writeUInt32LE(12, 0);
    core.writeUInt16LE(3, 4);
    core.writeUInt16LE(1, 6);
    core.writeUInt16LE(1, 8);
    core.writeUInt16LE(1, 10);
    const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
    const image = grayOf(await decodeImagePixels(bmp(core, palette, Buffer.from([0b10100000, 0, 0, 0])), 0, limits));
    expect([...image.data]).toEqual([255, 0, 255]);
  });

  it('treats 32-bit pixels whose alpha bytes are all zero as opaque, as browsers do', async () => {
    const dib = Buffer.alloc(108);
    info(2, 1, 32, 3).copy(dib);
    dib.writeUInt32LE(108, 0);
    dib.writeUInt32LE(0xff0000, 40);
    dib.writeUInt32LE(0xff00, 44);
    dib.writeUInt32LE(0xff, 48);
    dib.writeUInt32LE(0xff000000, 52);
    const image = grayOf(await decodeImagePixels(bmp(dib, Buffer.alloc(0), Buffer.from([0, 0, 0, 0, 255, 255, 255, 0])), 0, limits));
    expect([...image.data]).toEqual([0, 255]);
  });

  it('refuses unsupported compression and a missing palette with 422 invalid_document', async () => {
    const jpegInBmp = bmp(info(2, 2, 24, 4), Buffer.alloc(0), Buffer.alloc(16));
    await expect(decodeImagePixels(jpegInBmp, 0, limits)).rejects.toMatchObject({ code: 'invalid_document' });
    const noPalette = bmp(info(2, 2, 8, 0), Buffer.alloc(0), Buffer.alloc(8));
    await expect(decodeImagePixels(noPalette, 0, limits)).rejects.toMatchObject({
      code: 'invalid_document',
      message: expect.stringContaining('palette'),
    });
  });
});

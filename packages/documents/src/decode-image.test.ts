import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bmp24, bmp32Alpha, bmp8, bmpRle8Bomb, bombPng, grayInput, grayTiff, markedPage, meanOf } from '../test/image-fixtures.js';
import { inspectDocument } from './inspect-document.js';
import { decodeImagePixels } from './image-page.js';
import { grayOf } from '../test/image-fixtures.js';
import type { GrayImage } from '@docsvc/image';

const limits = { maxImagePixels: 50_000_000, maxRenderPixels: 9_000_000 };
const W = 120;
const H = 80;
const page = markedPage(W, H);

/** The marked corner is black, the margin white, the "text" dark: the picture is upright and intact. */
function expectUprightPage(image: GrayImage, tolerance = 12): void {
  expect(image).toMatchObject({ width: W, height: H });
  expect(image.data.length).toBe(W * H);
  expect(meanOf(image, 2, 2, 14, 14)).toBeLessThan(tolerance); // top-left mark
  expect(meanOf(image, W - 16, 2, 14, 14)).toBeGreaterThan(255 - tolerance); // top-right: white
  expect(meanOf(image, 2, H - 16, 14, 14)).toBeGreaterThan(255 - tolerance); // bottom-left: white
  expect(meanOf(image, 40, 42, 40, 2)).toBeLessThan(40 + tolerance); // a "text line"
}

describe('image documents', () => {
  it('decodes PNG, JPEG, WebP, GIF, TIFF and BMP to the same gray page', async () => {
    const samples: [string, Buffer][] = [
      ['png', await grayInput(page).png().toBuffer()],
      ['jpeg', await grayInput(page).jpeg({ quality: 95 }).toBuffer()],
      ['webp', await grayInput(page).webp({ lossless: true }).toBuffer()],
      ['gif', await grayInput(page).gif().toBuffer()],
      ['tiff', await grayInput(page).tiff().toBuffer()],
      ['bmp', bmp24(page)],
      ['bmp', bmp8(page)],
    ];
    for (const [kind, bytes] of samples) {
      expect(await inspectDocument(bytes, limits), kind).toEqual({ kind, pageCount: 1 });
      expectUprightPage(grayOf(await decodeImagePixels(bytes, 0, limits)));
    }
  });

  it('turns a sideways phone photo (EXIF orientation 6) upright', async () => {
    // Stored rotated a quarter turn anticlockwise; orientation 6 tells viewers to turn it back.
    const { data, info } = await grayInput(page).rotate(270).toBuffer({ resolveWithObject: true });
    const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ orientation: 6, width: H, height: W });
    expectUprightPage(grayOf(await decodeImagePixels(jpeg, 0, limits)));
  });

  it('flattens transparency on white (PNG and BMP with alpha)', async () => {
    // Transparent pixels are black underneath: a decoder dropping alpha would make the page black.
    const rgba = Buffer.alloc(W * H * 4);
    const opaque = (x: number, y: number): boolean => x < 20 && y < 20;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (opaque(x, y)) rgba[(y * W + x) * 4 + 3] = 255;
    const png = await sharp(rgba, { raw: { width: W, height: H, channels: 4 } }).png().toBuffer();
    for (const bytes of [png, bmp32Alpha(page, opaque)]) {
      const image = grayOf(await decodeImagePixels(bytes, 0, limits));
      expect(meanOf(image, 2, 2, 14, 14)).toBeLessThan(5);
      expect(meanOf(image, 30, 30, 60, 40)).toBe(255);
    }
  });

  it('decodes a CMYK JPEG and a palette PNG', async () => {
    const cmyk = await grayInput(page).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    expectUprightPage(grayOf(await decodeImagePixels(cmyk, 0, limits)), 30);

    const palette = await grayInput(page).toColourspace('srgb').png({ palette: true, colours: 4 }).toBuffer();
    expect((await sharp(palette).metadata()).isPalette).toBe(true);
    expectUprightPage(grayOf(await decodeImagePixels(palette, 0, limits)));
  });

  it('counts and reads TIFF pages (also 1-bit CCITT G4), and only the first frame of an animated GIF', async () => {
    const shades = [0, 128, 255];
    const pages = await Promise.all(
      shades.map((v) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: v, g: v, b: v } } }).png().toBuffer()),
    );
    const tiff = await sharp(pages, { join: { animated: true } }).tiff().toBuffer();
    expect(await inspectDocument(tiff, limits)).toEqual({ kind: 'tiff', pageCount: 3 });
    for (const [i, v] of shades.entries()) {
      const image = grayOf(await decodeImagePixels(tiff, i, limits));
      expect(image).toMatchObject({ width: 40, height: 30 });
      expect(meanOf(image, 0, 0, 40, 30)).toBe(v);
    }
    await expect(decodeImagePixels(tiff, 3, limits)).rejects.toThrow(RangeError);

    const g4 = await grayInput(page).toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1 }).toBuffer();
    expect(await inspectDocument(g4, limits)).toEqual({ kind: 'tiff', pageCount: 1 });
    expectUprightPage(grayOf(await decodeImagePixels(g4, 0, limits)), 1);

    const gif = await sharp(pages, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    expect(await inspectDocument(gif, limits)).toEqual({ kind: 'gif', pageCount: 1 });
    expect(meanOf(grayOf(await decodeImagePixels(gif, 0, limits)), 0, 0, 40, 30)).toBe(0);
  });

  it('refuses an image bomb with 413 image_too_large before decoding it', async () => {
    const bomb = bombPng(20_000); // about 50 KB, 400 M pixels
    expect(bomb.length).toBeLessThan(100_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    // One at a time: a second call already running would reject unobserved while the first is awaited.
    for (const attempt of [() => inspectDocument(bomb, limits), () => decodeImagePixels(bomb, 0, limits)]) {
      await expect(attempt()).rejects.toMatchObject({
        code: 'image_too_large',
        status: 413,
        details: [{ width: 20_000, height: 20_000, pixels: 400_000_000, max_pixels: limits.maxImagePixels }],
      });
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 2 ** 20);

    // RLE8 lets a BMP be a bomb too: 20000 x 20000 in about a kilobyte.
    const rleBomb = bmpRle8Bomb(20_000);
    expect(rleBomb.length).toBeLessThan(2000);
    for (const attempt of [inspectDocument(rleBomb, limits), decodeImagePixels(rleBomb, 0, limits)]) {
      await expect(attempt).rejects.toMatchObject({ code: 'image_too_large', details: [{ width: 20_000, height: 20_000 }] });
    }
  });

  it('checks each TIFF page against the limit before decoding it', async () => {
    // Page 2 declares 20000 x 20000 pixels it does not even hold: only its header may be read.
    const tiff = grayTiff([
      { width: 8, height: 6, fill: 100 },
      { width: 20_000, height: 20_000, fill: 0, omitData: true },
    ]);
    expect(await inspectDocument(tiff, limits)).toEqual({ kind: 'tiff', pageCount: 2 });
    expect(meanOf(grayOf(await decodeImagePixels(tiff, 0, limits)), 0, 0, 8, 6)).toBe(100);
    await expect(decodeImagePixels(tiff, 1, limits)).rejects.toMatchObject({
      code: 'image_too_large',
      details: [{ width: 20_000, height: 20_000 }],
    });
  });

  it('refuses truncated and corrupt images with 422 invalid_document', async () => {
    const png = await grayInput(page).png().toBuffer();
    const jpeg = await grayInput(page).jpeg().toBuffer();
    for (const bytes of [png.subarray(0, 30), png.subarray(0, png.length - 30), jpeg.subarray(0, jpeg.length / 2), bmp24(page).subarray(0, 200)]) {
      await expect(decodeImagePixels(bytes, 0, limits)).rejects.toMatchObject({ code: 'invalid_document', status: 422 });
    }
    // Headers that cannot be read fail inspection already.
    await expect(inspectDocument(png.subarray(0, 30), limits)).rejects.toMatchObject({ code: 'invalid_document' });
    await expect(inspectDocument(bmp24(page).subarray(0, 20), limits)).rejects.toMatchObject({ code: 'invalid_document' });
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bmp24, grayInput, grayOf, markedPage, meanOf } from '../test/image-fixtures.js';
import { decodeImagePixels, imagePageForOcr } from './image-page.js';
import { MAX_PAGE_SIDE } from './render-dpi.js';

const limits = { maxImagePixels: 50_000_000, maxRenderPixels: 9_000_000 };
const W = 120;
const H = 80;
const page = markedPage(W, H);
const rgbInput = () => grayInput(page).toColourspace('srgb');

describe('imagePageForOcr', () => {
  it('hands PNG, JPEG and one-page TIFF files to the engine as they are: colour, alpha, 16-bit and CMYK included', async () => {
    const originals: Array<[string, Buffer]> = [
      ['gray png', await grayInput(page).png().toBuffer()],
      ['rgb png', await rgbInput().png().toBuffer()],
      ['rgba png', await rgbInput().ensureAlpha(0.5).png().toBuffer()],
      ['16-bit png', await rgbInput().toColourspace('rgb16').png().toBuffer()],
      ['palette png', await rgbInput().png({ palette: true, colours: 4 }).toBuffer()],
      ['jpeg', await rgbInput().jpeg().toBuffer()],
      ['cmyk jpeg', await rgbInput().toColourspace('cmyk').jpeg().toBuffer()],
      ['tiff', await grayInput(page).tiff().toBuffer()],
      ['g4 tiff', await grayInput(page).toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1 }).toBuffer()],
    ];
    for (const [name, bytes] of originals) {
      const prepared = await imagePageForOcr(bytes, 0, limits);
      expect(prepared, name).toMatchObject({ kind: 'original', width: W, height: H });
      if (prepared.kind === 'original') expect(prepared.bytes, name).toBe(bytes);
    }
  });

  it('decodes what the engine cannot take as it is, to exact upright pixels, saying why', async () => {
    const sideways = await grayInput(page).rotate(270).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const pages = await Promise.all([0, 128].map((v) => sharp({ create: { width: W, height: H, channels: 3, background: { r: v, g: v, b: v } } }).png().toBuffer()));
    const multi = await sharp(pages, { join: { animated: true } }).tiff().toBuffer();
    const cases: Array<[string, Buffer, number, RegExp]> = [
      ['exif', sideways, 0, /EXIF orientation 6/],
      ['webp', await rgbInput().webp({ lossless: true }).toBuffer(), 0, /webp/],
      ['gif', await grayInput(page).gif().toBuffer(), 0, /gif/],
      ['bmp', bmp24(page), 0, /bmp/],
      ['tiff page 2', multi, 1, /multi-page TIFF/],
    ];
    for (const [name, bytes, index, reason] of cases) {
      const prepared = await imagePageForOcr(bytes, index, limits);
      expect(prepared.kind, name).toBe('pixels');
      if (prepared.kind !== 'pixels') continue;
      expect(prepared.reason, name).toMatch(reason);
      expect(prepared.image, name).toMatchObject({ width: W, height: H });
      if (name !== 'tiff page 2') expect(meanOf(grayOf(prepared.image), 2, 2, 14, 14), name).toBeLessThan(20);
      else expect(meanOf(grayOf(prepared.image), 0, 0, W, H)).toBe(128);
    }
  });

  it('says the resolution a file states, as it is or decoded, and none where it states none', async () => {
    const stated = [
      ['png at 300', await grayInput(page).withMetadata({ density: 300 }).png().toBuffer(), 300],
      ['jpeg at 200', await rgbInput().withMetadata({ density: 200 }).jpeg().toBuffer(), 200],
      ['webp decoded', await rgbInput().withMetadata({ density: 300 }).webp({ lossless: true }).toBuffer(), undefined],
      ['tiff at 400', await grayInput(page).withMetadata({ density: 400 }).tiff().toBuffer(), 400],
      ['png stating none', await grayInput(page).png().toBuffer(), undefined],
      ['jpeg stating none (libvips says 72)', await rgbInput().jpeg().toBuffer(), undefined],
    ] as const;
    for (const [name, bytes, dpi] of stated) expect((await imagePageForOcr(bytes, 0, limits)).dpi, name).toBe(dpi);
  });

  it('scales an image with a side over what the engine reads down to fit, proportions kept; BMP too', async () => {
    const long = markedPage(40, 40_000);
    for (const [name, bytes] of [
      ['png', await grayInput(long).withMetadata({ density: 300 }).png().toBuffer()],
      ['sideways jpeg', await grayInput(markedPage(40_000, 40)).jpeg().withMetadata({ orientation: 6 }).toBuffer()],
      ['bmp', bmp24(long)],
    ] as const) {
      const prepared = await imagePageForOcr(bytes, 0, limits);
      expect(prepared.kind, name).toBe('pixels');
      if (prepared.kind !== 'pixels') continue;
      expect(prepared.reason, name).toMatch(/side over 32767 pixels, scaled down/);
      // Its stated resolution scaled with it (tesseract sizes its text by it).
      if (name === 'png') expect(prepared.dpi).toBe(Math.round((300 * MAX_PAGE_SIDE) / 40_000));
      expect(prepared.image, name).toMatchObject({ width: Math.round((40 * MAX_PAGE_SIDE) / 40_000), height: MAX_PAGE_SIDE });
      // The mark in its top-left corner is still there (upright, not squeezed away): top right once turned a quarter clockwise.
      const x = name === 'sideways jpeg' ? prepared.image.width - 8 : 0;
      expect(meanOf(grayOf(prepared.image), x, 0, 8, 8), name).toBeLessThan(100);
    }
  });

  it('refuses a JPEG cut short (never a part page) and keeps the pixel limit', async () => {
    const jpeg = await grayInput(page).jpeg().toBuffer();
    await expect(imagePageForOcr(jpeg.subarray(0, jpeg.length / 2), 0, limits)).rejects.toMatchObject({ code: 'invalid_document' });
    await expect(imagePageForOcr(jpeg, 0, { ...limits, maxImagePixels: 100 })).rejects.toMatchObject({ code: 'image_too_large' });
  });
});

describe('decodeImagePixels', () => {
  it('keeps colour as RGB and gray as gray, blends transparency on white', async () => {
    expect(await decodeImagePixels(await rgbInput().tint('#ff0000').png().toBuffer(), 0, limits)).toMatchObject({ channels: 3 });
    expect(await decodeImagePixels(await grayInput(page).toColourspace('b-w').png().toBuffer(), 0, limits)).toMatchObject({ channels: 1 });
    const rgba = Buffer.alloc(W * H * 4); // fully transparent, black underneath
    const clear = await decodeImagePixels(await sharp(rgba, { raw: { width: W, height: H, channels: 4 } }).png().toBuffer(), 0, limits);
    expect(Math.min(...clear.data)).toBe(255);
  });
});

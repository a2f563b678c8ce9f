import { describe, expect, it } from 'vitest';
import { encodePnm, rotateRaw } from './pnm.js';
import type { RawImage } from '@docsvc/image';

describe('encodePnm', () => {
  it('writes a P5 (gray) or P6 (RGB) header padded past the first 500 bytes, then the pixels', () => {
    for (const channels of [1, 3] as const) {
      const data = Uint8Array.from({ length: 6 * channels }, (_, i) => i * 7);
      const pnm = encodePnm({ width: 3, height: 2, channels, data });
      const headerLength = pnm.length - data.length;
      expect(headerLength).toBeGreaterThan(500);
      const header = new TextDecoder().decode(pnm.subarray(0, headerLength));
      expect(header.startsWith(channels === 1 ? 'P5\n#' : 'P6\n#')).toBe(true);
      expect(header.endsWith('\n3 2\n255\n')).toBe(true);
      expect([...pnm.subarray(headerLength)]).toEqual([...data]);
    }
  });

  it('refuses data that does not match the size', () => {
    expect(() => encodePnm({ width: 3, height: 2, channels: 1, data: new Uint8Array(5) })).toThrow(RangeError);
    expect(() => encodePnm({ width: 3, height: 2, channels: 3, data: new Uint8Array(6) })).toThrow(RangeError);
    expect(() => encodePnm({ width: 0, height: 2, channels: 1, data: new Uint8Array(0) })).toThrow(RangeError);
  });
});

describe('rotateRaw', () => {
  // 3x2, pixel value = 10*row + column:  0 1 2 / 10 11 12
  const gray: RawImage = { width: 3, height: 2, channels: 1, data: Uint8Array.from([0, 1, 2, 10, 11, 12]) };

  it('turns clockwise by quarter turns, moving every pixel exactly', () => {
    expect(rotateRaw(gray, 90)).toEqual({ width: 2, height: 3, channels: 1, data: Uint8Array.from([10, 0, 11, 1, 12, 2]) });
    expect(rotateRaw(gray, 180)).toEqual({ width: 3, height: 2, channels: 1, data: Uint8Array.from([12, 11, 10, 2, 1, 0]) });
    expect(rotateRaw(gray, 270)).toEqual({ width: 2, height: 3, channels: 1, data: Uint8Array.from([2, 12, 1, 11, 0, 10]) });
    expect(rotateRaw(gray, 0)).toBe(gray);
  });

  it('keeps RGB triples together, and four quarter turns give the image back', () => {
    const rgb: RawImage = { width: 2, height: 1, channels: 3, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) };
    expect(rotateRaw(rgb, 180).data).toEqual(Uint8Array.from([4, 5, 6, 1, 2, 3]));
    expect(rotateRaw(rotateRaw(rotateRaw(rotateRaw(gray, 90), 90), 90), 90)).toEqual(gray);
  });
});

import { describe, expect, it } from 'vitest';
import { decodePgm, encodePgm } from './pgm.js';

describe('PGM', () => {
  it('round-trips a gray image byte for byte', () => {
    const data = Uint8Array.from({ length: 7 * 5 }, (_, i) => (i * 37) & 255);
    const pgm = encodePgm({ width: 7, height: 5, data });
    expect(pgm.subarray(0, 11).toString('latin1')).toBe('P5\n7 5\n255\n');
    expect(pgm.length).toBe(11 + 35);
    const back = decodePgm(pgm);
    expect(back).toMatchObject({ width: 7, height: 5 });
    expect(Buffer.from(back.data).equals(Buffer.from(data))).toBe(true);
  });

  it('reads headers with comments and other maxvals, as other writers make them', () => {
    const header = Buffer.from('P5\n# written by hand\n2 2\n# max\n15\n', 'latin1');
    const image = decodePgm(Buffer.concat([header, Buffer.from([0, 5, 10, 15])]));
    expect([...image.data]).toEqual([0, 85, 170, 255]);
    const wide = Buffer.concat([Buffer.from('P5 2 1 65535 ', 'latin1'), Buffer.from([0xff, 0xff, 0x00, 0x00])]);
    expect([...decodePgm(wide).data]).toEqual([255, 0]);
  });

  it('refuses a wrong size and a truncated raster', () => {
    expect(() => encodePgm({ width: 3, height: 3, data: new Uint8Array(8) })).toThrow(RangeError);
    const pgm = encodePgm({ width: 4, height: 4, data: new Uint8Array(16) });
    expect(() => decodePgm(pgm.subarray(0, pgm.length - 1))).toThrow(/truncated/);
    expect(() => decodePgm(Buffer.from('P6\n1 1\n255\n\0\0\0'))).toThrow(/P5/);
  });

  it('reads a PBM (a bilevel scan as poppler writes it) as gray: black 0, white 255, rows padded to a byte', () => {
    // 10 pixels a row: two bytes, the last 6 bits padding. Row 1: black, white, black...; row 2: all black.
    const pbm = Buffer.concat([Buffer.from('P4\n10 2\n', 'latin1'), Buffer.from([0b10101010, 0b10000000, 0xff, 0xff])]);
    const image = decodePgm(pbm);
    expect(image).toMatchObject({ width: 10, height: 2 });
    expect([...image.data]).toEqual([0, 255, 0, 255, 0, 255, 0, 255, 0, 255, ...Array(10).fill(0)]);
    expect(() => decodePgm(pbm.subarray(0, pbm.length - 1))).toThrow(/truncated/);
  });
});

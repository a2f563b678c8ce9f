import { describe, expect, it } from 'vitest';
import { findRulings } from './image-rulings.js';

/** A white page to draw on: rectangles of ink (value 20) with a little scanner noise on the paper. */
function page(width: number, height: number) {
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = 235 + ((i * 7919) % 17);
  const fill = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = 20;
  };
  return { image: { width, height, data }, fill };
}

describe('lines drawn on a scan', () => {
  it('finds the rules of a grid, and neither glyph strokes nor a filled area', () => {
    const { image, fill } = page(1200, 900);
    for (const y of [100, 160, 220, 280]) fill(100, y, 900, y + 3); // horizontal rules, 3 px
    for (const x of [100, 400, 650, 897]) fill(x, 100, x + 3, 283); // vertical rules
    fill(130, 120, 160, 150); // a glyph-sized blot
    for (let k = 0; k < 12; k++) fill(420 + k * 18, 175, 430 + k * 18, 205); // a word's stems
    fill(100, 500, 900, 700); // a shaded box: too thick to be a line
    fill(950, 300, 953, 330); // a short stroke
    const rulings = findRulings(image);
    const horizontal = rulings.filter((r) => r.x1 - r.x0 > r.y1 - r.y0).sort((a, b) => a.y0 - b.y0);
    const vertical = rulings.filter((r) => r.y1 - r.y0 > r.x1 - r.x0).sort((a, b) => a.x0 - b.x0);
    // Where two lines cross, the corner may go to either (within a line's thickness).
    const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 3);
    expect(horizontal).toHaveLength(4);
    expect(vertical).toHaveLength(4);
    horizontal.forEach((r, i) => expect(near([r.x0, r.y0, r.x1, r.y1], [100, [100, 160, 220, 280][i]!, 900, [100, 160, 220, 280][i]! + 3]), JSON.stringify(r)).toBe(true));
    vertical.forEach((r, i) => expect(near([r.x0, r.y0, r.x1, r.y1], [[100, 400, 650, 897][i]!, 100, [100, 400, 650, 897][i]! + 3, 283]), JSON.stringify(r)).toBe(true));
  });

  it('finds a grid ruled in light gray (#999) on a page of black print, where no line is ink', () => {
    const { image, fill } = page(1200, 900);
    // Black print: words' stems in every cell, so the page's ink threshold is black's.
    for (const y of [120, 180, 240]) for (let k = 0; k < 40; k++) fill(120 + k * 18, y, 128 + k * 18, y + 26);
    const gray = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) image.data[y * 1200 + x] = 153;
    };
    for (const y of [100, 160, 220, 280]) gray(100, y, 900, y + 2);
    for (const x of [100, 400, 652, 898]) gray(x, 100, x + 2, 282);
    const rulings = findRulings(image);
    expect(rulings.filter((r) => r.x1 - r.x0 > r.y1 - r.y0).map((r) => Math.round(r.y0 / 10) * 10)).toEqual([100, 160, 220, 280]);
    expect(rulings.filter((r) => r.y1 - r.y0 > r.x1 - r.x0).map((r) => Math.round(r.x0 / 10) * 10).sort((a, b) => a - b)).toEqual([100, 400, 650, 900]);
  });

  it('follows a rule broken by dropouts of a pixel or two, and one a little off level', () => {
    const { image, fill } = page(1000, 400);
    fill(50, 100, 950, 102);
    for (const x of [300, 301, 600]) fill(x, 100, x + 1, 102); // paper where the line dropped out
    image.data.fill(240, 100 * 1000 + 300, 100 * 1000 + 302);
    image.data.fill(240, 101 * 1000 + 300, 101 * 1000 + 302);
    // A line falling 1 px every 200 px.
    for (let x = 50; x < 950; x++) fill(x, 250 + Math.floor((x - 50) / 200), x + 1, 252 + Math.floor((x - 50) / 200));
    const rulings = findRulings(image);
    expect(rulings).toHaveLength(2);
    expect(rulings.every((r) => r.x0 === 50 && r.x1 === 950)).toBe(true);
    expect(rulings[1]!.y1 - rulings[1]!.y0).toBeLessThanOrEqual(7);
  });

  it('takes no line from a column of dollar signs, their bars stacked row over row through the rules', () => {
    const { image, fill } = page(1200, 900);
    // A ruled table of 12 rows, 30 px apart; in its last column right-aligned amounts, each "$" a bar
    // 3 px wide from a pixel under one rule to a pixel over the next, its S touching the bar three times.
    for (let r = 0; r <= 12; r++) fill(100, 100 + r * 30, 900, 102 + r * 30);
    for (const x of [100, 500, 898]) fill(x, 100, x + 2, 462);
    for (let r = 0; r < 12; r++) {
      const top = 100 + r * 30;
      fill(760, top + 3, 763, top + 30);
      for (const [dy, from, to] of [[7, 752, 772], [15, 752, 772], [24, 752, 772]] as const) fill(from, top + dy, to, top + dy + 3);
      fill(754, top + 9, 759, top + 15); // the S's left curve, a pixel from the bar
      fill(764, top + 18, 769, top + 24); // its right curve
    }
    const vertical = findRulings(image).filter((r) => r.y1 - r.y0 > r.x1 - r.x0).map((r) => Math.round(r.x0 / 10) * 10);
    expect(vertical.sort((a, b) => a - b)).toEqual([100, 500, 900]);
  });

  it("takes no line from the feet of digits set close on a baseline ('2012' over a row's rule), and leaves them when the rule is painted over", async () => {
    const { takeLinesOff } = await import('./image-rulings.js');
    const { image, fill } = page(2550, 1600); // read at half size, as a 300-DPI page is
    // A grid of three rows; in its last column dates whose digits' feet (bases of 2s, feet of 1s, the
    // bottoms of 0s) run 3 px above the row's rule with a gap of 3 px between digits.
    for (const y of [300, 400, 500, 600]) fill(100, y, 2000, y + 4);
    for (const x of [100, 1500, 2000]) fill(x, 300, x + 4, 604);
    for (const top of [300, 400, 500]) {
      for (let d = 0; d < 8; d++) {
        const x = 1700 + d * 23;
        fill(x + 8, top + 62, x + 12, top + 88); // the digit's stroke, its curve to its foot faint
        fill(x, top + 90, x + (d % 2 ? 16 : 20), top + 93); // its foot, 3 px above the rule at top + 100
      }
    }
    for (let r = 0; r < 20; r++) for (let c = 0; c < 40; c++) fill(120 + c * 34, 700 + r * 22, 140 + c * 34, 714 + r * 22);
    const { rulings, erased } = takeLinesOff({ ...image, channels: 1 });
    const horizontal = rulings.filter((r) => r.x1 - r.x0 > r.y1 - r.y0);
    expect(horizontal.map((r) => r.y0)).toEqual([300, 400, 500, 600]);
    // The feet are still there once the rules are painted over; the rules are not.
    expect(erased!.data[391 * 2550 + 1705]).toBe(20);
    expect(erased!.data[402 * 2550 + 1705]).toBeGreaterThan(230);
    // The page given is left as it was; asked to, the lines are painted over in it, the same pixels.
    expect(image.data[402 * 2550 + 1705]).toBeLessThan(50);
    const inPlace = takeLinesOff({ ...image, channels: 1 }, { inPlace: true });
    expect(inPlace.erased!.data).toBe(image.data);
    expect(image.data[402 * 2550 + 1705]).toBeGreaterThan(230);
    expect(image.data[391 * 2550 + 1705]).toBe(20);
  });

  it('finds the rules of a grid drawn in dashes', () => {
    const { image, fill } = page(2550, 1600); // read at half size, as a 300-DPI page is
    // Dashes 12 px long every 18 px (a 6-px gap), 3 px thick.
    const dashedAcross = (y: number) => { for (let x = 200; x < 1800; x += 18) fill(x, y, Math.min(x + 12, 1800), y + 3); };
    const dashedDown = (x: number) => { for (let y = 200; y < 800; y += 18) fill(x, y, x + 3, Math.min(y + 12, 800)); };
    for (const y of [200, 400, 600, 797]) dashedAcross(y);
    for (const x of [200, 900, 1797]) dashedDown(x);
    for (let r = 0; r < 20; r++) for (let c = 0; c < 40; c++) fill(120 + c * 34, 900 + r * 22, 140 + c * 34, 914 + r * 22);
    const rulings = findRulings(image);
    expect(rulings.filter((r) => r.x1 - r.x0 > r.y1 - r.y0)).toHaveLength(4);
    expect(rulings.filter((r) => r.y1 - r.y0 > r.x1 - r.x0)).toHaveLength(3);
  });

  it('finds nothing on a blank page', () => {
    expect(findRulings(page(500, 500).image)).toEqual([]);
  });
});

describe('lines taken off a scan for the OCR engine', () => {
  it('paints the lines over in the paper colour and leaves the text', async () => {
    const { eraseRulings } = await import('./image-rulings.js');
    const { image, fill } = page(1200, 900);
    fill(100, 100, 900, 103);
    fill(300, 120, 340, 150); // text beside the line
    const erased = eraseRulings({ ...image, channels: 1 }, findRulings(image));
    expect(findRulings(erased)).toEqual([]);
    expect(erased.data[101 * 1200 + 500]).toBeGreaterThan(200);
    expect(erased.data[130 * 1200 + 320]).toBe(20);
    expect(image.data[101 * 1200 + 500]).toBe(20); // the original is untouched
  });

  it('leaves a shaded row as paper with its text, not as a bar of ink with the lines gone', async () => {
    const { takeLinesOff } = await import('./image-rulings.js');
    const { image, fill } = page(1200, 900);
    for (let y = 132; y < 160; y++) image.data.fill(190, y * 1200 + 102, y * 1200 + 898); // the shaded row
    for (const y of [100, 130, 160, 190]) fill(100, y, 900, y + 2);
    for (const x of [100, 500, 898]) fill(x, 100, x + 2, 192);
    fill(150, 138, 160, 154); // text in the shaded row
    const { erased } = takeLinesOff({ ...image, channels: 1 });
    expect(erased).toBeDefined();
    const at = (x: number, y: number) => erased!.data[y * 1200 + x]!;
    expect([at(300, 145), at(700, 131), at(500, 145), at(300, 160)].every((v) => v > 230)).toBe(true); // tint, rule, column line
    expect(at(155, 145)).toBe(20);
  });


  it('takes the grid off a colour scan in every channel, the paper keeping its tint and the text its ink', async () => {
    const { takeLinesOff } = await import('./image-rulings.js');
    const { image, fill } = page(1200, 900);
    for (const y of [100, 130, 160, 190]) fill(100, y, 900, y + 2);
    for (const x of [100, 500, 898]) fill(x, 100, x + 2, 192);
    fill(150, 138, 160, 154); // text in a cell
    // Cream paper (R and G above B), ink as drawn: three bytes a pixel.
    const rgb = new Uint8Array(image.data.length * 3);
    image.data.forEach((v, i) => rgb.set([v, v, Math.max(0, v - 25)], i * 3));
    const { erased, gridErased } = takeLinesOff({ width: 1200, height: 900, channels: 3, data: rgb });
    expect(gridErased).toBe(true);
    const at = (x: number, y: number) => [...erased!.data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    for (const [x, y] of [[300, 101], [700, 131], [500, 145], [101, 170]] as const) {
      const [r, g, b] = at(x, y);
      expect(r, `${x},${y}`).toBeGreaterThan(220);
      expect(g).toBeGreaterThan(220);
      expect(b).toBeGreaterThan(195);
    }
    expect(at(155, 145)).toEqual([20, 20, 0]);
  });
  it('paints over the dot leaders of a table of figures, and not the letters beside them or an ellipsis', async () => {
    const { takeLinesOff } = await import('./image-rulings.js');
    // A 300-DPI page (2550 px across): a label's letters (stems and an "e"-like bowl whose foot is a
    // short stroke), then 20 dots 5 px square every 12 px on its baseline, then a figure; an ellipsis
    // of three dots elsewhere.
    const { image, fill } = page(2550, 1200);
    fill(200, 300, 205, 330); // a stem
    fill(212, 310, 230, 313); // a bowl's top, sides and foot
    fill(212, 310, 215, 330);
    fill(227, 310, 230, 322);
    fill(212, 327, 230, 330);
    for (let i = 0; i < 20; i++) fill(245 + 12 * i, 325, 250 + 12 * i, 330);
    fill(560, 300, 565, 330); // the figure's stem
    for (let i = 0; i < 3; i++) fill(800 + 12 * i, 325, 805 + 12 * i, 330);
    // The rest of the page's text, glyph-sized blocks: ink enough for the page's ink threshold.
    for (let r = 0; r < 20; r++) for (let c = 0; c < 60; c++) fill(100 + c * 38, 500 + r * 30, 120 + c * 38, 520 + r * 30);
    const { erased } = takeLinesOff({ ...image, channels: 1 });
    expect(erased).toBeDefined();
    const at = (x: number, y: number) => erased!.data[y * 2550 + x]!;
    for (let i = 0; i < 20; i++) expect(at(247 + 12 * i, 327), `dot ${i}`).toBeGreaterThan(230);
    expect([at(202, 315), at(220, 328), at(213, 320), at(562, 315)]).toEqual([20, 20, 20, 20]);
    expect(at(802, 327)).toBe(20);
  });

  it('paints over only the course of a grid drawn a little askew, not the letters that stand in its box beside it', async () => {
    const { takeLinesOff } = await import('./image-rulings.js');
    // A 300-DPI page turned 0.3 degrees: each row line falls 1 px every 190 px (8 px over its 1500),
    // each column line leans 1 px every 190 px too; in each row, letters' blocks standing 3 px off the
    // line above them at the row's left end, and 3 px off the line below at its right end, inside the
    // line's box there.
    const { image, fill } = page(2550, 1200);
    const rowLines = [200, 260, 320, 380];
    for (const y of rowLines) for (let x = 500; x < 2000; x++) fill(x, y + Math.floor((x - 500) / 190), x + 1, y + 3 + Math.floor((x - 500) / 190));
    for (const x of [500, 1200, 1997]) for (let y = 200; y < 392; y++) fill(x - Math.floor((y - 200) / 190), y, x + 3 - Math.floor((y - 200) / 190), y + 1);
    for (const y of rowLines.slice(0, 3)) {
      fill(520, y + 6, 540, y + 30); // under the line at the left end: 3 px below its ink
      fill(1960, y + 60 - 28 + 7, 1980, y + 60 + 7 - 3 - 3); // over the next line at the right end, 3 px above its ink
    }
    // The rest of the page's text, glyph-sized blocks: ink enough for the page's ink threshold.
    for (let r = 0; r < 12; r++) for (let c = 0; c < 60; c++) fill(100 + c * 38, 600 + r * 40, 120 + c * 38, 620 + r * 40);
    const { erased, gridErased } = takeLinesOff({ ...image, channels: 1 });
    expect(gridErased).toBe(true);
    const at = (x: number, y: number) => erased!.data[y * 2550 + x]!;
    for (const y of rowLines.slice(0, 3)) {
      // The letters stay whole, their edges nearest the line included.
      expect([at(530, y + 6), at(530, y + 18), at(1970, y + 60 + 7 - 3 - 4), at(1970, y + 45)], `row at ${y}`).toEqual([20, 20, 20, 20]);
    }
    // The lines are gone, at both ends and in the middle.
    for (const y of rowLines) for (const x of [505, 1250, 1990]) expect(at(x, y + 1 + Math.floor((x - 500) / 190)), `line ${y} at ${x}`).toBeGreaterThan(200);
  });

  it('paints over the corners where a frame\'s lines meet, leaving no speck to be read as `-` or `_`', async () => {
    const { takeLinesOff } = await import('./image-rulings.js');
    const { image, fill } = page(1200, 900);
    for (const y of [100, 160, 220, 280]) fill(100, y, 900, y + 4);
    for (const x of [100, 400, 650, 896]) fill(x, 100, x + 4, 284);
    for (let r = 0; r < 10; r++) for (let c = 0; c < 30; c++) fill(100 + c * 36, 400 + r * 30, 120 + c * 36, 416 + r * 30);
    const { erased } = takeLinesOff({ ...image, channels: 1 });
    expect(erased).toBeDefined();
    const darkest = (x0: number, y0: number) => {
      let v = 255;
      for (let y = y0; y < y0 + 4; y++) for (let x = x0; x < x0 + 4; x++) v = Math.min(v, erased!.data[y * 1200 + x]!);
      return v;
    };
    expect([darkest(100, 100), darkest(896, 100), darkest(100, 280), darkest(896, 280)].every((v) => v > 200)).toBe(true);
  });

  it('leaves the commas of a column of figures on a page turned sideways, in a row as a leader\'s dots would be', async () => {
    const { takeLinesOff } = await import('./image-rulings.js');
    // A 300-DPI page scanned sideways: the table's rows run down the page, one every 40 px; in one
    // column each figure (`12,549`) has its comma between digits above and below it, the commas of
    // ten rows in a row across the page, evenly spaced.
    const { image, fill } = page(2550, 1200);
    for (let i = 0; i < 10; i++) {
      const x = 300 + 40 * i;
      fill(x, 560, x + 22, 592); // the digits before the comma
      fill(x + 17, 597, x + 22, 602); // the comma
      fill(x, 607, x + 22, 640); // the digits after it
    }
    for (let r = 0; r < 20; r++) for (let c = 0; c < 60; c++) fill(100 + c * 38, 700 + r * 24, 120 + c * 38, 716 + r * 24);
    const { erased } = takeLinesOff({ ...image, channels: 1 });
    const at = (x: number, y: number) => (erased ?? image).data[y * 2550 + x]!;
    for (let i = 0; i < 10; i++) expect(at(300 + 40 * i + 19, 599), `comma ${i}`).toBe(20);
  });

  it('turns boxes with the page, as rotateRaw turns its pixels', async () => {
    const { turnBoxes } = await import('./image-rulings.js');
    const box = { x0: 10, y0: 20, x1: 110, y1: 24 };
    expect(turnBoxes([box], 90, 400, 300)).toEqual([{ x0: 276, y0: 10, x1: 280, y1: 110 }]);
    expect(turnBoxes([box], 180, 400, 300)).toEqual([{ x0: 290, y0: 276, x1: 390, y1: 280 }]);
    expect(turnBoxes([box], 270, 400, 300)).toEqual([{ x0: 20, y0: 290, x1: 24, y1: 390 }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Box, GrayImage } from '@docsvc/image';
import { blank } from '../test/engines.js';
import { raisedMarkOf, withMarkRead, type RaisedMark } from './raised-marks.js';

/** Paints a dark rectangle on the page. */
function ink(page: GrayImage, box: Box): void {
  for (let y = box.y0; y < box.y1; y++) page.data.fill(0, y * page.width + box.x0, y * page.width + box.x1);
}

describe('raisedMarkOf', () => {
  // Four glyphs 30 px tall standing on the baseline at y 130, 6 px apart, then the last glyph at x 190-196.
  const glyphs: Box[] = [0, 1, 2, 3].map((i) => ({ x0: 100 + 22 * i, y0: 100, x1: 116 + 22 * i, y1: 130 }));
  const word = (text: string, last: Box): { page: GrayImage; word: { text: string; bbox: Box } } => {
    const page = blank(300, 200);
    for (const g of [...glyphs, last]) ink(page, g);
    return { page, word: { text, bbox: { x0: 100, y0: 96, x1: 200, y1: 134 } } };
  };

  it('finds a small raised glyph after a word read with punctuation in its place, to be read again', () => {
    const { page, word: w } = word('2021!', { x0: 190, y0: 98, x1: 196, y1: 116 });
    expect(raisedMarkOf(page, 128, w)).toMatchObject({ put: 'replace', readAs: '!', box: { x0: 189, y0: 97, x1: 197, y1: 117 } });
    // At 200 DPI a raised 1 is read as an asterisk or a plus too.
    expect(raisedMarkOf(page, 128, { ...w, text: '2021*' })).toMatchObject({ put: 'replace', readAs: '*' });
  });

  it('finds one dropped after a figure whose every digit was read, and one read as the last digit', () => {
    const { page, word: w } = word('2021', { x0: 190, y0: 98, x1: 196, y1: 116 });
    expect(raisedMarkOf(page, 128, w)?.put).toBe('append');
    expect(raisedMarkOf(page, 128, { ...w, text: '20211' })?.put).toBe('replace');
    // Neither: the glyphs and the characters read do not agree.
    expect(raisedMarkOf(page, 128, { ...w, text: '202' })).toBeUndefined();
  });

  it('leaves a glyph that stands on the baseline, a full-height `?`, an apostrophe, and words ending in a letter', () => {
    // A `!` of full height on the baseline.
    expect(raisedMarkOf(word('2021!', { x0: 190, y0: 100, x1: 196, y1: 130 }).page, 128, word('2021!', { x0: 190, y0: 100, x1: 196, y1: 130 }).word)).toBeUndefined();
    // An apostrophe: raised, but a third of the height.
    const quote = word("2021'", { x0: 190, y0: 100, x1: 194, y1: 108 });
    expect(raisedMarkOf(quote.page, 128, quote.word)).toBeUndefined();
    const letter = word('Total', { x0: 190, y0: 98, x1: 196, y1: 116 });
    expect(raisedMarkOf(letter.page, 128, letter.word)).toBeUndefined();
  });
});

describe('withMarkRead', () => {
  const replace: RaisedMark = { box: { x0: 0, y0: 0, x1: 1, y1: 1 }, put: 'replace', readAs: '?' };
  const append: RaisedMark = { box: { x0: 0, y0: 0, x1: 1, y1: 1 }, put: 'append' };

  it('puts the mark read alone in the place of the punctuation, or after a figure that dropped it', () => {
    expect(withMarkRead('Germany?', replace, '1')).toBe('Germany1');
    expect(withMarkRead('2023°', { ...replace, readAs: '°' }, 'p')).toBe('2023p');
    expect(withMarkRead('9.8', append, '1')).toBe('9.81');
    // A lone stroke read as an l or an I is a 1.
    expect(withMarkRead('Netherlands?', replace, 'l')).toBe('Netherlands1');
  });

  it('keeps the word where the mark reads as no letter or digit, or as a degree sign', () => {
    expect(withMarkRead('Germany?', replace, '?')).toBeUndefined();
    expect(withMarkRead('Germany?', replace, '')).toBeUndefined();
    expect(withMarkRead('20°', { ...replace, readAs: '°' }, 'o')).toBeUndefined();
    expect(withMarkRead('15', append, '0')).toBeUndefined();
  });

  it('writes a raised a or o after a number as the ordinal indicator in languages that print ordinals so', () => {
    expect(withMarkRead('18?', replace, 'a', 'spa')).toBe('18ª');
    expect(withMarkRead('21”', { ...replace, readAs: '”' }, 'o', 'spa+eng')).toBe('21º');
    expect(withMarkRead('N*', { ...replace, readAs: '*' }, 'o', 'spa')).toBe('Nº');
    expect(withMarkRead('18?', replace, 'a', 'eng')).toBe('18a');
  });
});

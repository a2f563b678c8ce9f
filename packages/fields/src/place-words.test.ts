import { describe, expect, it } from 'vitest';
import { Lexicon, placeWordsPutRight } from './place-words.js';

describe('placeWordsPutRight', () => {
  it("puts right an address's word read one look-alike character off the one place word it can be, in its case", () => {
    expect(placeWordsPutRight('NO. 17-G, JALAN SE7IA INBAH, SETIA ALAN, 40170 SHAH ALAM.')).toBe('NO. 17-G, JALAN SETIA INDAH, SETIA ALAM, 40170 SHAH ALAM.');
    expect(placeWordsPutRight('56000 Kuala Lunpur, Malaysia')).toBe('56000 Kuala Lumpur, Malaysia');
    expect(placeWordsPutRight('47500 SUBANG JAYA,GELANGOR')).toBe('47500 SUBANG JAYA,SELANGOR');
    expect(placeWordsPutRight('LUT 1504, BATU 8 1/2, JALAN KLANG')).toBe('LOT 1504, BATU 8 1/2, JALAN KLANG');
    expect(placeWordsPutRight('Lot PID 198718 Tmn Sierra P 81750 Masai Johor')).toBe('Lot PTD 198718 Tmn Sierra P 81750 Masai Johor');
  });

  it('puts back a letter a long word lost, where only one place word can have lost it', () => {
    expect(placeWordsPutRight('NO.12,JALAN SS4C/5,PETALING JAYA SEANGOR DARUL EHSAN')).toBe('NO.12,JALAN SS4C/5,PETALING JAYA SELANGOR DARUL EHSAN');
    expect(placeWordsPutRight('Bandar Baru Permas Jaya, Johor Bahru, Malaysa')).toBe('Bandar Baru Permas Jaya, Johor Bahru, Malaysia');
    expect(placeWordsPutRight('NO.12,JA:_AN SS4C/5, TAMAN_JAYA')).toBe('NO.12,JALAN SS4C/5, TAMAN_JAYA');
    // Five letters is a name's length: left as read.
    expect(placeWordsPutRight('KEDAI YEW CHUAN')).toBe('KEDAI YEW CHUAN');
  });

  it('puts right by any lexicon, one confusable character off (u for w, f for p) and no nearer to two words', () => {
    const trades = new Lexicon(['hardware', 'enterprise', 'software']);
    expect(trades.wordFor('harduare')).toBe('hardware');
    expect(trades.wordFor('enterfrise')).toBe('enterprise');
    expect(trades.wordFor('hardxare')).toBeUndefined();
    expect(new Lexicon(['wing', 'ming']).wordFor('ning')).toBeUndefined();
  });

  it('puts right a postcode read with one letter for a digit', () => {
    expect(placeWordsPutRight('PERMAS JAYA B1750 MASAI')).toBe('PERMAS JAYA 81750 MASAI');
    expect(placeWordsPutRight('U13, 4D170 SHAH ALAM')).toBe('U13, 40170 SHAH ALAM');
  });

  it('leaves words it holds, names one letter short of a place word, words near two place words, lower-case words and codes as read', () => {
    for (const text of ['KEDAI PAPAN YEW CHUAN', 'Jalan Tun Razak, Kuala Lumpur', 'NO 8, JALAN 7/118B', 'JALAN SS15/4D', 'Level 6, Wisma Hall', 'the alan street', 'LOT 1504, 47301 PETALING', 'HAI-O RAYA BHD']) {
      expect(placeWordsPutRight(text)).toBe(text);
    }
  });
});

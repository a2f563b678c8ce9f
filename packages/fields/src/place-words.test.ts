import { describe, expect, it } from 'vitest';
import { placeWordsPutRight } from './place-words.js';

describe('placeWordsPutRight', () => {
  it("puts right an address's word read one look-alike character off the one place word it can be, in its case", () => {
    expect(placeWordsPutRight('NO. 17-G, JALAN SE7IA INBAH, SETIA ALAN, 40170 SHAH ALAM.')).toBe('NO. 17-G, JALAN SETIA INDAH, SETIA ALAM, 40170 SHAH ALAM.');
    expect(placeWordsPutRight('56000 Kuala Lunpur, Malaysia')).toBe('56000 Kuala Lumpur, Malaysia');
    expect(placeWordsPutRight('47500 SUBANG JAYA,GELANGOR')).toBe('47500 SUBANG JAYA,SELANGOR');
    expect(placeWordsPutRight('LUT 1504, BATU 8 1/2, JALAN KLANG')).toBe('LOT 1504, BATU 8 1/2, JALAN KLANG');
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

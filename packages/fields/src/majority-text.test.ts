import { describe, expect, it } from 'vitest';
import { majorityText, textDistance } from './majority-text.js';

describe('majorityText', () => {
  it('keeps, character by character, what most readings read: substitutions, dropped and added characters', () => {
    expect(majorityText('NO.89 JALAN PERMAS 9/5', ['NO.59 JALAN PERMAS 9/5', 'NO.59 JALAN PERIAS 9/5'])).toBe('NO.59 JALAN PERMAS 9/5');
    expect(majorityText('JALAN UTARA', ['JALAN  UTARA', 'JALAN  UTARA'])).toBe('JALAN  UTARA');
    expect(majorityText('SETAPAK,, KL', ['SETAPAK, KL', 'SETAPAK, KL'])).toBe('SETAPAK, KL');
    expect(majorityText('KUALA LUMPUR', ['KUALA LUMPUR.', 'KUALA LUMPUR.'])).toBe('KUALA LUMPUR.');
  });

  it("keeps the first reading's where there is no majority, and with fewer than three readings", () => {
    expect(majorityText('SS21/1A', ['$821/1A', 'SS21/14'])).toBe('SS21/1A');
    expect(majorityText('9/6', ['9/5', '9/8'])).toBe('9/6');
    expect(majorityText('9/6', ['9/5'])).toBe('9/6');
  });

  it('keeps a letter or digit that as many readings read as lost, and not a speck', () => {
    // Two readings lost the faint first letter that a reading counting as two read.
    expect(majorityText('HREE STOOGES', ['HREE STOOGES', 'THREE STOOGES'], [1, 1, 2])).toBe('THREE STOOGES');
    expect(majorityText('SDN BHD', ['SDN BHD', 'SDN BHD.'], [1, 1, 2])).toBe('SDN BHD');
  });

  it('drops what a reading made up where as much weight read nothing there: specks, a lower-case letter in an upper-case word, a digit among letters', () => {
    // PaddleOCR (counting two) first, both tesseract readings without them.
    expect(majorityText('44 JALAN SS21/58 DAM.1ANSARA 47400 PETALINGi JAYA', ['44 JALAN SS21/58 DAMANSARA 47400 PETALING JAYA', '44 JALAN SS21/58 DAMANSARA 47400 PETALING JAYA'], [2, 1, 1])).toBe(
      '44 JALAN SS21/58 DAMANSARA 47400 PETALING JAYA',
    );
    // Codes keep their digits, lower-case words their letters.
    expect(majorityText('SS21 U5/N PJU1A SS4C Olive9 Jaya', ['SS2 U/N PJUA SSC Olive Jay', 'SS2 U/N PJUA SSC Olive Jay'], [2, 1, 1])).toBe('SS21 U5/N PJU1A SS4C Olive9 Jaya');
  });

  it('keeps the spaces that as much weight read as lost (PaddleOCR drops them in tight print), and not a speck with its space', () => {
    expect(majorityText('NO.9,JALANMANIS3,TAMANSEGAR', ['NO.9, JALAN MANIS 3, TAMAN SEGAR', 'NO.9, JALAN MANIS 3, TAMAN SEGAR'], [2, 1, 1])).toBe('NO.9, JALAN MANIS 3, TAMAN SEGAR');
    expect(majorityText('B & BEST RESTAURANT', ['B 3 & BEST RESTAURANT', 'B 3 & BEST RESTAURANT'], [2, 1, 1])).toBe('B & BEST RESTAURANT');
  });

  it("gives a tie between two digits to the heaviest reading's, and one between letters to the first's", () => {
    expect(majorityText('PERMAS 9/6 43600 DENGKIL', ['PERMAS 9/6 43600 DENGKIL', 'PERMAS 9/5 43800 DENGKIL'], [1, 1, 2])).toBe('PERMAS 9/5 43800 DENGKIL');
    expect(majorityText('CNE ONE THREE', ['CNE ONE THREE', 'ONE ONE THREE'], [1, 1, 2])).toBe('CNE ONE THREE');
    // Readings that count alike: the first's.
    expect(majorityText('9/6', ['9/5', '9/6', '9/5'])).toBe('9/6');
  });
});

describe('textDistance', () => {
  it('is the share of characters to change', () => {
    expect(textDistance('abcd', 'abcd')).toBe(0);
    expect(textDistance('abcd', 'abxd')).toBe(0.25);
    expect(textDistance('abcd', 'abc')).toBe(0.25);
    expect(textDistance('abc', 'xyz')).toBe(1);
    expect(textDistance('kitten', 'sitting')).toBeCloseTo(3 / 7);
    expect(textDistance('sitting', 'kitten')).toBeCloseTo(3 / 7);
    expect(textDistance('', 'ab')).toBe(1);
  });
});

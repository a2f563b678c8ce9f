import { describe, expect, it } from 'vitest';
import { chrfStatistics, corpusChrf, sentenceChrf } from './chrf.js';

describe('chrF', () => {
  it('gives the scores sacreBLEU gives (chrF2, the examples of its Hugging Face metric card)', () => {
    expect(sentenceChrf('The relationship between Obama and Netanyahu is not exactly friendly.', 'The ties between Obama and Netanyahu are not particularly friendly.')).toBeCloseTo(61.576379378113785, 9);
    const hypotheses = ['The relationship between cats and dogs is not exactly friendly.', 'a good bookshop is just a genteel black hole that knows how to read.'];
    const references = ['The relationship between dogs and cats is not exactly friendly.', 'A good bookshop is just a genteel Black Hole that knows how to read.'];
    expect(corpusChrf(hypotheses, references)).toBeCloseTo(84.64214891738334, 9);
  });

  it('is 100 for the reference itself, whatever its spacing, and 0 with nothing in common', () => {
    expect(sentenceChrf('Bonjour, comment allez-vous ?', 'Bonjour,  comment allez-vous?')).toBe(100);
    expect(sentenceChrf('xyz', 'abc')).toBe(0);
    expect(sentenceChrf('', 'abc')).toBe(0);
  });

  it('counts n-grams as multisets of characters (code points), whitespace left out', () => {
    expect(chrfStatistics('aa a', 'aŝa', 2)).toEqual([
      { hypothesis: 3, reference: 3, common: 2 },
      { hypothesis: 2, reference: 2, common: 0 },
    ]);
  });

  it('weighs recall above precision: a translation that leaves words out loses more than one that adds some', () => {
    const reference = 'the cat sleeps on the red sofa';
    expect(sentenceChrf('the cat sleeps on the red sofa today at noon', reference)).toBeGreaterThan(sentenceChrf('the cat sleeps', reference));
  });

  it('refuses a test set whose sides differ in length', () => {
    expect(() => corpusChrf(['a'], [])).toThrow(RangeError);
  });
});

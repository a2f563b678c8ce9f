import { describe, expect, it } from 'vitest';
import { countWords, escapeStreamText, reformat, relayStream } from './escape.js';
import { findProtectedSpans, toStreamUnit } from './protect-spans.js';
import { splitIntoUnits } from './split-units.js';

describe('escapeStreamText', () => {
  it('escapes what apertium-destxt escapes', () => {
    expect(escapeStreamText('a\\b[c]d^e$f/g@h<i>j{k}l')).toBe('a\\\\b\\[c\\]d\\^e\\$f\\/g\\@h\\<i\\>j\\{k\\}l');
    expect(escapeStreamText('plain text, 3.5%!')).toBe('plain text, 3.5%!');
  });
});

describe('toStreamUnit', () => {
  it('sends format (line breaks, runs of blanks, mark characters) as indexed superblanks', () => {
    expect(toStreamUnit('one two\nthree  four\tfive')).toEqual({ stream: 'one two[0]three[1]four[2]five', blanks: ['\n', '  ', '\t'] });
    expect(toStreamUnit('5 * 3 #tag @home ~x ^y')).toEqual({ stream: '5[0]3[1]tag[2]home[3]x[4]y', blanks: [' * ', ' #', ' @', ' ~', ' ^'] });
  });

  it('sends URLs and e-mail addresses whole as superblanks', () => {
    const unit = toStreamUnit('See https://example.com/a/b?c=d, or mail ann.lee+x@mail.example.org.');
    expect(unit.stream).toBe('See [0], or mail [1].');
    expect(unit.blanks).toEqual(['https://example.com/a/b?c=d', 'ann.lee+x@mail.example.org']);
  });

  it('escapes the rest and drops NUL, which would end the unit', () => {
    expect(toStreamUnit('a/b <c> [d]\0e').stream).toBe('a\\/b \\<c\\> \\[d\\]e');
  });
});

describe('findProtectedSpans', () => {
  const spans = (text: string) => findProtectedSpans(text).map(({ start, end }) => text.slice(start, end));
  it('leaves sentence punctuation out of a URL, but keeps its own parentheses', () => {
    expect(spans('Read https://en.wikipedia.org/wiki/Rice_(disambiguation).')).toEqual(['https://en.wikipedia.org/wiki/Rice_(disambiguation)']);
    expect(spans('(see www.example.com/x).')).toEqual(['www.example.com/x']);
    expect(spans('no links here, 3.5 and a.b, end.Start')).toEqual([]);
    expect(spans('see example.com/casa-roja and ftp://files.example.org')).toEqual(['example.com/casa-roja', 'ftp://files.example.org']);
  });
});

describe('reformat', () => {
  it('undoes escapes, puts superblank text back and drops unknown-word marks but not the word', () => {
    expect(reformat('El *blorf es #rojo y @azul \\[x\\] [0] [1][!u2]', ['\n', 'a@b.co'])).toBe('El blorf es rojo y azul [x] \n a@b.co!u2');
    // A generator that escapes its own mark (eng-hbs: '\@in') still marks: the caller's '@' travels as a superblank.
    expect(reformat('Moj \\@in \\*dom \\#more.', [])).toBe('Moj in dom more.');
    expect(reformat('1*e5', [])).toBe('1e5');
  });

  it('round-trips text through the stream format', () => {
    const text = 'Mail a@b.co or see https://x.org/p?q=1 \\ [a] {b} <c> ^d$ *e #f @g ~h\n\ttab';
    const { stream, blanks } = toStreamUnit(text);
    expect(reformat(stream, blanks)).toBe(text);
  });
});

describe('relayStream', () => {
  it('passes words the first leg did not know to the second leg as superblanks', () => {
    const blanks = ['\n'];
    expect(relayStream('El *blorf es @zibble [0] \\[x\\] #rojo \\@in.', blanks)).toBe('El [1] es [2] [0] \\[x\\] rojo [3].');
    expect(blanks).toEqual(['\n', 'blorf', 'zibble', 'in']);
    // A bare reserved character from a generator ('Fær/Færðu') goes on escaped, or the next leg stops on it.
    expect(relayStream('Kærar þakkir Fær/Færðu <x>', [])).toBe('Kærar þakkir Fær\\/Færðu \\<x\\>');
  });
});

describe('countWords', () => {
  it('counts runs of letters outside superblanks and escapes, and the unknown-word marks', () => {
    expect(countWords('El *blorf es @zibble [0] \\[x\\] rojo.')).toEqual({ words: 6, unknown: 1 });
    expect(countWords('Moj \\*dom l\'eau 42')).toEqual({ words: 4, unknown: 1 });
    expect(countWords('[0] 12:30 [1]')).toEqual({ words: 0, unknown: 0 });
  });
});

describe('splitIntoUnits', () => {
  it('cuts a long string after paragraph breaks, line breaks or sentence ends, and joins back to it', () => {
    const paragraph = 'The old teacher visits the green garden. The children follow her with their books!\n';
    const text = `${paragraph.repeat(40)}\n${paragraph.repeat(40)}`;
    const pieces = splitIntoUnits(text, 1_000);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(6);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(1_000);
      expect(piece).toMatch(/[.!]\n+$|\n$/);
    }
    const prose = 'One sentence here. '.repeat(200);
    for (const piece of splitIntoUnits(prose, 1_000).slice(0, -1)) expect(piece).toMatch(/\. $/);
  });

  it('keeps a token longer than the limit whole', () => {
    const blob = 'x'.repeat(5_000);
    expect(splitIntoUnits(`start ${blob} end`, 1_000)).toEqual(['start ', `${blob} `, 'end']);
    expect(splitIntoUnits('short', 1_000)).toEqual(['short']);
  });
});

describe('scanning cost', () => {
  it('stays linear on a 100,000-character token without spaces', () => {
    for (const text of ['a'.repeat(100_000), 'a-'.repeat(50_000), 'a.'.repeat(50_000)]) {
      const started = performance.now();
      toStreamUnit(text);
      splitIntoUnits(text);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});

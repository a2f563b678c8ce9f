/**
 * Apertium's stream format, both ways. Plain text becomes stream text much as apertium-destxt makes it: the
 * characters the stream reserves are backslash-escaped, and format (anything that is not to be translated)
 * travels as "superblanks" `[...]`, which every stage passes through untouched. Stream text coming out of the
 * last stage is turned back into plain text as apertium-retxt does, minus the unknown-word marks.
 */

/**
 * What apertium-destxt backslash-escapes (checked with `printf ... | apertium-destxt`): `\ [ ] ^ $ / @ < > { }`.
 * An unescaped `@` kills the pipeline ("Malformed input stream"). destxt leaves `*` and `#` alone and wraps `~`
 * in a superblank, but the engine writes `*` (unknown word), `#` (generation failure) and `@` (missing from the
 * bilingual dictionary) as marks, and the generator drops the backslash of `\*` and `\#`: so protect-spans sends
 * `* # @ ~` (and `^`, see superblank) as superblanks, and any mark in the output is the engine's own.
 */
const RESERVED = /[\\[\]^$/@<>{}]/g;

/** Backslash-escapes the characters the stream format reserves. */
export function escapeStreamText(text: string): string {
  return text.replace(RESERVED, '\\$&');
}

/**
 * Format kept out of the engine's sight: its original text sits in `blanks`, and the stream carries only a
 * superblank holding its index (`[3]`). Superblanks pass every stage untouched, so the index comes back where the
 * engine put the blank; reformat swaps the text back in. Holding the text out of band also keeps characters
 * away that some stages mishandle even escaped or inside a superblank: a unit ending in `\^` with no word after
 * it hangs lrx-proc (measured with eng-spa and cat-eng), so `^` is format too.
 */
export function superblank(raw: string, blanks: string[]): string {
  blanks.push(raw);
  return `[${blanks.length - 1}]`;
}

/** The marks Apertium puts in front of words it could not handle. Ours never reach the engine unprotected. */
const isMark = (ch: string): boolean => ch === '*' || ch === '#' || ch === '@';

/**
 * Stream text back to plain text: escapes undone, superblanks replaced by the text they stand for (see
 * superblank), unknown-word marks (`*word`, `#word`, `@word`) dropped while the word stays. Every `*#@` that the
 * caller sent went as a superblank, so any of them found in the stream is the engine's mark.
 */
export function reformat(stream: string, blanks: readonly string[]): string {
  let out = '';
  // A space the engine wrote right after another one it wrote: a dropped word ("We will go" -> "Iremos")
  // leaves its space behind. The caller's own runs of whitespace travel as superblanks and are kept.
  let engineSpace = false;
  for (let i = 0; i < stream.length; i++) {
    const ch = stream[i]!;
    if (ch === '\\' && isMark(stream[i + 1] ?? '')) {
      // Some generators escape their own marks (eng-hbs writes '\@in' for a word missing from its bilingual
      // dictionary): still the engine's mark, never the caller's (theirs travel as superblanks).
      i++;
    } else if (ch === '\\') {
      out += stream[++i] ?? '';
      engineSpace = false;
    } else if (ch === '[') {
      const end = findSuperblankEnd(stream, i);
      out += blankText(stream.slice(i + 1, end), blanks);
      i = end;
      engineSpace = false;
    } else if (!isMark(ch)) {
      if (ch === ' ' && engineSpace) continue;
      out += ch;
      engineSpace = ch === ' ';
    }
  }
  return out;
}

/** Characters an unknown word is made of, after its mark (Apertium also marks tails such as `1*e5`). */
const WORD_AFTER_MARK = /[\p{L}\p{M}\p{N}_'’-]*/uy;

/**
 * Output of the first leg of a two-leg route, made into input for the second leg: still stream text (escapes
 * and superblanks kept as they are), marks removed. A word the first engine did not know (`*word`, `@word`)
 * is passed on as a superblank, so that the second engine does not "translate" a name or a foreign word that
 * happens to look like one of its own words. `#word` is a target-language lemma the first engine failed to
 * inflect: it is in the second engine's source language, so it stays translatable.
 */
export function relayStream(stream: string, blanks: string[]): string {
  let out = '';
  for (let i = 0; i < stream.length; i++) {
    let ch = stream[i]!;
    // An escaped mark is the engine's mark too (see reformat).
    if (ch === '\\' && isMark(stream[i + 1] ?? '')) ch = stream[++i]!;
    else if (ch === '\\') {
      out += ch + (stream[++i] ?? '');
      continue;
    }
    if (ch === '[') {
      const end = findSuperblankEnd(stream, i);
      out += stream.slice(i, end + 1);
      i = end;
    } else if (ch === '*' || ch === '@') {
      WORD_AFTER_MARK.lastIndex = i + 1;
      const word = WORD_AFTER_MARK.exec(stream)?.[0] ?? '';
      if (word) out += superblank(word, blanks);
      i += word.length;
    } else if (UNESCAPED_RESERVED.has(ch)) {
      // A generator may write a reserved character bare (swe-isl's alternatives 'Fær/Færðu'): the next leg's
      // analyser would stop on it ("Malformed input stream"), so it goes on escaped.
      out += `\\${ch}`;
    } else if (ch !== '#') {
      out += ch;
    }
  }
  return out;
}

/** Reserved characters (see RESERVED) that can come out of a leg bare; `[ ]` are superblanks, `\\` escapes. */
const UNESCAPED_RESERVED = new Set(['/', '<', '>', '{', '}', '^', '$']);

/** Index of the `]` closing the superblank opened at `start` (or the last index when it is never closed). */
function findSuperblankEnd(stream: string, start: number): number {
  for (let i = start + 1; i < stream.length; i++) {
    if (stream[i] === '\\') i++;
    else if (stream[i] === ']') return i;
  }
  return stream.length - 1;
}

/** The text a superblank stands for: ours hold an index into `blanks`; any other is unescaped as it is. */
function blankText(content: string, blanks: readonly string[]): string {
  if (/^\d+$/.test(content)) return blanks[Number(content)] ?? '';
  return content.replace(/\\(.)/gsu, '$1');
}

/** A run of letters (and their marks): what the word counts below count. */
const LETTERS = /[\p{L}\p{M}]+/uy;

/**
 * Words in stream text, and how many of them the engine marked unknown (`*word`: not in the source language's
 * dictionary), outside superblanks and escapes. Counted on the first leg's output, this says how much of a text
 * the source language's analyser recognised: the check that a text is in the language it is translated from.
 * A word is a run of letters; one mark counts one unknown word (an unknown 'well-known' is one mark, two words,
 * so the count errs on the side of known).
 */
export function countWords(stream: string): { words: number; unknown: number } {
  let words = 0;
  let unknown = 0;
  for (let i = 0; i < stream.length; i++) {
    const ch = stream[i]!;
    if (ch === '\\' && stream[i + 1] === '*') {
      i++;
      LETTERS.lastIndex = i + 1;
      if (LETTERS.test(stream)) unknown++;
    } else if (ch === '\\') {
      i++;
    } else if (ch === '[') {
      i = findSuperblankEnd(stream, i);
    } else if (ch === '*') {
      LETTERS.lastIndex = i + 1;
      if (LETTERS.test(stream)) unknown++;
    } else {
      LETTERS.lastIndex = i;
      if (LETTERS.test(stream)) {
        words++;
        i = LETTERS.lastIndex - 1;
      }
    }
  }
  return { words, unknown: Math.min(unknown, words) };
}

import type { LayoutWord } from '@docsvc/layout';
import type { FieldType } from '@docsvc/schemas';
import { currencyIn, readAmounts, readDates, readEmails, readIdentifiers, readPhones, readTaxIds, type DateOrder, type ReadValue } from './values.js';

/** A value read from words: the words it covers, its text as printed and normalised. */
export interface WordValue {
  words: LayoutWord[];
  text: string;
  normalized: string | number | null;
  type: FieldType;
  currency?: string;
  /** For a numeric date, the orders of day and month it can be read in. */
  order?: DateOrder;
}

/** What joins words a column apart (see `joined`). */
const COLUMN_GAP = ' \u2016 ';
/**
 * The words joined by single spaces, with where each word starts in the joined text. Words set far
 * apart on a row (a gap of more than two of their heights: columns, not a space) are joined by a mark
 * no value's pattern reads across, so that a count and an amount of two columns ("45" ... "411.50")
 * are not read as one number with a space between its thousands.
 */
function joined(words: readonly LayoutWord[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  words.forEach((w, i) => {
    const before = words[i - 1];
    if (before) text += w.box.x0 - before.box.x1 > 2 * Math.max(w.box.y1 - w.box.y0, before.box.y1 - before.box.y0) ? COLUMN_GAP : ' ';
    starts.push(text.length);
    text += w.text;
  });
  return { text, starts };
}

const evenSpaces = (s: string) => s.replace(/\s+/g, ' ').trim();

export const meanConfidence = (words: readonly LayoutWord[]): number => words.reduce((s, w) => s + w.confidence, 0) / Math.max(1, words.length);
/** An amount printed with cents ("21.50", "64. 15", "12,99"): how money is printed, unlike counts and codes. */
export const hasCents = (printed: string): boolean => /[.,]\s?\d{2}$/.test(printed);

const READERS: Partial<Record<FieldType, (text: string) => ReadValue[]>> = {
  date: readDates,
  amount: readAmounts,
  number: readAmounts,
  phone: readPhones,
  email: readEmails,
  identifier: (t) => readIdentifiers(t),
  tax_id: readTaxIds,
};

/**
 * Every value of `type` in the words, in order: for a patterned type each match (the words it
 * touches, its printed text); for text, company, address and person the words as they are, trimmed
 * of the punctuation that separates a label from its value.
 */
export function valuesIn(words: readonly LayoutWord[], type: FieldType): WordValue[] {
  const { text, starts } = joined(words);
  const reader = READERS[type];
  if (!reader) {
    const kept = words.filter((w, i) => !(i === 0 && /^[:#.\-–—=]+$/.test(w.text)));
    const value = evenSpaces(kept.map((w) => w.text).join(' ').replace(/^[\s:#.\-–—=]+/, ''));
    return value ? [{ words: kept, text: value, normalized: value, type }] : [];
  }
  return reader(text).map((m) => {
    const covered = words.filter((_, i) => starts[i]! < m.end && starts[i]! + words[i]!.text.length > m.start);
    const currency = m.currency ?? (type === 'amount' ? currencyIn(text) : undefined);
    return { words: covered, text: m.text ?? text.slice(m.start, m.end), normalized: m.normalized, type, ...(currency ? { currency } : {}), ...(m.order ? { order: m.order } : {}) };
  });
}

/** A number standing first in the words ("100,000.00 Rate 4.2000"): a field of no known type whose value is a number takes the number alone. */
export function leadingNumber(words: readonly LayoutWord[]): WordValue | undefined {
  const first = words.find((w) => !/^[:#.\-–—=]+$/.test(w.text));
  if (!first) return undefined;
  const amounts = readAmounts(first.text);
  const amount = amounts[0];
  if (!amount || amount.start > 3 || first.text.length - amount.end > 1) return undefined;
  const looksMoney = amount.decimals === 2 || amount.currency !== undefined;
  return { words: [first], text: first.text.slice(amount.start, amount.end), normalized: amount.normalized, type: looksMoney ? 'amount' : 'number', ...(amount.currency ? { currency: amount.currency } : {}) };
}

import type { Box } from '@docsvc/image';
import { overlap, rowsAlongTilt, unionOf, type LayoutWord, type TextRow } from '@docsvc/layout';
import type { FieldRequest, FieldSource, FieldType, Table } from '@docsvc/schemas';
import { asciiWidth, partGluedLabels } from './glued-words.js';
import { placeWordsPutRight } from './place-words.js';
import { headerCandidates, nameWordsPutRight } from './header-block.js';
import { majorityText, textDistance } from './majority-text.js';
import { labelTokens, tokenMatches } from './tokens.js';
import { hasCents, leadingNumber, meanConfidence, valuesIn, type WordValue } from './typed-values.js';
import { currencyIn, type DateOrder } from './values.js';
import { CHANGE_LABELS, CUSTOMER_SECTION_LABELS, DISCOUNT_LABELS, FIELD_KINDS, PAID_LABELS, kindOfName, typeOfName, type FieldKind } from './vocabulary.js';

/** A page as fields are looked for on it: its words (page pixels) and its tables. */
export interface FieldPage {
  page: number;
  words: LayoutWord[];
  tables?: Table[];
  /**
   * The words of other readings of the same page (the engine run again another way, in the same pixel
   * space): values are looked for in each as in the page's own words, and ranked with them; among
   * values as well placed, the one more readings read goes first (countVotes).
   */
  otherReadings?: LayoutWord[][];
  /**
   * How much each reading counts in votes and in agreeing on a text, the page's own words first, then
   * one per other reading (default 1 each): a reading by a more accurate engine counts for more.
   */
  readingWeights?: number[];
}

/**
 * How much a reading by each reader counts in votes and in agreeing on a text (others: 1). PaddleOCR
 * holds the true company, date, address and total of the SROIE development receipts 0.75, 0.98, 0.59
 * and 0.99 of the time where one tesseract reading holds them 0.53, 0.77, 0.42 and 0.87: it counts
 * as two (mean loose match 0.737 with it counted once, 0.784 as two, 0.790 as three; README, "Fields").
 */
const READING_WEIGHTS: Readonly<Record<string, number>> = { paddle: 2 };
export const readingWeight = (reader: string | undefined): number => (reader ? (READING_WEIGHTS[reader] ?? 1) : 1);

/** A value found for a field. */
export interface FoundField {
  value: string;
  normalized: string | number | null;
  type: FieldType;
  currency?: string;
  /** 0..1: how sure the label, the place and the engine's reading of the words make it. */
  confidence: number;
  page: number;
  box: Box;
  source: FieldSource;
}

interface Candidate extends FoundField {
  score: number;
  /** Position in the document (page, then top to bottom): earlier first among equals. */
  order: number;
  /** Among totals labelled alike, the larger comes first: the grand total after rounding, not a tax summary's. */
  size?: number;
  /** For a total: how many kinds of arithmetic on the page come to its value (totalEvidence). */
  evidence?: number;
  /** Which reading of its page it was found in (0: the page's own words); set once its page's candidates are in. */
  reading?: number;
  /** Readings of its page in which the same value was found as well placed, each as much as its weight (countVotes). */
  votes?: number;
  /** How much its reading counts (FieldPage.readingWeights). */
  weight?: number;
  /** For a numeric date, the orders of day and month it can be read in (monthFirstPage). */
  dateOrder?: DateOrder;
  /** Found beside a label with a word the requested name favours ("Balance Due" for "amount_due"). */
  favoured?: boolean;
}

/** The field as looked for: its labels (as words), type, and the words that make a label another thing. */
interface Wanted {
  name: string;
  type: FieldType;
  kind?: FieldKind;
  labels: string[][];
  /** Labels of several words of other known kinds of the same type ("due date" where "date" is wanted). */
  rivals: string[][];
  /** The kind's `favour` words the requested name says ("due" of "amount_due"): labels with one are preferred. */
  favoured: ReadonlySet<string>;
}

/** Fields as looked for, by name and type: worked out once (their labels and rivals are every known kind's). */
const wantedCache = new Map<string, Wanted>();
function wantedOf(request: FieldRequest): Wanted {
  const key = `${request.name}\u0000${request.type ?? ''}`;
  let wanted = wantedCache.get(key);
  if (!wanted) {
    if (wantedCache.size >= 1_000) wantedCache.clear();
    wantedCache.set(key, (wanted = wantedAnew(request)));
  }
  return wanted;
}

function wantedAnew(request: FieldRequest): Wanted {
  const tokens = labelTokens(request.name);
  const kind = kindOfName(tokens);
  const type = request.type ?? typeOfName(tokens);
  const labels = [...(kind?.labels ?? []).map(labelTokens), tokens].filter((l) => l.length > 0);
  // Longest first: "grand total" is tried before "total" at the same place.
  labels.sort((a, b) => b.length - a.length);
  const rivals = kind ? FIELD_KINDS.filter((other) => other !== kind && other.type === type).flatMap((other) => other.labels.map(labelTokens).filter((l) => l.length > 1)) : [];
  const favoured = new Set(tokens.filter((t) => kind?.favour?.includes(t)));
  return { name: request.name, type, ...(kind ? { kind } : {}), labels, rivals, favoured };
}

const inside = (b: Box, outer: Box) => (b.x0 + b.x1) / 2 >= outer.x0 && (b.x0 + b.x1) / 2 <= outer.x1 && (b.y0 + b.y1) / 2 >= outer.y0 && (b.y0 + b.y1) / 2 <= outer.y1;

/** Words that only separate a label from its value, or name the value's currency: no part of the label's meaning. */
const isFiller = (w: LayoutWord) => /^[\s:;#.=()[\]\-–—|/*]*$/.test(w.text) || currencyIn(`(${w.text.replace(/[()[\]:]/g, '')})`) !== undefined;
/** A word that ends a label ("Date:"), so the words after it are a value and a word after a value with one starts another label. */
const endsLabel = (w: LayoutWord) => /\p{L}[.)]?:$/u.test(w.text);

/** Small words that join a label's words without changing what it names. */
const QUALIFIERS = new Set(['of', 'the', 'and', 'for', 'to', 'in', 'de', 'du', 'des', 'la', 'le', 'les', 'der', 'die', 'das', 'des', 'und', 'et', 'y', 'e', 'del', 'di', 'van', 'het', 'do', 'da']);

/**
 * Words that say what an amount includes: the words after them qualify its label. Not "included" or
 * "includes": "Total included GST: 1.55" and "TOTAL INCLUDES 6% GST 1.83" label the tax in a total.
 */
const INCLUSION = new Set(['incl', 'inclusive', 'including', 'inc', 'inkl', 'inklusive']);

/** The words inside brackets ("(Incl", "GST", "6%)"). */
function bracketedWords(words: readonly LayoutWord[]): LayoutWord[] {
  const out: LayoutWord[] = [];
  let depth = 0;
  for (const w of words) {
    const opens = (w.text.match(/[([]/g) ?? []).length;
    const closes = (w.text.match(/[)\]]/g) ?? []).length;
    if (depth > 0 || opens > 0) out.push(w);
    depth = Math.max(0, depth + opens - closes);
  }
  return out;
}

/** Label tokens by printed text, worked out once: every field tries every label at every word, in every reading of a page (most of whose words read alike). */
const textTokens = new Map<string, string[]>();
function tokensOf(word: LayoutWord): string[] {
  let tokens = textTokens.get(word.text);
  if (!tokens) {
    if (textTokens.size >= 50_000) textTokens.clear();
    textTokens.set(word.text, (tokens = labelTokens(word.text)));
  }
  return tokens;
}

/**
 * How many of the label's words from `i` on one printed token stands for: 1 where it matches the
 * word, k where it is k label words run together ("NETTOTAL": engines drop spaces in tight print), 0 where neither.
 */
function labelWordsIn(label: readonly string[], i: number, token: string): number {
  if (tokenMatches(label[i]!, token)) return 1;
  let joined = label[i]!;
  for (let k = 2; i + k <= label.length && joined.length < token.length; k++) {
    joined += label[i + k - 1]!;
    if (joined === token) return k;
  }
  return 0;
}

/** Of each set of labels, those a printed token can start, by token: every word of every reading is tried as a label's start. */
const startingWith = new WeakMap<readonly string[][], Map<string, string[][]>>();
function labelsStartingWith(labels: readonly string[][], token: string): readonly string[][] {
  let byToken = startingWith.get(labels);
  if (!byToken) startingWith.set(labels, (byToken = new Map()));
  let found = byToken.get(token);
  if (!found) {
    // Kept for the labels' life (a cached Wanted's: the service's), at most this many printed tokens.
    if (byToken.size >= 20_000) byToken.clear();
    byToken.set(token, (found = labels.filter((label) => labelWordsIn(label, 0, token) !== 0)));
  }
  return found;
}

/** Where one of `labels` starts at word `start` of `words`: its end (exclusive) and how many of its words matched, or undefined. */
function labelAt(words: readonly LayoutWord[], start: number, labels: readonly string[][]): { end: number; tokens: string[] } | undefined {
  const first = tokensOf(words[start]!)[0];
  if (first === undefined) return undefined;
  for (const label of labelsStartingWith(labels, first)) {
    let i = 0;
    let end = start;
    const seen: string[] = [];
    while (end < words.length && i < label.length) {
      const tokens = tokensOf(words[end]!);
      if (tokens.length === 0) {
        if (i === 0) break;
        end++;
        continue;
      }
      let matched = 0;
      while (matched < tokens.length && i < label.length) {
        const k = labelWordsIn(label, i, tokens[matched]!);
        if (k === 0) break;
        matched++;
        i += k;
      }
      if (matched !== tokens.length) break;
      seen.push(...tokens);
      end++;
    }
    if (i === label.length && seen.length > 0) return { end, tokens: seen };
  }
  return undefined;
}

/** The label tokens of the words that say something (not fillers), in order. */
const saying = (words: readonly LayoutWord[]) => words.filter((w) => !isFiller(w)).flatMap((w) => tokensOf(w));

/** Whether `label` stands in `tokens` as consecutive tokens. */
const standsIn = (label: readonly string[], tokens: readonly string[]) => tokens.some((_, i) => label.every((t, k) => tokens[i + k] === t));

/**
 * How well the label stands for the field (0..1): the share of the label's words that matched, and
 * none that make it another thing. `before` and `between` are the words before the label in its
 * segment and between it and the value.
 */
function labelScore(wanted: Wanted, matched: string[], before: readonly LayoutWord[], between: readonly LayoutWord[]): number {
  const around = [...before, ...between];
  const extra = saying(around).filter((t) => !/^\d+$/.test(t));
  // Words in brackets qualify a label ("Total Sales (Inclusive of GST)"), as do small words: they do not make it less the field's.
  const bracketed = new Set(bracketedWords(around).flatMap(tokensOf));
  // What a total includes ("Total incl. GST", "TOTAL RM INCL. OF GST") says what it is, as a bracket does.
  const included = matched.some((t) => INCLUSION.has(t)) ? 0 : extra.findIndex((t) => INCLUSION.has(t));
  const counted = extra.filter((t, k) => !bracketed.has(t) && !QUALIFIERS.has(t) && !(wanted.kind?.despite?.includes(t) ?? false) && (included < 0 || k < included));
  let score = matched.length / (matched.length + counted.length);
  const kind = wanted.kind;
  const all = [...matched, ...extra];
  if (kind?.avoid) {
    const avoided = all.some((t) => kind.avoid!.includes(t)) && !all.some((t) => kind.despite?.includes(t));
    if (avoided) score *= 0.2;
  }
  // A label of another known kind that names more, printed as such ("Due date" where "date" is
  // wanted; "Total GST" where the total is, but not "Total RM Incl. of GST").
  const printed = [...saying(before), ...matched, ...saying(between)];
  if (wanted.rivals.some((l) => l.length > matched.length && standsIn(l, printed))) score *= 0.3;
  return score;
}

/** The first value of the field's type in the words (a field of no type: all of them, or a number standing first). */
function firstValue(words: readonly LayoutWord[], wanted: Wanted): WordValue | undefined {
  if (words.length === 0) return undefined;
  return (wanted.type === 'text' ? leadingNumber(words) : undefined) ?? valuesIn(untilNextLabel(words), wanted.type)[0];
}

/**
 * The words up to the next label ("Date: 12/02/2018 Time: 08:30": the value of Date stops at
 * "Time:"). A word closing a bracket opened before them ends the label itself ("Total (Inclusive of
 * GST): 35.00").
 */
function untilNextLabel(words: readonly LayoutWord[]): LayoutWord[] {
  let depth = 0;
  const next = words.findIndex((w, i) => {
    depth += (w.text.match(/[([]/g) ?? []).length - (w.text.match(/[)\]]/g) ?? []).length;
    return i > 0 && endsLabel(w) && depth >= 0;
  });
  return next < 0 ? [...words] : words.slice(0, next);
}

/** Rows beside a label's row (their words right of it, at its height) and the row just below it. */
function rowsNear(rows: readonly TextRow[], r: number, labelBox: Box): { beside: LayoutWord[]; below: LayoutWord[] } {
  const row = rows[r]!;
  const h = row.height;
  const cy = (labelBox.y0 + labelBox.y1) / 2;
  const beside = rows
    .filter((o, k) => k !== r && Math.abs((o.box.y0 + o.box.y1) / 2 - cy) <= 1.2 * Math.max(h, o.height) && o.box.y0 < labelBox.y1 + h && o.box.y1 > labelBox.y0 - h)
    // Not a word just after its own row's label ("*TOTAL QTY: 4.00" beside "TOTAL"): that label's value.
    .flatMap((o) => o.words.filter((w, k) => w.box.x0 >= labelBox.x1 - 2 && Math.abs((w.box.y0 + w.box.y1) / 2 - cy) <= 1.2 * Math.max(h, w.box.y1 - w.box.y0) && w.box.y0 < labelBox.y1 && w.box.y1 > labelBox.y0 && !(k > 0 && endsLabel(o.words[k - 1]!))))
    .sort((a, b) => a.box.x0 - b.box.x0);
  const next = rows.slice(r + 1).find((o) => o.box.y0 >= row.box.y1 - 0.3 * h);
  // Under the label (a form's value below its label), not a row of its own further right; a value
  // running on past the label's end in the same segment ("Client" over "Boulangerie Martin") whole.
  const under = (w: LayoutWord) => w.box.x1 > labelBox.x0 - h && w.box.x0 < labelBox.x1 + h;
  const below =
    next && next.box.y0 - row.box.y1 <= 1.8 * h
      ? next.segments.flatMap((s) => {
          const from = s.words.findIndex(under);
          // A segment with a label of its own ("Nº Factura: A-2024/0456" under a "FACTURA" title) holds its label's value, not this one's.
          return from < 0 || s.words.some(endsLabel) ? [] : s.words.slice(from);
        })
      : [];
  return { beside, below };
}

/** Money is printed with cents: a whole number where an amount is wanted is more often a count, a code or a misread amount. */
const moneyFit = (wanted: Wanted, value: WordValue) => (wanted.type === 'amount' && value.type === 'amount' && !/[.,]\s?\d{1,2}$/.test(value.text) ? (wanted.kind?.kind === 'total' ? 0.05 : 0.6) : 1);

/** The first row of a tax summary ("GST Summary", "Tax summary"): its totals are parts of the total. */
function summaryStart(rows: readonly TextRow[]): number {
  const at = rows.findIndex((row) => row.words.some((w) => /^(summary|ringkasan|zusammenfassung|recapitulatif|resumen|riepilogo)$/.test(tokensOf(w)[0] ?? '')));
  return at < 0 ? rows.length : at;
}

/**
 * A total in a tax summary, or on a row of several amounts ("Total 9.62 0.58": a table's totals
 * row of amount and tax), is less likely the amount due.
 */
function summaryFit(wanted: Wanted, words: readonly LayoutWord[], value: WordValue, inSummary: boolean): number {
  if (wanted.kind?.kind !== 'total') return 1;
  if (inSummary) return 0.3;
  const after = words.slice(words.indexOf(value.words[value.words.length - 1]!) + 1);
  return valuesIn(after, 'amount').some((v) => hasCents(v.text)) ? 0.5 : 1;
}

/** Values beside or below a label of the field, on every row of the page. */
function labelledCandidates(wanted: Wanted, page: FieldPage, rows: readonly TextRow[], orderBase: number): Candidate[] {
  const found: Candidate[] = [];
  const tables = page.tables ?? [];
  const summaryRow = wanted.kind?.kind === 'total' ? summaryStart(rows) : rows.length;
  rows.forEach((row, r) => {
    const words = row.words;
    for (let i = 0; i < words.length; i++) {
      const label = labelAt(words, i, wanted.labels);
      if (!label) continue;
      // A name or address is taken from beside a label only where the label says so with a colon ("Company: ..."): "Co." and "Address" appear in so much else.
      if ((wanted.type === 'company' || wanted.type === 'address') && !/:$/.test(words[label.end - 1]!.text) && words[label.end]?.text !== ':') {
        i = label.end - 1;
        continue;
      }
      const labelWords = words.slice(i, label.end);
      const labelBox = unionOf(labelWords.map((w) => w.box));
      // The label's own segment: words before it in the segment are part of what the label says.
      const segment = row.segments.find((s) => s.words.includes(words[i]!))!;
      const before = segment.words.slice(0, segment.words.indexOf(words[i]!));
      // A label printed longer than the one matched, ending in a colon ("Customer Ref:" where "customer" is
      // wanted): its further words are the label's, and say it is something else.
      const more = words[label.end] && endsLabel(words[label.end]!) && !endsLabel(words[label.end - 1]!) ? 1 : 0;
      const longer = words.slice(label.end, label.end + more);
      const rest = words.slice(label.end + more);
      // Words between the label and its value that say more about the label ("Total (Flay]  +  112.46").
      const places: Array<{ words: LayoutWord[]; weight: number }> = [{ words: rest, weight: 1 }];
      const near = rowsNear(rows, r, labelBox);
      if (near.beside.length) places.push({ words: near.beside, weight: 0.9 });
      // A total under a column header ("Qty Item Total") is a line's, not the document's.
      // So is one under a bare "Amount" beside another column's header ("Description  Amount").
      const columnWord = label.tokens.length === 1 && (label.tokens[0] === 'amount' || label.tokens[0] === 'amt');
      const header = wanted.kind?.kind === 'total' && words.filter((w) => !labelWords.includes(w) && !isFiller(w)).length >= (columnWord ? 1 : 2);
      if (near.below.length) places.push({ words: near.below, weight: header ? 0.3 : 0.8 });
      for (const place of places) {
        const value = firstValue(place.words, wanted);
        if (!value || value.words.length === 0) continue;
        const between = place.words === rest ? rest.slice(0, Math.max(0, rest.indexOf(value.words[0]!))) : [];
        const said = place.words === rest ? [...longer, ...between] : between;
        const score = labelScore(wanted, label.tokens, before, said) * place.weight * moneyFit(wanted, value) * summaryFit(wanted, place.words, value, r >= summaryRow);
        const box = unionOf(value.words.map((w) => w.box));
        const inTable = tables.some((t) => inside(labelBox, t.box) && inside(box, t.box));
        const currency = value.currency ?? (value.type === 'amount' ? currencyIn([...before, ...labelWords, ...said].map((w) => w.text).join(' ')) : undefined);
        found.push({
          value: value.text,
          normalized: value.normalized,
          type: value.type,
          ...(currency ? { currency } : {}),
          confidence: score * meanConfidence([...labelWords, ...value.words]),
          page: page.page,
          box,
          source: inTable ? 'table' : 'key_value',
          score,
          order: orderBase + r,
          ...(value.order ? { dateOrder: value.order } : {}),
          ...(label.tokens.some((t) => wanted.favoured.has(t)) ? { favoured: true } : {}),
        });
        break;
      }
      i = label.end - 1;
    }
  });
  return found;
}

/** Values under a table's column header that names the field (every row's, top to bottom). */
function tableCandidates(wanted: Wanted, page: FieldPage, orderBase: number): Candidate[] {
  const found: Candidate[] = [];
  for (const table of page.tables ?? []) {
    // An amount's column on the table's total row ("TOTAL | | £165.00 | £33.00 | £198.00") is the column's total: its rows' come after.
    const totalRow = wanted.type === 'amount' ? table.cells.find((c) => c.column === 0 && c.kind !== 'column_header' && isTotalLabel(c.text))?.row : undefined;
    for (const header of table.cells.filter((c) => c.kind === 'column_header' && c.text)) {
      const headerWords: LayoutWord[] = header.text.split(/\s+/).map((text) => ({ text, box: header.box, confidence: header.confidence }));
      const label = labelAt(headerWords, 0, wanted.labels);
      if (!label || label.end !== headerWords.length) continue;
      const labelled = 0.85 * labelScore(wanted, label.tokens, [], []);
      for (const cell of table.cells.filter((c) => c.kind === 'content' && c.column <= header.column + header.columnSpan - 1 && c.column + c.columnSpan - 1 >= header.column && c.text)) {
        const words = page.words.filter((w) => inside(w.box, cell.box));
        const value = firstValue(words, wanted);
        if (!value) continue;
        // With no total row, a total's column ("Amount", "Total") holds the lines' amounts: the document's total is printed elsewhere.
        const score = totalRow === undefined ? (wanted.kind?.kind === 'total' ? 0.5 * labelled : labelled) : cell.row === totalRow ? labelled : 0.7 * labelled;
        found.push({ value: value.text, normalized: value.normalized, type: value.type, ...(value.currency ? { currency: value.currency } : {}), confidence: score * cell.confidence, page: page.page, box: unionOf(value.words.map((w) => w.box)), source: 'table', score, order: orderBase + cell.row, ...(value.order ? { dateOrder: value.order } : {}) });
      }
    }
  }
  return found;
}

/** A table's row label that says the row is its total ("TOTAL", "Grand total", "Summe"). */
const TOTAL_ROW_LABELS = wantedOf({ name: 'total' }).labels;
const isTotalLabel = (text: string) => {
  const words = text.split(/\s+/).map((t) => ({ text: t, box: { x0: 0, y0: 0, x1: 0, y1: 0 }, confidence: 1 }));
  return words.length > 0 && labelAt(words, 0, TOTAL_ROW_LABELS)?.end === words.length;
};

/** Values of the field's type anywhere on the page, by their pattern alone (dates, e-mail addresses, phone numbers; for a total, the largest amount with cents). */
function patternCandidates(wanted: Wanted, rows: readonly TextRow[], page: FieldPage, orderBase: number): Candidate[] {
  const weight: Partial<Record<FieldType, number>> = { date: 0.3, email: 0.3, phone: 0.15 };
  const found: Candidate[] = [];
  const w = weight[wanted.type];
  if (w !== undefined && wanted.kind?.kind !== 'due_date') {
    rows.forEach((row, r) => {
      // A value on a row that says it is another thing ("Card Expiry: 30/09/18" where the date is wanted) counts less.
      const tokens = row.words.flatMap((x) => tokensOf(x));
      const other = wanted.kind?.avoid?.some((t) => tokens.includes(t)) && !wanted.kind.despite?.some((t) => tokens.includes(t));
      const base = other ? 0.2 * w : w;
      for (const value of valuesIn(row.words, wanted.type)) {
        // A date that reads only month first is less likely than one that reads day first (a code "11-22-31" beside "19-09-17").
        const score = value.order === 'month' ? 0.7 * base : base;
        found.push({ value: value.text, normalized: value.normalized, type: value.type, confidence: score * meanConfidence(value.words), page: page.page, box: unionOf(value.words.map((x) => x.box)), source: 'pattern', score, order: orderBase + r, ...(value.order ? { dateOrder: value.order } : {}) });
      }
    });
  }
  if (wanted.kind?.kind === 'total') {
    let best: Candidate | undefined;
    rows.forEach((row, r) => {
      // The change given back is never the total ("CHANGE 71.30" from a 100.00 note).
      if (CHANGE_TOKENS.some((t) => row.words.some((x) => tokensOf(x).includes(t)))) return;
      for (const value of valuesIn(row.words, 'amount')) {
        if (!hasCents(value.text) || typeof value.normalized !== 'number') continue;
        if (!best || value.normalized > (best.normalized as number)) {
          best = { value: value.text, normalized: value.normalized, type: 'amount', ...(value.currency ? { currency: value.currency } : {}), confidence: 0.1 * meanConfidence(value.words), page: page.page, box: unionOf(value.words.map((x) => x.box)), source: 'pattern', score: 0.1, order: orderBase + r };
        }
      }
    });
    if (best) found.push(best);
  }
  return found;
}

const CHANGE_TOKENS = CHANGE_LABELS.filter((l) => !l.includes(' '));
const CUSTOMER_SECTION = CUSTOMER_SECTION_LABELS.map(labelTokens);
/** The first row of a reading that starts its customer's block ("BILL TO", "Customer:"), or -1. */
function customerSectionRow(rows: readonly TextRow[]): number {
  return rows.findIndex((row) => {
    const tokens = row.words.flatMap((w) => tokensOf(w));
    return CUSTOMER_SECTION.some((label) => standsIn(label, tokens));
  });
}
const labelsOf = (labels: readonly string[]) => labels.map(labelTokens).sort((a, b) => b.length - a.length);
const SUBTOTAL: Wanted = wantedOf({ name: 'subtotal' });
const TAX: Wanted = wantedOf({ name: 'tax' });
const amountsLabelled = (name: string, labels: readonly string[]): Wanted => ({ name, type: 'amount', labels: labelsOf(labels), rivals: [], favoured: new Set() });
const DISCOUNT = amountsLabelled('discount', DISCOUNT_LABELS);
const PAID = amountsLabelled('paid', PAID_LABELS);
const CHANGE = amountsLabelled('change', CHANGE_LABELS);

/** The amount (with cents) best placed beside one of the labels of `wanted` on a reading's rows. */
const labelledAmount = (wanted: Wanted, page: FieldPage, rows: readonly TextRow[]): (Candidate & { normalized: number }) | undefined =>
  rank(labelledCandidates(wanted, page, rows, 0).filter((c): c is Candidate & { normalized: number } => c.score >= 0.5 && hasCents(c.value) && typeof c.normalized === 'number'))[0] as (Candidate & { normalized: number }) | undefined;

/** What the receipt says was paid less the change given: the total it implies, and whether a change was printed. */
interface PaymentTotal {
  total: number;
  withChange: boolean;
  words: Set<LayoutWord>;
  paidBox: Box;
}

function paymentTotal(page: FieldPage, rows: readonly TextRow[]): PaymentTotal | undefined {
  const paid = labelledAmount(PAID, page, rows);
  if (!paid) return undefined;
  const change = labelledAmount(CHANGE, page, rows);
  const given = Math.abs(paid.normalized);
  const back = change ? Math.abs(change.normalized) : 0;
  if (back > given) return undefined;
  const words = new Set(page.words.filter((w) => inside(w.box, paid.box) || (change !== undefined && inside(w.box, change.box))));
  return { total: Math.round((given - back) * 100) / 100, withChange: change !== undefined, words, paidBox: paid.box };
}

/** The amounts a reading prints beside a total's neighbours' labels, found once and weighed by every check of a total. */
interface ReadingArithmetic {
  page: number;
  rows: readonly TextRow[];
  /** The labelled subtotal, where one above zero is printed. */
  subtotal?: number;
  /** Where it is printed, and as what. */
  subtotalFound?: Candidate;
  /** The labelled tax, where a subtotal is printed too. */
  tax?: number;
  /** Whether a discount with an amount is printed. */
  discounted: boolean;
  payment?: PaymentTotal;
  /** How much the reading counts in a vote (`readingWeight`). */
  weight: number;
}

function readingArithmetic(page: FieldPage, rows: readonly TextRow[], weight: number): ReadingArithmetic {
  const subtotalFound = labelledAmount(SUBTOTAL, page, rows);
  const subtotal = subtotalFound?.normalized;
  const tax = subtotal !== undefined && subtotal > 0 ? labelledAmount(TAX, page, rows)?.normalized : undefined;
  const payment = paymentTotal(page, rows);
  return {
    page: page.page,
    rows,
    ...(subtotal !== undefined && subtotal > 0 ? { subtotal, subtotalFound } : {}),
    ...(tax !== undefined ? { tax } : {}),
    discounted: (labelledAmount(DISCOUNT, page, rows)?.normalized ?? 0) !== 0,
    ...(payment ? { payment } : {}),
    weight,
  };
}

/**
 * A total that agrees with what was paid less the change is the total: it goes first among labelled
 * values (any label of a total), and where none is labelled, an amount of that value on the page is
 * taken. With no change printed, what was paid agreeing is weaker evidence (exact payments are
 * common, rounding up is too).
 */
function checkTotals(candidates: Candidate[], page: FieldPage, rows: readonly TextRow[], orderBase: number, paid: PaymentTotal | undefined): void {
  if (!paid) return;
  // The paid amount itself is no evidence: a value printed between two labels is read as both the total's and the payment's.
  const agrees = (c: Candidate) => c.page === page.page && typeof c.normalized === 'number' && Math.abs(c.normalized - paid.total) < 0.005 && overlapShare(c.box, paid.paidBox) < 0.5;
  let agreeing = 0;
  for (const c of candidates) {
    if (!agrees(c) || c.source === 'pattern' || c.score < 0.25) continue;
    agreeing++;
    c.score = paid.withChange ? 1 + 0.1 * c.score : Math.min(1, c.score + 0.3);
  }
  if (agreeing > 0 || !paid.withChange) return;
  rows.forEach((row, r) => {
    for (const value of valuesIn(row.words.filter((w) => !paid.words.has(w)), 'amount')) {
      if (!hasCents(value.text) || typeof value.normalized !== 'number' || Math.abs(value.normalized - paid.total) >= 0.005) continue;
      candidates.push({ value: value.text, normalized: value.normalized, type: 'amount', ...(value.currency ? { currency: value.currency } : {}), confidence: 0.85 * meanConfidence(value.words), page: page.page, box: unionOf(value.words.map((x) => x.box)), source: 'pattern', score: 0.85, order: orderBase + r });
    }
  });
}

/** Words that label a rounding to the cash unit ("Rounding Adj", "RND ADJ", "Rundung", "Arrondi", "Penggenapan"). */
const ROUNDING_WORDS = new Set(['rounding', 'round', 'rounded', 'rnd', 'rundung', 'arrondi', 'penggenapan', 'pembundaran']);
/** The most a rounding to the cash unit moves a total (to 5 or 10 cents). */
const MAX_ADJUSTMENT = 0.1;
/** An adjustment as printed: "0.01", "-0.02", ".01", "-.02". */
const ADJUSTMENT = /^[-+]?\d*[.,]\d{2}$/;

/**
 * A total printed again after its rounding to the cash unit ("TOTAL 19.99" / "ROUNDING ADJ 0.01" /
 * "ROUNDING 20.00", "... AMOUNT TO BE PAID 25.45"): that amount is what is paid, and goes before the
 * total it was rounded from. Found where a labelled total that is not a multiple of 5 cents, moved by
 * the printed adjustment to one (either way: its sign is often not printed), is an amount printed on
 * another row.
 */
function roundedTotals(candidates: Candidate[], page: FieldPage, rows: readonly TextRow[], orderBase: number): void {
  const adjustments = rows.flatMap((row) => {
    if (!labelTokens(row.words.map((w) => w.text).join(' ')).some((t) => ROUNDING_WORDS.has(t))) return [];
    return row.words.flatMap((w) => {
      const text = w.text.replace(/^RM/i, '');
      if (!ADJUSTMENT.test(text)) return [];
      const value = Math.abs(Number(text.replace(',', '.')));
      return value > 0 && value <= MAX_ADJUSTMENT ? [{ value, row }] : [];
    });
  });
  if (adjustments.length === 0) return;
  const labelled = candidates.filter((c): c is Candidate & { normalized: number } => c.page === page.page && c.source !== 'pattern' && c.score >= 0.5 && typeof c.normalized === 'number' && hasCents(c.value));
  // The amounts with cents printed on each row, read once.
  const amounts = rows.flatMap((row, r) => valuesIn(row.words, 'amount').flatMap((v) => (typeof v.normalized === 'number' && hasCents(v.text) ? [{ v: v as WordValue & { normalized: number }, row, r }] : [])));
  const added: Candidate[] = [];
  // Rounded to 5 cents (or 10): the amount rounded to is a multiple of them, the total it came from not.
  const roundSum = (v: number) => Math.round(v * 100) % 5 === 0;
  for (const total of labelled) {
    if (roundSum(total.normalized)) continue;
    for (const { value, row: adjustmentRow } of adjustments) {
      for (const rounded of [total.normalized + value, total.normalized - value].map((v) => Math.round(v * 100) / 100).filter(roundSum)) {
        for (const { v, row, r } of amounts) {
          if (row === adjustmentRow || overlapShare(total.box, row.box) >= 0.5 || Math.abs(v.normalized - rounded) >= 0.005) continue;
          added.push({ value: v.text, normalized: v.normalized, type: 'amount', ...(v.currency ? { currency: v.currency } : {}), confidence: total.confidence, page: page.page, box: unionOf(v.words.map((x) => x.box)), source: total.source, score: total.score + 0.1, order: orderBase + r });
        }
      }
    }
  }
  candidates.push(...added);
}

/**
 * What the lines printed beside a total say of it, over every reading of the page: a total is not
 * below the subtotal the readings agree on (the value most of them read, each counting as
 * `readingWeight` says), unless a discount is printed ("2.40" for 42.40 lost its first digit): such
 * candidates go after the others. Where no
 * reading read a total's label with an amount (cents and all) beside it, and the largest amount is a
 * round sum (the cash given) or not above it, that subtotal is a candidate.
 */
function checkAgainstSubtotal(candidates: Candidate[], readings: readonly ReadingArithmetic[]): void {
  const subtotals = new Map<number, number>();
  let discounted = false;
  for (const reading of readings) {
    if (reading.subtotal !== undefined) subtotals.set(reading.subtotal, (subtotals.get(reading.subtotal) ?? 0) + reading.weight);
    discounted ||= reading.discounted;
  }
  const subtotal = discounted ? undefined : [...subtotals].sort((a, b) => b[1] - a[1])[0]?.[0];
  for (const c of candidates) {
    // (A balance due after payments, asked for by name, may well be: "amount_due" beside "Balance Due".)
    if (subtotal !== undefined && typeof c.normalized === 'number' && c.normalized < subtotal - MAX_ROUNDING && !c.favoured) c.score *= 0.01;
  }
  // No total's label read with an amount beside it ("Net Total 25: 9"), and the largest amount on the
  // page a round sum above the subtotal (the cash given: 50.00): the subtotal most readings read is the
  // total. A tax printed with it is most often included in it (a GST summary's "GST 6% 1.42"); a
  // largest amount with cents (19.08 over 18.00) is more likely the total with its tax added.
  if (subtotal === undefined || candidates.some((c) => c.source !== 'pattern' && c.score >= 0.25 && hasCents(c.value))) return;
  const largest = Math.max(...candidates.flatMap((c) => (c.source === 'pattern' && typeof c.normalized === 'number' ? [c.normalized] : [])));
  // (No larger amount than the subtotal at all: it is the total too.)
  if (Number.isFinite(largest) && largest > subtotal + MAX_ROUNDING && !Number.isInteger(largest)) return;
  const found = readings.find((r) => r.subtotal === subtotal)!.subtotalFound!;
  candidates.push({ ...found, confidence: SUBTOTAL_AS_TOTAL * found.confidence, score: SUBTOTAL_AS_TOTAL, order: found.order });
}
/** How much a total taken from the subtotal counts: above a last-resort amount (0.1), below a labelled total. */
const SUBTOTAL_AS_TOTAL = 0.2;
/**
 * What the rest of the page says the total is, over every reading: the subtotal (where nothing is
 * added to it), what was paid less a printed change, and sums: the subtotal and the tax, or two amounts
 * of one row that add up to a value not on that row (a tax summary's amount and tax, "11.46 0.69"). For a candidate total, how many of
 * these three kinds of arithmetic come to its value, give or take a rounding to 5 cents: among totals
 * labelled alike, the one more of them agree with goes first (a misread "12.45" where the subtotal and
 * the tax summary say 12.15). A payment is no evidence for the value it was read from (checkTotals).
 */
function totalEvidence(readings: readonly ReadingArithmetic[]): (c: Candidate & { normalized: number }) => number {
  const said: Array<{ page: number; value: number; kind: 'subtotal' | 'payment' | 'sum' | 'repeat'; from?: Box }> = [];
  for (const { page, rows, subtotal, tax, payment } of readings) {
    if (subtotal !== undefined) said.push({ page, value: subtotal, kind: 'subtotal' });
    if (subtotal !== undefined && tax !== undefined && tax > 0) said.push({ page, value: Math.round((subtotal + tax) * 100) / 100, kind: 'sum' });
    if (payment?.withChange && payment.total > 0) said.push({ page, value: payment.total, kind: 'payment', from: payment.paidBox });
    for (const row of rows) {
      const amounts = valuesIn(row.words, 'amount').flatMap((v) => (hasCents(v.text) && typeof v.normalized === 'number' && v.normalized > 0 ? [v.normalized] : []));
      for (const value of new Set(amounts)) said.push({ page, value, kind: 'repeat', from: row.box });
      for (let i = 0; i < amounts.length; i++) {
        for (let j = i + 1; j < amounts.length; j++) {
          const sum = Math.round((amounts[i]! + amounts[j]!) * 100) / 100;
          if (!amounts.includes(sum)) said.push({ page, value: sum, kind: 'sum' });
        }
      }
    }
  }
  // The same amount printed on another row (the one item's line, "Total Sales Inclusive GST 12.00") agrees exactly; its own row, in any reading, is no evidence.
  const elsewhere = (c: Candidate, row: Box) => {
    const middle = (c.box.y0 + c.box.y1) / 2;
    return middle < row.y0 || middle > row.y1;
  };
  const agree = (c: Candidate & { normalized: number }) => (s: (typeof said)[number]) =>
    s.page === c.page &&
    (s.kind === 'repeat' ? s.value === c.normalized && elsewhere(c, s.from!) : Math.abs(s.value - c.normalized) <= CASH_ROUNDING + 0.001 && !(s.from && overlapShare(c.box, s.from) >= 0.5));
  return (c) => new Set(said.filter(agree(c)).map((s) => s.kind)).size;
}

/** The most a total is moved by rounding it to the nearest 5 cents. */
const CASH_ROUNDING = 0.02;
/** The most a total is rounded down by (cash rounding to 5 or 10 cents). */
const MAX_ROUNDING = 0.05;

/**
 * Candidates best first: by score in steps of 0.1, then by score, then earlier in the document (a
 * receipt's grand total comes before its tax summary's "Total").
 */
function rank(candidates: Candidate[]): Candidate[] {
  const bucket = (s: number) => Math.round(s * 10);
  return candidates.sort(
    (a, b) =>
      bucket(b.score) - bucket(a.score) ||
      (b.evidence ?? 0) - (a.evidence ?? 0) ||
      (b.size ?? 0) - (a.size ?? 0) ||
      (b.votes ?? 0) - (a.votes ?? 0) ||
      b.score - a.score ||
      a.order - b.order,
  );
}

/** Letters and digits, lower case: text as readings that differ in spacing and punctuation share it. */
const looseText = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** What two readings' values must share to be the same value: the page, and the normalised value (or the letters and digits). */
const sameValueKey = (c: Candidate) => `${c.page}:${typeof c.normalized === 'number' ? c.normalized : looseText(String(c.normalized ?? c.value))}`;

/**
 * Each candidate's votes: the readings of its page in which the same value was found at least as
 * well placed (the same step of score or better). Where readings disagree (one misread "10/03" as
 * "19/03"), the value most of them read goes first; with two readings this only breaks ties.
 */
function countVotes(candidates: Candidate[]): void {
  const byValue = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = sameValueKey(c);
    const same = byValue.get(key);
    if (same) same.push(c);
    else byValue.set(key, [c]);
  }
  const asWell = (c: Candidate, d: Candidate) => Math.round(d.score * 10) >= Math.round(c.score * 10);
  // A free-text value read whole in one reading and in part in others ("POPULAR BOOK CO. (M) SDN
  // BHD" where two read only "CO. (M) SDN BHD": a logo line they missed) is what those read too.
  const free = candidates.filter((c) => FREE_TEXT_TYPES.has(c.type));
  const partsOf = (c: Candidate) => free.filter((d) => d.page === c.page && d.source === c.source && overlapShare(d.box, c.box) >= 0.5 && extendsByWords(c.value, d.value));
  for (const same of byValue.values()) {
    for (const c of same) {
      const readers = FREE_TEXT_TYPES.has(c.type) ? [...same, ...partsOf(c)] : same;
      c.votes = [...new Map(readers.filter((d) => asWell(c, d)).map((d) => [d.reading, d.weight ?? 1])).values()].reduce((sum, w) => sum + w, 0);
    }
  }
}

/** Whether `longer` is `shorter` (letters and digits) with whole words before or after it, two or more of them words rather than specks ("i", "5"). */
function extendsByWords(longer: string, shorter: string): boolean {
  const want = looseText(shorter);
  if (want.length === 0) return false;
  const words = longer.split(/\s+/).filter(Boolean);
  const wordy = (ws: string[]) => ws.filter((w) => looseText(w).length >= 2).length >= 2;
  for (let k = 1; k < words.length; k++) {
    if (looseText(words.slice(k).join('')) === want && wordy(words.slice(0, k))) return true;
    if (looseText(words.slice(0, words.length - k).join('')) === want && wordy(words.slice(words.length - k))) return true;
  }
  return false;
}

/** Types whose values are free text: no pattern puts a misread character right, other readings can. */
const FREE_TEXT_TYPES = new Set<FieldType>(['company', 'address', 'person', 'text', 'identifier']);
/** How much of the smaller box the two share. */
function overlapShare(a: Box, b: Box): number {
  const shared = overlap(a.x0, a.x1, b.x0, b.x1) * overlap(a.y0, a.y1, b.y0, b.y1);
  return shared > 0 ? shared / Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0)) : 0;
}

/**
 * The best value's text as most readings read it, where it is free text and other readings found
 * it too (the same place and source, mostly the same characters): character by character, the
 * majority (majorityText). Needs three readings to change anything.
 */
function agreeOnText(ranked: Candidate[]): void {
  const top = ranked[0];
  if (!top || !FREE_TEXT_TYPES.has(top.type)) return;
  const readings = new Set([top.reading]);
  const others: string[] = [];
  const weights = [top.weight ?? 1];
  for (const c of ranked) {
    if (readings.has(c.reading) || c.page !== top.page || c.source !== top.source || overlapShare(c.box, top.box) < 0.5) continue;
    // Lengths that differ this much cannot be within the distance (and the alignment is not worth its time).
    if (Math.abs(c.value.length - top.value.length) > 0.3 * Math.max(c.value.length, top.value.length) || textDistance(top.value, c.value) > 0.3) continue;
    readings.add(c.reading);
    others.push(c.value);
    weights.push(c.weight ?? 1);
  }
  const text = majorityText(top.value, others, weights).trim();
  if (text === top.value) return;
  if (top.normalized === top.value) top.normalized = text;
  top.value = text;
}

/**
 * An amount or number as most readings print it: where readings read the best value at the same
 * place, its figures are the ones the most weight read there (`9.90` over one reading's `9,90`; a
 * space after the point, `64. 15`, is the scan's, not the print's; a tie goes to the heaviest
 * reading's). A currency glued to them stays only where no reading read the figures without it:
 * PaddleOCR drops the space of `RM 5.90`.
 */
function agreeOnPrint(ranked: Candidate[]): void {
  const top = ranked[0];
  if (!top || (top.type !== 'amount' && top.type !== 'number')) return;
  const key = sameValueKey(top);
  const figures = (text: string) => text.replace(/\s+/g, '').replace(/^[^\d\-−(]+|[^\d)]+$/g, '');
  const weights = new Map<string, number>();
  const printed = new Map<string, string[]>();
  const seen = new Set<number | undefined>();
  let heaviest: string | undefined;
  let heaviestWeight = 0;
  for (const c of ranked) {
    if (seen.has(c.reading) || sameValueKey(c) !== key || overlapShare(c.box, top.box) < 0.5) continue;
    seen.add(c.reading);
    const f = figures(c.value);
    if ((c.weight ?? 1) > heaviestWeight) [heaviest, heaviestWeight] = [f, c.weight ?? 1];
    weights.set(f, (weights.get(f) ?? 0) + (c.weight ?? 1));
    printed.set(f, [...(printed.get(f) ?? []), c.value.replace(/\s+/g, '')]);
  }
  // A tie goes to the heaviest single reading's figures, as a digit's does (majorityText): PaddleOCR reads figures best.
  const mine = figures(top.value);
  const most = Math.max(...weights.values());
  const tied = [...weights].filter(([, w]) => w === most).map(([f]) => f);
  const chosen = tied.length === 1 ? tied[0]! : (tied.find((f) => f === heaviest) ?? (tied.includes(mine) ? mine : tied[0]!));
  const variants = printed.get(chosen) ?? [top.value];
  const text = variants.includes(chosen) ? chosen : (variants.find((v) => v === top.value.replace(/\s+/g, '')) ?? variants[0]!);
  if (text === top.value) return;
  if (top.normalized === top.value) top.normalized = text;
  top.value = text;
}

/**
 * A page that prints its dates month first (`12/25/2018`, a US invoice) prints them all so: where a
 * date that reads only month first is found and none that reads only day first, dates that read
 * either way (`11/05/2018`) are read month first too (5 November, not 11 May).
 */
function monthFirstPage(candidates: Candidate[]): void {
  // Evidence of the page's order: a labelled date, or one with its century, that reads only month first (a code such as "11-22-31" is none).
  const monthFirst = (c: Candidate) => c.dateOrder === 'month' && (c.source !== 'pattern' || /\d{4}/.test(c.value));
  if (!candidates.some(monthFirst) || candidates.some((c) => c.dateOrder === 'day')) return;
  for (const c of candidates) {
    if (c.dateOrder !== 'either' || typeof c.normalized !== 'string') continue;
    const [year, month, day] = c.normalized.split('-');
    c.normalized = `${year}-${day}-${month}`;
  }
}

/**
 * A date printed twice on the page, once with a two-digit year ("30/04/17" in the header, "30/04/2017" by
 * the total): the best value is given as printed in full, the same date with its century stated.
 */
function preferFullYear(ranked: Candidate[]): void {
  const top = ranked[0];
  if (!top || top.type !== 'date' || typeof top.normalized !== 'string') return;
  const year = top.normalized.slice(0, 4);
  if (top.value.includes(year)) return;
  const full = ranked.findIndex((c) => c.normalized === top.normalized && c.value.includes(year));
  if (full > 0) ranked.unshift(...ranked.splice(full, 1));
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * A name's or address's characters that OCR reads as their look-alikes, put right where the
 * characters beside them say which they are: a letter between digits is a digit (`7/1l8B` ->
 * `7/118B`, `4O170` -> `40170`), a digit between lower-case letters a letter (`Peta1ing` ->
 * `Petaling`), a 1 ending a word of lower-case letters after an e or an l, followed by no letter or
 * digit, an l (`Leve1` -> `Level`, `Leve1°6`, `Hote1`, `Ma11`; not a number run into a word by a
 * reading that dropped the space, `TrasBatu1`,
 * `Jalan1`), a 1 or 0 with two upper-case letters on each side an I or O (`SECT1ON`; a 0 ending a
 * word of upper-case letters an O, `HAI-0` -> `HAI-O`;
 * codes such as `PJU1A` or `SS4C` keep theirs), a dollar sign starting a word an S (`$S21/39` ->
 * `SS21/39`: no address has a price). SROIE dev address 0.610 -> 0.636, none lost.
 */
function lookAlikesPutRight(text: string): string {
  return text
    .replace(/(?<=\d)[lI|](?=\d)/g, '1')
    .replace(/(?<=\d)[oO](?=\d)/g, '0')
    .replace(/(?<=\p{Ll})1(?=\p{Ll})/gu, 'l')
    .replace(/(?<=\p{Ll})0(?=\p{Ll})/gu, 'o')
    .replace(/(?<=(?:^|[\s,.;:])\p{L}\p{Ll}*[el])1(?=[^\p{L}\p{N}]|$)/gu, 'l')
    .replace(/(?<=\p{Lu}{2})1(?=\p{Lu}{2})/gu, 'I')
    .replace(/(?<=\p{Lu}{2})0(?=\p{Lu}{2})/gu, 'O')
    .replace(/(?<=(?:^|\s)\p{Lu}{2,}-?)0(?=[\s,.]|$)/gu, 'O')
    .replace(/(?<=^|\s)\$(?=[\p{Lu}\d])/gu, 'S');
}

/**
 * For each requested field, the values found on the pages, best first (none: an empty list). A value
 * is found beside or below a label of the field (its name, or a label of the kind its name means, in
 * several languages), under a table header naming it, by its type's pattern alone, or, for a
 * company's name and address, in the header block of the first page.
 */
export function findFields(pages: readonly FieldPage[], requests: readonly FieldRequest[]): Map<string, FoundField[]> {
  // Every reading of every page, the answer's own first.
  const laid = pages.flatMap((page, p) =>
    [page.words, ...(page.otherReadings ?? [])].map((given, reading) => {
      const words = partGluedLabels(asciiWidth(given));
      const read: FieldPage = reading === 0 ? { ...page, words } : { page: page.page, words };
      return { page: read, rows: rowsAlongTilt(words), orderBase: p * 100_000 + reading * 10_000, reading, weight: page.readingWeights?.[reading] ?? 1 };
    }),
  );
  // What each reading prints around a total: found once, for whichever requested fields are totals.
  let arithmetic: ReadingArithmetic[] | undefined;
  const arithmeticOf = () => (arithmetic ??= laid.map(({ page, rows, weight }) => readingArithmetic(page, rows, weight)));
  // Where each reading's customer's block starts: found once, for the address and the company alike.
  const customerRows: number[] = [];
  const out = new Map<string, FoundField[]>();
  for (const request of requests) {
    const wanted = wantedOf(request);
    const candidates: Candidate[] = [];
    for (const [index, { page, rows, orderBase, reading, weight }] of laid.entries()) {
      const own = [...labelledCandidates(wanted, page, rows, orderBase), ...tableCandidates(wanted, page, orderBase), ...patternCandidates(wanted, rows, page, orderBase)];
      if (wanted.kind?.kind === 'total') {
        checkTotals(own, page, rows, orderBase, arithmeticOf()[index]!.payment);
        roundedTotals(own, page, rows, orderBase);
        for (const c of own) {
          if (typeof c.normalized !== 'number') continue;
          // Nothing is bought for nothing: a zero is a rounding, a discount or a change line's.
          if (c.normalized === 0) c.score *= 0.1;
          c.size = c.normalized;
        }
      }
      // The seller's address or name labelled in the customer's block ("BILL TO" / "ADDRESS : 2920/1") is the customer's.
      if (wanted.kind?.kind === 'address' || wanted.kind?.kind === 'company') {
        const customer = (customerRows[index] ??= customerSectionRow(rows));
        if (customer >= 0) for (const c of own) if (c.source === 'key_value' && c.order - orderBase >= customer) [c.score, c.confidence] = [0.3 * c.score, 0.3 * c.confidence];
      }
      if ((wanted.type === 'company' || wanted.type === 'address') && page.page === pages[0]?.page) {
        for (const c of headerCandidates(rows, wanted.type)) {
          own.push({ value: c.text, normalized: c.text, type: wanted.type, confidence: c.score * meanConfidence(c.words), page: page.page, box: unionOf(c.words.map((w) => w.box)), source: 'header', score: c.score, order: orderBase });
        }
      }
      for (const c of own) {
        c.reading = reading;
        c.weight = weight;
      }
      candidates.push(...own);
    }
    if (wanted.type === 'date') monthFirstPage(candidates);
    if (wanted.kind?.kind === 'total') {
      checkAgainstSubtotal(candidates, arithmeticOf());
      const evidence = totalEvidence(arithmeticOf());
      for (const c of candidates) if (typeof c.normalized === 'number' && hasCents(c.value)) c.evidence = evidence(c as Candidate & { normalized: number });
    }
    // Where the requested name asks for one value in particular ("amount_due") and a label that says
    // so has one, the rest ("Total", however well the arithmetic agrees with it) count half.
    if (wanted.favoured.size > 0 && candidates.some((c) => c.favoured && c.score >= 0.5)) for (const c of candidates) if (!c.favoured) c.score *= 0.5;
    countVotes(candidates);
    const seen = new Set<string>();
    const ranked: FoundField[] = [];
    const inOrder = rank(candidates);
    agreeOnText(inOrder);
    agreeOnPrint(inOrder);
    preferFullYear(inOrder);
    for (const c of inOrder) {
      if (c.type !== 'company' && c.type !== 'address') continue;
      const text = c.type === 'address' ? placeWordsPutRight(lookAlikesPutRight(c.value)) : nameWordsPutRight(lookAlikesPutRight(c.value));
      if (c.normalized === c.value) c.normalized = text;
      c.value = text;
    }
    for (const { score: _score, order: _order, size: _size, evidence: _evidence, reading: _reading, votes: _votes, weight: _weight, dateOrder: _dateOrder, favoured: _favoured, ...c } of inOrder) {
      const key = `${c.page}:${c.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ranked.push({ ...c, confidence: round4(Math.min(1, Math.max(0, c.confidence))) });
    }
    out.set(request.name, ranked);
  }
  return out;
}

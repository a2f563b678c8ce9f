/**
 * Typed values read from printed text: dates of many countries' formats, amounts with thousands
 * separators and currencies, numbers, phone numbers, e-mail addresses. Each reader gives the part of
 * the text it took (as printed) and its normalised form.
 */

export interface ReadValue {
  /** Where in the text the value starts and ends (code units). */
  start: number;
  end: number;
  normalized: string | number;
  currency?: string;
  /** The value's text where a misread digit was put right ("06/03/2018" where "06/03/2078" was read). */
  text?: string;
  /** For a numeric date, the orders of day and month it can be read in (see DateOrder). */
  order?: DateOrder;
}

/**
 * The orders a numeric date can be read in: `day` where only day first makes a date ("25/12/2018"),
 * `month` where only month first does ("12/25/2018"), `either` where both do ("05/03/2018", read day
 * first unless the page says otherwise).
 */
export type DateOrder = 'day' | 'month' | 'either';

/** Month names and their usual abbreviations (English, German, French, Spanish, Italian, Dutch, Portuguese, Malay), by the start that tells them apart. */
const MONTH_STARTS: Array<[string, number]> = [
  ['janv', 1], ['jan', 1], ['gen', 1], ['ene', 1],
  ['fév', 2], ['fev', 2], ['feb', 2],
  ['mär', 3], ['mar', 3], ['maa', 3], ['mac', 3],
  ['avr', 4], ['apr', 4], ['abr', 4],
  ['mai', 5], ['may', 5], ['mei', 5], ['mag', 5],
  ['juin', 6], ['jun', 6], ['giu', 6],
  ['juil', 7], ['jul', 7], ['lug', 7],
  ['aoû', 8], ['aou', 8], ['aug', 8], ['ago', 8], ['ogo', 8],
  ['sep', 9], ['set', 9],
  ['oct', 10], ['okt', 10], ['ott', 10], ['out', 10],
  ['nov', 11],
  ['déc', 12], ['dec', 12], ['dez', 12], ['dic', 12], ['dis', 12],
];
const MONTH_WORD = '[A-Za-zÀ-ÿ]{3,10}\\.?';
const monthOf = (word: string): number | undefined => {
  const w = word.toLowerCase().replace(/\.$/, '');
  return MONTH_STARTS.find(([start]) => w.startsWith(start))?.[1];
};

const pad2 = (n: number) => String(n).padStart(2, '0');
const fullYear = (y: number) => (y >= 100 ? y : y < 70 ? 2000 + y : 1900 + y);
function isoDate(year: number, month: number, day: number): string | undefined {
  const y = fullYear(year);
  if (y < 1900 || y > 2099 || month < 1 || month > 12 || day < 1) return undefined;
  const days = new Date(Date.UTC(y, month, 0)).getUTCDate();
  return day <= days ? `${y}-${pad2(month)}-${pad2(day)}` : undefined;
}

/** Digits a scan of small print reads for others (a thermal print's 1 as 7, 0 as 9, 1 as 4). */
const MISREAD: Record<string, string[]> = { '7': ['1'], '9': ['0'], '4': ['1'], '8': ['0', '3'] };
/** The digit string with the digit at `at` replaced by each digit it is misread for. */
const misreadDigits = (digits: string, at: number): string[] => (MISREAD[digits[at] ?? ''] ?? []).map((d) => digits.slice(0, at) + d + digits.slice(at + 1));
/** A year a receipt or invoice of today is dated in: two-digit years pass (they map to 1970-2069). */
const plausibleYear = (year: number) => year < 100 || (year >= 1950 && year <= 2049);

const DATE_PATTERNS: Array<{ re: RegExp; iso: (m: RegExpExecArray) => string | { iso: string; text?: string; order?: DateOrder } | undefined }> = [
  // 2018-12-25, 2018/12/25, 2018.12.25
  { re: /(?<![\d.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])/g, iso: (m) => isoDate(+m[1]!, +m[2]!, +m[3]!) },
  // 25/12/2018, 25-12-18, 25.12.2018; day first unless the first number cannot be a day of the month's place (12/25/2018)
  {
    // A day's leading 1 read as a bar or a letter ("|7-06-2018") is read as the 1 it is.
    // A year run into the time after it ("5/3/201822:52:33": a space dropped) ends at its fourth digit.
    // Not a piece of a code of numbers and slashes ("MI11/3-21 - 12/480") or of a phone number ("05.22.95.66.66": its separator goes on; "01/05/2016-13:19" is a date).
    re: /(?<![\d.\p{L}/])([|lI]\d|\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?:(?![\d]|\/\d|\2\d)|(?<=\d{4})(?=\d{1,2}:\d{2}))/gu,
    iso: (m) => {
      const numeric = (a: number, b: number, y: number) => (b > 12 && a <= 12 ? isoDate(y, a, b) : isoDate(y, b, a));
      const printed = m[1]!;
      const [day, month, year] = [printed.replace(/^[|lI]/, '1'), m[3]!, m[4]!];
      const read = numeric(+day, +month, +year);
      const order: DateOrder | undefined = +day > 12 ? 'day' : +month > 12 ? 'month' : +day !== +month ? 'either' : undefined;
      if (read && plausibleYear(+year)) return { iso: read, ...(day === printed ? {} : { text: m[0].replace(printed, day) }), ...(order ? { order } : {}) };
      // A scan's misread digit: a day that cannot be ("92/02/2018", "45/07/2017"), a year far off ("2078").
      for (const d of [day, ...misreadDigits(day, 0)]) for (const y of [year, ...misreadDigits(year, year.length - 2)]) {
        const repaired = plausibleYear(+y) ? numeric(+d, +month, +y) : undefined;
        if (repaired) return { iso: repaired, text: m[0].replace(printed, d).replace(new RegExp(`${year}$`), y) };
      }
      return read;
    },
  },
  // 25 Dec 2018, 25-DEC-18, 25. Dezember 2018, 1er janvier 2019
  {
    re: new RegExp(`(?<![\\d])(\\d{1,2})(?:er|st|nd|rd|th)?\\.?[\\s/-]*(${MONTH_WORD})[\\s,/-]*(\\d{4}|\\d{2})(?![\\d])`, 'g'),
    iso: (m) => {
      const month = monthOf(m[2]!);
      if (month) return isoDate(+m[3]!, month, +m[1]!);
      // A month's J read as a bar or an l ("05 lan 2017"), where the day and year around it make it a date.
      const asJ = m[2]!.replace(/^[lI|i]/, (c) => (c === c.toUpperCase() ? 'J' : 'j'));
      const repaired = asJ !== m[2] ? monthOf(asJ) : undefined;
      const iso = repaired ? isoDate(+m[3]!, repaired, +m[1]!) : undefined;
      return iso ? { iso, text: m[0].replace(m[2]!, asJ) } : undefined;
    },
  },
  // Dec 25, 2018; December 25 2018
  {
    re: new RegExp(`(?<![A-Za-zÀ-ÿ])(${MONTH_WORD})\\s*(\\d{1,2})(?:st|nd|rd|th)?,?\\s*(\\d{4})(?![\\d])`, 'g'),
    iso: (m) => {
      const month = monthOf(m[1]!);
      return month ? isoDate(+m[3]!, month, +m[2]!) : undefined;
    },
  },
];

/** Every date in `text`, in order of position. */
export function readDates(text: string): ReadValue[] {
  const found: ReadValue[] = [];
  for (const { re, iso } of DATE_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const read = iso(m);
      const start = m.index;
      const end = m.index + m[0].length;
      if (read && !found.some((f) => f.start < end && start < f.end))
        found.push(typeof read === 'string' ? { start, end, normalized: read } : { start, end, normalized: read.iso, ...(read.text !== undefined ? { text: read.text } : {}), ...(read.order ? { order: read.order } : {}) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Currency signs and codes as printed, to ISO 4217. A bare "$" is read as US dollars. */
const CURRENCY_SIGNS: Record<string, string> = {
  'US$': 'USD', 'S$': 'SGD', 'A$': 'AUD', 'C$': 'CAD', 'HK$': 'HKD', 'NZ$': 'NZD', 'R$': 'BRL',
  $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₱': 'PHP', '฿': 'THB', '₫': 'VND', RM: 'MYR', Rp: 'IDR', Fr: 'CHF', 'Fr.': 'CHF', zł: 'PLN', Kč: 'CZK',
};
const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'MYR', 'SGD', 'CHF', 'JPY', 'CNY', 'RMB', 'INR', 'AUD', 'CAD', 'HKD', 'IDR', 'THB', 'PHP', 'VND', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'BRL', 'MXN', 'ZAR', 'KRW', 'TWD', 'AED', 'SAR'];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CURRENCY_ALTERNATIVES = [...Object.keys(CURRENCY_SIGNS), ...CURRENCY_CODES].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
/** The ISO code of a currency sign or code, or undefined. */
export function currencyOf(sign: string): string | undefined {
  const s = sign.trim();
  const upper = s.toUpperCase();
  if (CURRENCY_CODES.includes(upper)) return upper === 'RMB' ? 'CNY' : upper;
  return CURRENCY_SIGNS[s] ?? (upper === 'RM' ? 'MYR' : undefined);
}
/** A currency sign or code standing alone in `text` (a label's "(RM)", "in EUR"). */
export function currencyIn(text: string): string | undefined {
  const m = new RegExp(`(?:^|[\\s(\\[/])(${CURRENCY_ALTERNATIVES})(?=$|[\\s)\\]:/])`, 'i').exec(text);
  return m ? currencyOf(m[1]!) : undefined;
}

// 1,234.56  1.234,56  1 234,56  1234.5  -12.00  (12.00)  12.- ; a number of up to 3 decimals.
// OCR of receipts often puts a space after the point ("64. 15"): a point, a space and two digits are cents.
const NUMBER = String.raw`\d{1,3}(?:[,.\u00a0\u202f' ]\d{3})+(?:[.,]\s?\d{1,3})?|\d+(?:[.,]\s?\d{1,4})?`;
// A number followed by "%" is a rate ("GST@6%"), not an amount.
// A minus may stand before the currency too ("-$45.00", a credit note's total).
const AMOUNT_RE = new RegExp(`(?<![\\w.,])(?:([-−])(?=${CURRENCY_ALTERNATIVES}))?(${CURRENCY_ALTERNATIVES})?(\\s?)([-−])?\\s?(${NUMBER})(?:(\\s?)(${CURRENCY_ALTERNATIVES}))?(?![\\w%]|[.,]\\d|\\s%)`, 'gi');

/** The value of a printed number: the last of "." and "," followed by 1-2 digits (or 4, "4.2000") is the decimal point; others separate thousands. */
export function parseNumber(printed: string): number | undefined {
  const s = printed.replace(/[\s\u00a0\u202f']/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  const sep = Math.max(lastDot, lastComma);
  let value: number;
  if (sep < 0) value = Number(s);
  else {
    const decimals = s.length - sep - 1;
    const both = lastDot >= 0 && lastComma >= 0;
    // "1,234" and "1.234.567" group thousands; "12,50", "4.2000", "1.234,5" have decimals.
    const grouping = !both && decimals === 3 && (s.split(s[sep]!).length > 2 || s[sep] === ',');
    if (grouping) value = Number(s.replace(/[.,]/g, ''));
    else value = Number(`${s.slice(0, sep).replace(/[.,]/g, '')}.${s.slice(sep + 1)}`);
  }
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Every amount in `text`: a number, with its currency where a sign or code stands beside it. The
 * value as printed is the number and its sign, with the currency only where it is printed as one
 * word with the number ("RM20.40", "12,99€"): "TOTAL RM 64.15" prints 64.15.
 */
export function readAmounts(text: string): Array<ReadValue & { normalized: number; decimals: number }> {
  const found: Array<ReadValue & { normalized: number; decimals: number }> = [];
  AMOUNT_RE.lastIndex = 0;
  for (let m = AMOUNT_RE.exec(text); m; m = AMOUNT_RE.exec(text)) {
    const [whole, leadingMinus, before, gapBefore, minus, number, gapAfter, after] = m;
    const value = parseNumber(number!);
    if (value === undefined) continue;
    const sign = leadingMinus || minus ? -1 : 1;
    const currency = before ? currencyOf(before) : after ? currencyOf(after) : undefined;
    const decimals = /[.,]\s?(\d{1,4})$/.exec(number!)?.[1]?.length ?? 0;
    const numberAt = m.index + whole.indexOf(number!);
    const start = leadingMinus || (before && !gapBefore) ? m.index : minus ? m.index + whole.indexOf(minus) : numberAt;
    const end = after && !gapAfter ? m.index + whole.length : numberAt + number!.length;
    found.push({ start, end, normalized: sign * value, decimals, ...(currency ? { currency } : {}) });
  }
  return found;
}

/** Phone numbers: 7 to 15 digits with the spaces, dots, dashes, slashes and brackets people print between them. */
export function readPhones(text: string): ReadValue[] {
  const found: ReadValue[] = [];
  const re = /(?<![\w+])\+?\(?\d[\d\s().\/-]{5,22}\d(?![\w])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    // A date is no phone number ("27/11/2026", "28.11.2026"), nor a date and its time.
    const printed = m[0].trim();
    if (readDates(printed).some((d) => d.start === 0 && /^(\s+\d{1,2}([:.]\d{2}){0,2})?$/.test(printed.slice(d.end)))) continue;
    found.push({ start: m.index, end: m.index + m[0].length, normalized: (m[0].trim().startsWith('+') ? '+' : '') + digits });
  }
  return found;
}

export function readEmails(text: string): ReadValue[] {
  const re = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, normalized: m[0].toLowerCase() }));
}

/** Identifiers (an invoice or receipt number, a tax id): a run of letters, digits and "-", "/", "." holding at least one digit. */
export function readIdentifiers(text: string, minDigits = 1): ReadValue[] {
  const re = /[\p{L}\p{N}][\p{L}\p{N}\-/.]*[\p{L}\p{N}]|\p{N}/gu;
  return [...text.matchAll(re)]
    .filter((m) => (m[0].match(/\d/g)?.length ?? 0) >= minDigits)
    .map((m) => ({ start: m.index, end: m.index + m[0].length, normalized: m[0] }));
}

/**
 * Tax and registration numbers: identifiers of four digits or more, and numbers printed in spaced
 * groups or after a country's two letters ("GB 123 4567 89", "DE 123456789", "812 345 678 00019"),
 * as printed, normalised without their spaces.
 */
export function readTaxIds(text: string): ReadValue[] {
  const spaced = /(?<![\p{L}\p{N}])(?:[A-Z]{2} ?\d{2,}(?: \d{2,})*|\d{2,}(?: \d{2,})+)(?![\p{L}\p{N}])/gu;
  const grouped = [...text.matchAll(spaced)]
    .filter((m) => (m[0].match(/\d/g)?.length ?? 0) >= 8)
    .map((m) => ({ start: m.index, end: m.index + m[0].length, normalized: m[0].replace(/ /g, '') }));
  const single = readIdentifiers(text, 4).filter((id) => !grouped.some((g) => id.start < g.end && id.end > g.start));
  return [...grouped, ...single].sort((a, b) => a.start - b.start);
}

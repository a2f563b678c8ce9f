import type { LayoutWord, TextRow } from '@docsvc/layout';
import { labelTokens } from './tokens.js';
import { FIELD_KINDS } from './vocabulary.js';
import { meanConfidence } from './typed-values.js';
import { ADDRESS_WORDS, COUNTRIES, Lexicon, PLACE_WORDS, STATES, lexiconWordsPutRight } from './place-words.js';
import { readDates } from './values.js';

/** What a document calls itself, printed where a seller's name could be: not a name. */
const TITLES = new Set(
  ['tax invoice', 'simplified tax invoice', 'full tax invoice', 'invoice', 'receipt', 'official receipt', 'cash sale', 'cash sales', 'cash bill', 'cash receipt', 'bill', 'welcome', 'welcome to', 'copy', 'original', 'duplicate', 'sales receipt', 'order', 'quittung', 'rechnung', 'kassenbon', 'facture', 'ticket', 'factura', 'recibo', 'ricevuta', 'fattura', 'bon', 'kwitantie', 'factuur', 'thank you', 'customer copy', 'merchant copy'],
);
/** Legal forms that end a business's name in many countries. */
const LEGAL_FORMS = new Set(['sdn', 'bhd', 'berhad', 'ltd', 'limited', 'inc', 'llc', 'llp', 'plc', 'corp', 'corporation', 'gmbh', 'ag', 'kg', 'ohg', 'sarl', 'sas', 'sa', 'sl', 'srl', 'spa', 'bv', 'nv', 'pty', 'pte', 'sb']);
/** "S/B", Sdn Bhd's short form ("LAVENDER CONFECTIONERY & BAKERY S/B"), its B read as an R or an 8 ("SOON FATT S/R"). */
const SLASHED_FORM = /\bS\s*\/\s*[BR8]\b/gi;
/**
 * Words that say what kind of business a name is (its trade, not who): a name of one word besides
 * these and its legal form names nothing alone ("ENTERPRISE (SETIA ALAM) SDN BHD" goes on from the row
 * above), and where no row has a legal form, the row with one of these is the business's name rather
 * than a proprietor's name or a stamp printed above it ("TAN CHAY YEE" / "ABC HO TRADING").
 */
const BUSINESS_WORDS = new Set([
  'trading', 'traders', 'enterprise', 'enterprises', 'hardware', 'stationery', 'store', 'stores', 'shop', 'mart', 'market', 'supermarket', 'hypermarket', 'minimarket', 'restaurant', 'restoran', 'cafe', 'bakery', 'confectionery', 'pharmacy', 'industries', 'industry', 'electrical', 'electronics', 'machinery', 'motor', 'motors', 'services', 'service', 'supplies', 'supply', 'marketing', 'agency', 'carry', 'kedai', 'pasaraya', 'emporium', 'holdings', 'group', 'kitchen', 'bistro', 'catering', 'clinic', 'optical', 'bookstore', 'printing', 'florist', 'boutique', 'salon', 'furniture', 'textile', 'hotel', 'deco', 'engineering', 'tyre', 'tyres', 'auto', 'station', 'foods', 'food', 'petroleum',
  'handel', 'markt', 'apotheke', 'backerei', 'baeckerei', 'metzgerei', 'boulangerie', 'pharmacie', 'epicerie', 'farmacia', 'panaderia', 'ferreteria', 'tienda', 'negozio', 'panetteria', 'winkel', 'bakkerij', 'apotheek',
]);
/** What ends a business's name where it has no legal form: a sole proprietorship's or a partnership's suffix. */
const NAME_SUFFIXES = new Set(['trading', 'traders', 'enterprise', 'enterprises', 'co', 'company']);
/** Words of a receipt's closing lines, which a roll's scan may show above the next receipt's header. */
const CLOSING_WORDS = new Set(['thank', 'thanks', 'returnable', 'refundable', 'exchangeable', 'again', 'visit', 'terima', 'kasih', 'danke', 'merci', 'gracias', 'grazie']);
const tradeWords = (text: string) => labelTokens(text).filter((t) => BUSINESS_WORDS.has(t)).length;
/** Legal forms of two letters that are other words too ("KG.BATU": kampung; "SA" ...): a form only after a name's first word. */
const SHORT_FORMS = new Set(['kg', 'ag', 'sa', 'sl', 'sb', 'bv', 'nv']);
/** Sdn Bhd's short form as one word ("S/B", "S/R" -> "SB"), a dollar sign starting a word as the S it is ("RETAIL $B"). */
const shortFormsRead = (text: string) => text.replace(SLASHED_FORM, 'SB').replace(/(?<=^|\s)\$(?=\p{Lu})/gu, 'S');
const hasLegalForm = (text: string) => labelTokens(shortFormsRead(partedForms(withoutRegistration(text)))).some((t, i) => LEGAL_FORMS.has(t) && (i > 0 || !SHORT_FORMS.has(t)));
/** Words printed with legal forms that name nothing themselves: "CO. (M) SDN BHD". */
const FORM_PARTS = new Set(['co', 'm', '&', 'and', 'company']);
/** Legal forms printed as two words: where a scan misreads one of them by a letter ("SON BHD", "SDN BHI"), it is read as the form. */
const FORM_PAIRS: Array<[string, string]> = [['sdn', 'bhd'], ['pte', 'ltd'], ['pty', 'ltd']];
/** One letter different, same length. */
const nearly = (a: string, b: string) => a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1;
/** A two-word form run into one word, or onto what precedes it after a bracket or a lower-case letter ("SDNBHD", "ALAM)SDNBHD", "RestaurantsSdnBhd"). */
const GLUED_FORM = /(?<=^|[^\p{L}]|\p{Ll})(\p{L}{3})(\p{L}{3})(?=[.,]*$|[^\p{L}])/gu;
/**
 * A legal form's two words read as one ("ALAM)SDNBHD", "SUNBHD": PaddleOCR boxes lines and drops the
 * space in tight print) parted as printed, one letter misread in either allowed as in FORM_PAIRS.
 */
function partedForms(text: string): string {
  return text.replace(GLUED_FORM, (whole, a: string, b: string, at: number) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    const form = FORM_PAIRS.some(([first, second]) => (x === first && (y === second || nearly(y, second))) || (y === second && nearly(x, first)));
    return form ? `${at > 0 && text[at - 1] !== ' ' ? ' ' : ''}${a} ${b}` : whole;
  });
}
/** A company's name with a misread legal form put right: "SUBANG HEALTHCARE SIN BHD" -> "... SDN BHD". */
function withLegalForm(name: string): string {
  // A form's two words printed with a dot between them and no space ("Sdn.Rhd") are checked as two, and kept as printed.
  const parts = partedForms(name).split(' ').flatMap((w) => {
    const dot = /^\p{L}{2,3}\.\p{L}{2,3}\.?$/u.test(w) ? w.indexOf('.') + 1 : 0;
    return dot ? [{ text: w.slice(0, dot), glued: false }, { text: w.slice(dot), glued: true }] : [{ text: w, glued: false }];
  });
  const key = (w: string) => w.toLowerCase().replace(/[.,]+$/, '');
  // A speck read between a form's two words ("SDN N BHD", "SDN . BHD") is not part of the name.
  for (let i = 1; i + 1 < parts.length; i++) {
    const [a, b] = [key(parts[i - 1]!.text), key(parts[i + 1]!.text)];
    if (parts[i]!.text.length <= 1 && FORM_PAIRS.some(([first, second]) => (a === first || nearly(a, first)) && (b === second || nearly(b, second)))) parts.splice(i, 1);
  }
  const words = parts.map((p) => p.text);
  const asPrinted = (form: string, printed: string) => (printed === printed.toLowerCase() ? form : printed === printed.toUpperCase() ? form.toUpperCase() : form[0]!.toUpperCase() + form.slice(1)) + (/[.,]+$/.exec(printed)?.[0] ?? '');
  for (let i = 0; i + 1 < words.length; i++) {
    const a = key(words[i]!);
    const b = key(words[i + 1]!);
    for (const [first, second] of FORM_PAIRS) {
      if (b === second && nearly(a, first)) words[i] = asPrinted(first, words[i]!);
      else if (a === first && nearly(b, second)) words[i + 1] = asPrinted(second, words[i + 1]!);
    }
  }
  return words.map((w, i) => (i === 0 || parts[i]!.glued ? w : ` ${w}`)).join('');
}

/**
 * A name read past its legal form: specks or a registration's remnant after it are dropped ("ANN GIAP
 * TRADING SDN BHD SE", "COSWAY (M) SDN BHD 0118-4)"), words are kept ("... SDN BHD KLANG BRANCH"); a
 * "SDN" whose "BHD" was read as specks ("SDN 1..", "SDN i.") gets it back (the two are one legal form).
 */
function endingAtLegalForm(name: string): string {
  const words = name.split(' ');
  const key = (w: string) => w.toLowerCase().replace(/[^\p{L}]/gu, '');
  const last = words.findLastIndex((w) => LEGAL_FORMS.has(key(w)));
  if (last < 0) return name;
  const after = words.slice(last + 1);
  const wordy = after.some((w) => (w.match(/\p{L}/gu)?.length ?? 0) >= 3);
  if (key(words[last]!) === 'sdn' && after.length > 0 && !wordy) return [...words.slice(0, last + 1), words[last] === words[last]!.toLowerCase() ? 'bhd' : 'BHD'].join(' ');
  return wordy ? name : words.slice(0, last + 1).join(' ');
}
/** Words that start what follows the header: how to reach the business, its registration, the document's own data. */
const AFTER_HEADER = new Set(['tel', 'telephone', 'phone', 'fax', 'email', 'mail', 'www', 'http', 'https', 'gst', 'vat', 'sst', 'tax', 'invoice', 'receipt', 'date', 'time', 'cashier', 'table', 'order', 'bill', 'hp', 'mobile', 'ust', 'tva', 'iva', 'reg', 'roc', 'website']);

const letterShare = (text: string) => {
  const chars = text.replace(/\s/g, '');
  return chars.length ? (chars.match(/\p{L}/gu)?.length ?? 0) / chars.length : 0;
};
const rowText = (row: TextRow) => row.words.map((w) => w.text).join(' ');
const isTitle = (row: TextRow) => TITLES.has(labelTokens(rowText(row)).join(' '));
/** A row's words but a segment of its own that is the document's title: an invoice prints its seller's name and "INVOICE" on one line, a page apart. */
const withoutTitle = (row: TextRow) => (row.segments.length > 1 ? row.segments.filter((s) => !TITLES.has(labelTokens(s.text).join(' '))).flatMap((s) => s.words) : row.words);
/** A row that reads as a name: mostly letters, read with some confidence. */
const readsAsName = (row: TextRow) =>
  letterShare(withoutRegistration(rowText(row))) >= 0.6 && (rowText(row).match(/\p{L}/gu)?.length ?? 0) >= 3 && meanConfidence(row.words) >= 0.3 && !isTitle(row) && !labelTokens(rowText(row)).some((t) => CLOSING_WORDS.has(t));
/** A company registration or tax number on its own row: "(1234567-X)", "(Co. No. 113825-W)", "Co. Reg. No. 12345", "(GST Reg No. 001492992000)". */
const isRegistration = (row: TextRow) => {
  // NFKC: full-width brackets, as PaddleOCR writes them ("201283-M）"), are brackets.
  const text = rowText(row).normalize('NFKC').trim();
  return (
    (/^[([]/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 4) ||
    /^\(?\s*[\dA-Z]{4,}\s*-\s*[A-Z0-9]{1,3}\s*\)?$/i.test(text) ||
    // A number alone, its dash and brackets lost ("1030210K"): longer than any postcode.
    /^\d{6,}[A-Z]?$/i.test(text) ||
    // A row ending in a company number ("bakery 000965911-P": a name's last word and its number on one row).
    /(^|\s)\d{6,}\s*[-.]\s*[A-Z]\)?$/i.test(text) ||
    /\b(co[.,]?\s*(reg|no)|roc|company\s*no|reg\.?\s*no|br\.?\s*no|business\s*reg|gst\s*(reg|id|no))/i.test(text)
  );
};
/** A row that is one label and its number ("Site: 2395", "GSYReg:001627654144"): a site's or a registration's, not an address's first row. */
const isLabelledNumber = (row: TextRow) => /^[^\d:]{2,24}:\s*[\p{L}\d-]*\d[\p{L}\d-]*$/u.test(rowText(row).trim());
/** Words that name a tax or registration number. */
const TAX_WORDS = new Set(['gst', 'vat', 'sst', 'tax', 'reg', 'roc', 'ust', 'tva', 'iva', 'siret', 'siren', 'rcs', 'nif', 'cif', 'abn', 'btw', 'kvk', 'steuernummer']);
/** A row with a tax or registration number's label, and a number's worth of letters and digits after it. */
const isTaxNumber = (row: TextRow) => {
  const text = rowText(row);
  const tokens = labelTokens(text);
  // The number whole ("001492992000"), or in spaced groups ("SIRET 123 456 789 00012").
  const number = /[\p{L}\p{N}]{6,}\s*$/u.test(text) || (/\d\s*$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 8);
  return tokens.some((t) => TAX_WORDS.has(t)) && number && !tokens.some((t) => ADDRESS_WORDS.has(t) && t !== 'no');
};
const startsBody = (row: TextRow) => labelTokens(rowText(row)).some((t) => AFTER_HEADER.has(t)) || readDates(rowText(row)).length > 0 || isTitle(row);
/** A row that is a phone number or an e-mail address with nothing to say what it is. */
const isContact = (row: TextRow) => /^\+?[\d\s().\/-]{7,}(\s|$)/.test(withoutShortLabel(rowText(row))) || /@/.test(rowText(row));
/** A row's text past specks and a label of three letters at most before a colon, as a misread "Tel:" leaves it ("| : 012-2060 778", "i: 03-5512"). */
const withoutShortLabel = (text: string) => text.replace(/^[^\p{L}\p{N}+]*(?:\p{L}{1,3}\s*:\s*)?/u, '');
/** A row an address ends on: its last word a country, or a state after a postcode. */
const endsAddress = (row: TextRow) => {
  const last = labelTokens(rowText(row)).at(-1) ?? '';
  return COUNTRIES.has(last) || (STATES.has(last) && /(^|\D)\d{5}(\D|$)/.test(rowText(row)));
};
/** Words of a Malaysian state's full title ("Darul Ehsan", "Darul Takzim"). */
const STATE_TITLES = new Set(['darul', 'ehsan', 'takzim', 'makmur', 'ridzuan', 'aman', 'khusus', 'naim', 'iman', 'dk', 'de']);
/** A row that is a state's name alone ("SELANGOR", "SELANGOR DARUL EHSAN"). */
const isStateRow = (row: TextRow) => {
  const tokens = labelTokens(rowText(row));
  return tokens.length > 0 && STATES.has(tokens[0]!) && tokens.every((t) => STATES.has(t) || STATE_TITLES.has(t));
};
/** Words that are specks or rules, not part of a name or address ("|", "—"). */
const isSpeck = (w: LayoutWord) => !/[\p{L}\p{N}]/u.test(w.text);
const looksAddress = (row: TextRow) => /\d/.test(rowText(row)) || labelTokens(rowText(row)).some((t) => ADDRESS_WORDS.has(t));

/**
 * A name broken over two rows in one size of type: the form's row names one word ("NING SDN. BHD.")
 * under a row that says what trade the business is in ("KEDAI UBAT & RUNCIT HONG": a medicine and
 * sundry shop). A brand over a legal name says no trade ("SARANG HAE YO" / "TRENDYMAX (M) SDN. BHD.").
 */
const brokenName = (above: TextRow, form: TextRow) =>
  namingWords(rowText(form)).length === 1 && tradeWords(rowText(above)) > 0 && !hasLegalForm(rowText(above)) && Math.abs(above.height - form.height) <= 0.25 * form.height;
/** A row that ends at an "&" or "and": a name that goes on in the row below. */
const endsWithAnd = (row: TextRow) => /(^|\s)(&|and|und|et)$/i.test(rowText(row).trim());
/** Text without the brackets it is wholly in: "(FREEDOM OPTIMUM SDN BHD)" is "FREEDOM OPTIMUM SDN BHD". */
const unbracketed = (text: string) => text.replace(/^\s*\(([^()]*)\)\s*$/, '$1');
/** A row with a word of addresses and a number besides a registration's ("LOT S10NB & S12NB"; not "SECURITY & OA TRADING (002382060-M)"). */
const startsStreet = (row: TextRow) => {
  const text = withoutRegistration(rowText(row));
  return /\d/.test(text) && labelTokens(text).some((t) => ADDRESS_WORDS.has(t));
};
/** A row wholly in brackets. */
const isBracketed = (row: TextRow) => unbracketed(rowText(row)) !== rowText(row);
/** A row of specks the scan left ("*", "|"): fewer than two letters or digits. */
const isSpecks = (row: TextRow) => (rowText(row).match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 2;
/** A street line ("22, Jalan Perindustrian Hijau 5,"): a number first, then words of addresses. */
const isStreet = (row: TextRow) => /^\W*\d/.test(rowText(row)) && labelTokens(rowText(row)).some((t) => ADDRESS_WORDS.has(t));

export interface HeaderCandidate {
  text: string;
  words: LayoutWord[];
  score: number;
}

/** The row after row `i`, past specks. */
function nextRow(rows: readonly TextRow[], i: number): number {
  let next = i + 1;
  while (next < rows.length && isSpecks(rows[next]!)) next++;
  return next;
}

/** How many rows from the top a seller's name is looked for in. */
const NAME_ROWS = 8;
/** The most rows an address takes. */
const ADDRESS_ROWS = 5;

/**
 * Where the business's name is in the header: the first row with a legal form ("... SDN BHD",
 * "... GmbH"), with the row above when the form's row is short ("POPULAR BOOK" / "CO. (M) SDN BHD"),
 * else the first row that reads as a name.
 */
function nameRows(rows: readonly TextRow[]): { from: number; to: number; score: number; cutAtSuffix?: boolean; addressFrom?: number } | undefined {
  const top = rows.slice(0, NAME_ROWS);
  const legal = top.findIndex((r) => letterShare(rowText(r)) >= 0.5 && hasLegalForm(rowText(r)));
  if (legal >= 0) {
    let from = legal;
    // A legal name printed in brackets under a brand ("THE GEOVENTURE" / "(FREEDOM OPTIMUM SDN BHD)") is the name alone.
    const ownBrackets = isBracketed(top[legal]!) && namingWords(unbracketed(rowText(top[legal]!))).length > 0;
    for (let joined = 0; joined < (ownBrackets ? 0 : NAME_ROWS_JOINED); joined++) {
      // The row above, past specks ("*", "|") the scan left between them.
      let above = from - 1;
      while (above >= 0 && isSpecks(top[above]!)) above--;
      const previous = top[above];
      // The row above is the name's start where the rows so far name nothing themselves ("POPULAR BOOK" / "CO. (M) SDN BHD";
      // "AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD"), not a brand over a name ("AA PHARMACY" / "SUBANG HEALTHCARE SDN BHD").
      // So is a row that goes on from the one above ("THE COFFEE BEAN" / "& TEA LEAF (M) SDN. BHD.").
      const first = rowText(top[from]!).trim();
      // A row that ends inside a bracket goes on in the row below ("ENTERPRISE (SETIA" / "ALAMI SDN BHD", its ")" misread).
      const opened = previous !== undefined && /\([^)]*$/.test(rowText(previous));
      const continues =
        namesNothing(top.slice(from, legal + 1).map(rowText).join(' ')) || /^[&+(]/.test(first) || /^[^(]*\)/.test(first) || opened || (previous !== undefined && endsWithAnd(previous)) || (previous !== undefined && from === legal && brokenName(previous, top[legal]!));
      const joins = continues && previous && readsAsName(previous) && !startsBody(previous) && top[from]!.box.y0 - previous.box.y1 < 1.5 * top[from]!.height;
      if (!joins) break;
      from = above;
    }
    return { from, to: legal, score: 0.7 };
  }
  const names = top.flatMap((r, i) => (readsAsName(r) && !startsBody(r) && !isStreet(r) ? [i] : []));
  // Before the document's own data starts: the first name-like row, unless a later one says what trade it is in and it does not.
  const header = names.filter((i) => !top.slice(0, i).some(startsBody));
  // The trade's row must name someone too: "BISTRO & CAFE" under "THREE STOOGES" is what the business is, not who.
  // Not past the address's first row ("SOUP & PORRIDGE" / "LOT S10NB & S12NB" / "RESTORAN JEJANTAS SG. BULOH": the rest area it is in).
  const addressFirst = top.findIndex((r, i) => i > (header[0] ?? 0) && startsStreet(r));
  const trade = header.find((i) => (addressFirst < 0 || i < addressFirst) && tradeWords(rowText(top[i]!)) > 0 && namingWords(rowText(top[i]!)).length > 0);
  const first = trade !== undefined && tradeWords(rowText(top[header[0]!]!)) === 0 ? trade : names[0];
  if (first === undefined) return undefined;
  // A proprietor's name printed over its registration number under a brand and its address ("BHPetrol
  // Permas Jaya 2" / its address / "Esjay Fuel Enterprise" / "CO. REG. NO: 001011128-T"): the business's
  // name; its address is still the one under the brand.
  const overRegistration = (i: number) => {
    const below = rows[nextRow(rows, i)];
    return below !== undefined && isRegistration(below);
  };
  // Not past the document's own data ("INVOICE", "Bill To:", a date): a customer's name and number there are not the seller's.
  const registered = names.find((i) => i > first && !top.slice(first + 1, i).some(startsBody) && !isRegistration(top[i]!) && overRegistration(i) && labelTokens(rowText(top[i]!)).some((t) => NAME_SUFFIXES.has(t) || BUSINESS_WORDS.has(t)) && namingWords(rowText(top[i]!)).length > 0);
  if (registered !== undefined) return { from: registered, to: registered, score: 0.5, addressFrom: first + 1 };
  // A logo's words printed again below as the start of the full name, which ends at a company's
  // suffix ("EIGHT OUNCE" / "EIGHT OUNCE COFFEE CO. THE GARDENS MALL"): the full name, to its suffix.
  const logo = labelTokens(rowText(top[first]!));
  const full = header.find((i) => i > first && companyEnd(rowText(top[i]!)) > 0 && labelTokens(rowText(top[i]!)).slice(0, logo.length).join(' ') === logo.join(' '));
  if (full !== undefined) return { from: full, to: full, score: 0.5, cutAtSuffix: true };
  // A sole proprietor's name goes on to the row under it where that row is its suffix alone ("TSH POWER HARDWARE" / "TRADING").
  // So does a name whose row ends at an "&" ("MUN HENG ELECTRICAL &" / "HARDWARE SUPPLY").
  const next = top[first + 1];
  const suffixed = next !== undefined && labelTokens(rowText(next)).length > 0 && labelTokens(rowText(next)).every((t) => NAME_SUFFIXES.has(t));
  const goesOn = next !== undefined && endsWithAnd(top[first]!) && readsAsName(next) && !startsBody(next) && !isRegistration(next);
  return { from: first, to: suffixed || goesOn ? first + 1 : first, score: 0.5 };
}

/** Suffixes that end a company's name where it has no legal form: "... COFFEE CO.", "... & COMPANY". */
const COMPANY_SUFFIXES = new Set(['co', 'company']);
/** How many of a row's words run to its company suffix (after a name's first word), 0 where it has none. */
function companyEnd(text: string): number {
  const words = text.split(/\s+/).filter(Boolean);
  const at = words.findIndex((w, i) => i > 0 && COMPANY_SUFFIXES.has(w.toLowerCase().replace(/[^\p{L}]/gu, '')));
  return at + 1;
}

/** The most rows above its legal form's row a name is read over ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD"). */
const NAME_ROWS_JOINED = 2;
/**
 * Whether a name's words, without its legal form and what is in brackets (a branch, "(M)"), leave none
 * or one word of a trade: "CO. (M) SDN BHD", "(SETIA ALAM) SDN BHD", "ENTERPRISE (SETIA ALAM) SDN BHD";
 * not "TRENDYMAX (M) SDN. BHD." under a brand or a stamp.
 */
function namesNothing(text: string): boolean {
  const left = nameWords(text);
  return left.length === 0 || (left.length === 1 && isTradeWord(left[0]!));
}
/** A trade's word, or one read with a look-alike letter wrong where it is long enough to be told apart ("ENTERFRISE"). */
const isTradeWord = (token: string) => BUSINESS_WORDS.has(token) || (token.length >= 6 && BUSINESS_WORDS.has(TRADE_LEXICON.wordFor(token) ?? ''));
/** A name's words without its legal form, the words printed with it ("CO.", "(M)") and what is in brackets (a branch). */
function nameWords(text: string): string[] {
  const bare = shortFormsRead(withLegalForm(withoutRegistration(text))).replace(/\([^)]*\)/g, ' ').replace(/^[^(]*\)/, ' ').replace(/\([^)]*$/, ' ');
  return labelTokens(bare).filter((t) => !LEGAL_FORMS.has(t) && !FORM_PARTS.has(t));
}
/** Those of them that are not a trade's: who the business is ("ABC HO" of "ABC HO TRADING"; none in "BISTRO & CAFE"). */
const namingWords = (text: string) => nameWords(text).filter((t) => !BUSINESS_WORDS.has(t));

/** A name's trade words and legal forms, for putting misread ones right ("HARDUARE", "ENTERFRISE"). */
const TRADE_LEXICON = new Lexicon([...BUSINESS_WORDS, ...LEGAL_FORMS]);
/** What a branch in brackets after a name is called by: a place ("(SETIA ALAM)"), or a trade's word. */
const BRANCH_LEXICON = new Lexicon([...PLACE_WORDS, ...BUSINESS_WORDS, ...LEGAL_FORMS]);
/** Characters a scan reads for a bracket: an opening one, a closing one. */
const OPENING_LOOKALIKES = new Set('ICTJYl1|[{');
const CLOSING_LOOKALIKES = new Set('IJl1|]}');
const heldOrNear = (lexicon: Lexicon, word: string) => lexicon.has(word.toLowerCase()) || lexicon.wordFor(word.toLowerCase()) !== undefined;
/** A word that BRANCH_LEXICON holds or puts right. */
const isBranchWord = (word: string) => heldOrNear(BRANCH_LEXICON, word);

/**
 * A word that is an opening bracket read as a letter and a branch's first word ("ISETIA"), or a
 * trade's word run into them ("ENTERPRISEYCSETIA"): as printed ("(SETIA", "ENTERPRISE (SETIA").
 */
function withOpening(word: string): string | undefined {
  if (!/^\p{L}+$/u.test(word) || isBranchWord(word)) return undefined;
  if (word.length >= 4 && OPENING_LOOKALIKES.has(word[0]!) && isBranchWord(word.slice(1))) return `(${word.slice(1)}`;
  for (let at = 3; at + 4 <= word.length; at++) {
    for (let read = 1; read <= 2; read++) {
      const [first, bracket, rest] = [word.slice(0, at), word.slice(at, at + read), word.slice(at + read)];
      if (rest.length >= 3 && [...bracket].every((c) => OPENING_LOOKALIKES.has(c)) && heldOrNear(TRADE_LEXICON, first) && isBranchWord(rest)) return `${first} (${rest}`;
    }
  }
  return undefined;
}
/** A branch's last word with its closing bracket read as a letter ("ALAMI"): as printed ("ALAM)"). */
function withClosing(word: string): string | undefined {
  if (word.length < 4 || !/^\p{L}+$/u.test(word.slice(0, -1)) || !CLOSING_LOOKALIKES.has(word.at(-1)!) || isBranchWord(word)) return undefined;
  return isBranchWord(word.slice(0, -1)) ? `${word.slice(0, -1)})` : undefined;
}

/**
 * A branch's bracket that a scan read as letters, put back where the name keeps the other one:
 * "ENTERPRISE ISETIA ALAM) SDN BHD" and "ENTERPRISEYCSETIA ALAM)" -> "ENTERPRISE (SETIA ALAM)",
 * "(SETIA ALAMI SDN BHD" -> "(SETIA ALAM) SDN BHD". Only where the bracket's word is one of places or
 * trades: a name's own word that starts with an I keeps it.
 */
function bracketsPutRight(name: string): string {
  const words = name.split(' ');
  const closing = words.findIndex((w) => w.includes(')'));
  const opening = words.findIndex((w) => w.includes('('));
  if (closing >= 0 && (opening < 0 || opening > closing)) {
    // The nearest word before the ")" (or the ")"'s own, "TSETIA)") that is its bracket misread.
    for (let i = closing; i >= 0; i--) {
      const head = i === closing ? words[i]!.slice(0, words[i]!.indexOf(')')) : words[i]!;
      const put = withOpening(head);
      if (put !== undefined) return [...words.slice(0, i), put + words[i]!.slice(head.length), ...words.slice(i + 1)].join(' ');
    }
  } else if (opening >= 0 && !words.slice(opening).some((w) => w.includes(')'))) {
    for (let i = opening; i < words.length; i++) {
      const [lead, word] = i === opening ? [words[i]!.slice(0, words[i]!.indexOf('(') + 1), words[i]!.slice(words[i]!.indexOf('(') + 1)] : ['', words[i]!];
      const put = withClosing(word);
      if (put !== undefined) return [...words.slice(0, i), lead + put, ...words.slice(i + 1)].join(' ');
    }
  }
  return name;
}

/**
 * A company's name with its misread words put right: brackets read as letters (bracketsPutRight), a
 * trade's word or a legal form of five letters or more one misread character off ("HARDUARE",
 * "ENTERFRISE"; shorter ones are too near names: "MING" is not "WING"), and a branch's words in brackets
 * as places or trades ("(SETIA ALAH)" -> "(SETIA ALAM)").
 */
export function nameWordsPutRight(name: string): string {
  return bracketsPutRight(name)
    .replace(SLASHED_FORM, (form) => form.replace(/[R8]$/, 'B'))
    .split(/(\([^()]*\)?)/)
    .map((part) => (part.startsWith('(') ? lexiconWordsPutRight(part, BRANCH_LEXICON) : lexiconWordsPutRight(part, TRADE_LEXICON, 5)))
    .join('');
}

/**
 * A name without the registration number printed after it ("KMF FOODICIOUS SDN BHD (1132106-H)",
 * "MYNEWS RETAIL SB(306295-x) FKA ...", "... S/B 273500-U") or what it is printed under ("OWN BY:").
 */
const withoutRegistration = (text: string) =>
  text
    .replace(/\s*[([][^)\]]*\d{3,}.*$/u, '')
    // A Malaysian company number printed bare after the name ("KING'S CONFECTIONERY S/B 273500-U (KSB)").
    .replace(/\s+\d{4,}-[A-Z]\b.*$/u, '')
    .replace(PRINTED_UNDER, '')
    .trim();
/** What a name is printed under: "OWN BY:", "OWNED BY", "OPERATED BY", a till's "#000002". */
const PRINTED_UNDER = /^\s*(?:(?:owned|own|operated|managed)\s+by\s*:?|#\d+)\s+/iu;

/**
 * A receipt's or invoice's seller, from its header block (the first rows of the first page): the
 * business's name, and the address printed under it up to its phone, tax number or the document's
 * own data.
 */
export function headerCandidates(rows: readonly TextRow[], type: 'company' | 'address'): HeaderCandidate[] {
  const name = nameRows(rows);
  if (type === 'company') {
    if (!name) return [];
    const all = rows.slice(name.from, name.to + 1).filter((r) => !isSpecks(r)).flatMap(withoutTitle);
    // A speck the scan left before the name (". ONE THREE SEAFOOD ...") is not part of it.
    while (all.length > 1 && isSpeck(all[0]!)) all.shift();
    const read = unbracketed(withoutRegistration(all.map((w) => w.text).join(' ')));
    const text = name.cutAtSuffix ? read.split(/\s+/).slice(0, companyEnd(read)).join(' ') : endingAtLegalForm(withLegalForm(read));
    // The words the name kept (what it is printed under and the registration number after it dropped).
    const skip = PRINTED_UNDER.exec(all.map((w) => w.text).join(' '))?.[0].trim().split(/\s+/).length ?? 0;
    const words = all.slice(skip, skip + Math.max(1, text.split(/\s+/).length));
    return text ? [{ text, words, score: name.score }] : [];
  }
  const start = name ? (name.addressFrom ?? name.to + 1) : 0;
  const picked: TextRow[] = [];
  for (let r = start; r < rows.length && r < start + ADDRESS_ROWS + 3 && picked.length < ADDRESS_ROWS; r++) {
    const row = rows[r]!;
    const previous = picked[picked.length - 1];
    if (previous && row.box.y0 - previous.box.y1 > 1.8 * Math.max(row.height, previous.height)) break;
    // Before the address: registration numbers, labelled numbers ("Site: 2395"), a subtitle ("BISTRO & CAFE"), specks.
    // A branch's name in brackets under the business's ("(MUTIARA RINI 16)") is not where its address starts.
    // So are tax numbers ("SST/TAX NO: ..." between a business's registration and its address).
    if (picked.length === 0 && (isRegistration(row) || isTaxNumber(row) || isLabelledNumber(row) || !looksAddress(row) || !readsAsNameOrAddress(row) || isBracketed(row))) continue;
    // A branch's name printed above its address and again in it ("BANDAR BARU RAWANG" / "NO 15 JALAN ..." / "BANDAR BARU RAWANG").
    if (picked.length === 0 && rows.slice(r + 1, r + ADDRESS_ROWS).some((later) => labelTokens(rowText(later)).join(' ') === labelTokens(rowText(row)).join(' '))) continue;
    if (isRegistration(row) || isTaxNumber(row) || startsBody(row) || isContact(row)) break;
    picked.push(row);
    // A state on a row of its own under the postcode's ("47200 SUBANG" / "SELANGOR") ends it too.
    if (endsAddress(row) || (isStateRow(row) && picked.some((p) => /(^|\D)\d{5}(\D|$)/.test(rowText(p))))) break;
  }
  if (!picked.some(looksAddress)) return [];
  const words = withoutAddressLabel(picked.flatMap((r) => r.words));
  // Specks, and a company number printed before the address on its row ("<484297-M> 22 LRG PERUSAHAAN 4").
  while (words.length && (isSpeck(words[0]!) || /^[(<[]?\d{5,}\s*-\s*[A-Z][)>\]]?$/.test(words[0]!.text))) words.shift();
  while (words.length && isSpeck(words[words.length - 1]!)) words.pop();
  return [{ text: words.map((w) => w.text).join(' '), words, score: 0.6 }];
}

/**
 * An address's labels (the vocabulary's: "Address", "Alamat", "Adresse" ...) and "Add", the
 * abbreviation printed before an address ("HQ Add:") but too short to be looked for as a label.
 */
const ADDRESS_LABELS = new Set(['add', ...(FIELD_KINDS.find((k) => k.kind === 'address')?.labels ?? []).flatMap((l) => labelTokens(l))]);

/**
 * The address's words without the label printed before it, up to its colon ("Address:", "HQ ADD:"):
 * whole words dropped, a word run into the value ("ADD:LOT") cut at its colon, its box with it.
 */
function withoutAddressLabel(words: LayoutWord[]): LayoutWord[] {
  const text = words.map((w) => w.text).join(' ');
  const label = /^((?:\p{L}{1,4}\s+)?(\p{L}+))\s*[:.]\s*/u.exec(text);
  if (!label || !ADDRESS_LABELS.has(labelTokens(label[2]!).join(' '))) return words;
  let rest = label[0].length;
  const out = [...words];
  while (out.length && rest >= out[0]!.text.length + 1) rest -= out.shift()!.text.length + 1;
  if (rest > 0 && out.length) {
    const [first] = out as [LayoutWord];
    const cut = first.box.x0 + ((first.box.x1 - first.box.x0) * rest) / first.text.length;
    out[0] = { ...first, text: first.text.slice(rest), box: { ...first.box, x0: Math.round(cut) } };
  }
  return out[0]?.text ? out : out.slice(1);
}

const readsAsNameOrAddress = (row: TextRow) => meanConfidence(row.words) >= 0.4 && (rowText(row).match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3;

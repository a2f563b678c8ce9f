/**
 * Words for matching labels: lower case, accents off, "N°" as "no", split at anything but letters,
 * digits and "#"; "invoiceNumber" and "invoice_number" give the same as "Invoice Number".
 */
export function labelTokens(text: string): string[] {
  // Most printed words are plain letters and digits in one case run: one token, as the steps below would give.
  if (/^[A-Za-z0-9]+$/.test(text) && !/[a-z]{2}[A-Z]/.test(text)) return [text.toLowerCase()];
  return text
    // camelCase parted after two lower-case letters or more ("invoiceNumber", "poNumber"), not after one:
    // "MwSt", "IdNr", "McDonald" are words as printed.
    .replace(/(?<=[a-z])([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\bn\s?[°º]/g, 'no ')
    .replace(/#/g, ' # ')
    .split(/[^\p{L}\p{N}#]+/u)
    .filter(Boolean);
}

/** Common abbreviations of words in labels: "No." for number, "Amt" for amount. */
const ABBREVIATIONS: Record<string, string[]> = {
  number: ['no', 'num', 'nr', 'nbr', '#', 'nos'],
  no: ['number', 'num', 'nr', '#'],
  quantity: ['qty'],
  reference: ['ref'],
  amount: ['amt'],
  telephone: ['tel', 'phone'],
  phone: ['tel', 'telephone', 'ph'],
  address: ['addr'],
  identifier: ['id'],
  account: ['acct', 'acc'],
  invoice: ['inv'],
  receipt: ['rcpt'],
  total: ['ttl'],
  date: ['dt'],
  registration: ['reg'],
};

/** Whether a printed label word matches a wanted word: the same, a known abbreviation, or a cut-off start ("Invoice Num." for number). */
export const tokenMatches = (want: string, got: string): boolean =>
  want === got || (ABBREVIATIONS[want]?.includes(got) ?? false) || (got.length >= 3 && want.length > got.length && want.startsWith(got));

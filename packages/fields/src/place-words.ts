/**
 * The words addresses are written in: streets, buildings and districts in several languages, countries,
 * and the states, towns and townships of Malaysia and Singapore (the receipts this was measured on,
 * ICDAR 2019 SROIE). A misread word of an address (`SETIA ALAN`, `Kuala Lunpur`, `GELANGOR`) is put right
 * where one of these is the only word it can be (placeWordsPutRight). A country's places are added here.
 */

/** Words of addresses (streets, buildings, districts) in several countries. */
export const ADDRESS_WORDS = new Set(['jalan', 'jln', 'lorong', 'taman', 'tmn', 'bandar', 'lot', 'no', 'road', 'rd', 'street', 'st', 'avenue', 'ave', 'lane', 'blvd', 'boulevard', 'drive', 'dr', 'floor', 'fl', 'suite', 'unit', 'block', 'blk', 'level', 'building', 'plaza', 'square', 'strasse', 'str', 'weg', 'platz', 'gasse', 'allee', 'rue', 'bd', 'place', 'chemin', 'calle', 'avda', 'avenida', 'via', 'viale', 'piazza', 'straat', 'laan', 'rua', 'po', 'box', 'highway', 'hwy', 'route', 'autoroute', 'autopista', 'autostrada', 'industrial', 'park', 'kawasan', 'perindustrian', 'seksyen', 'persiaran', 'kampung', 'kg', 'batu', 'ptd']);

/** Countries an address ends with (the end of an address block). */
export const COUNTRIES = new Set(['malaysia', 'singapore', 'indonesia', 'thailand', 'philippines', 'germany', 'deutschland', 'france', 'espana', 'spain', 'italia', 'italy', 'nederland', 'netherlands', 'belgium', 'belgique', 'osterreich', 'austria', 'schweiz', 'suisse', 'switzerland', 'portugal', 'uk', 'usa', 'canada', 'australia']);

/** Malaysia's states, which end an address after its postcode ("47100 Puchong, Selangor"); alone they also name streets ("Jalan Pahang"). */
export const STATES = new Set(['selangor', 'johor', 'penang', 'perak', 'kedah', 'melaka', 'pahang', 'sabah', 'sarawak', 'kelantan', 'terengganu', 'perlis', 'putrajaya', 'labuan']);

/** More words of addresses, for putting misread ones right: buildings, streets and districts in English and Malay (besides ADDRESS_WORDS). */
const BUILDING_WORDS = [
  'lebuh', 'lebuhraya', 'lingkaran', 'baru', 'jaya', 'utama', 'indah', 'setia', 'seri', 'desa', 'bukit', 'sungai', 'kota', 'pusat', 'perniagaan', 'kompleks', 'complex', 'wisma', 'bangunan', 'menara', 'mall', 'centre', 'center', 'shopping', 'city', 'point', 'industri', 'section', 'ground', 'first', 'second', 'third', 'blok', 'tower', 'darul', 'ehsan', 'takzim', 'ridzuan', 'makmur', 'naim', 'khusus', 'wilayah', 'persekutuan', 'federal', 'territory', 'uptown', 'damansara', 'sentral', 'station', 'gardens', 'garden', 'village', 'heights', 'height', 'residence', 'business', 'commercial', 'sultan', 'tunku', 'tengku', 'raja', 'datuk', 'dato', 'haji', 'abdul', 'rahman', 'ismail', 'razak', 'putra', 'syed', 'chulan', 'hall', 'main', 'north', 'south', 'east', 'west', 'port', 'court', 'hill', 'hills', 'lake', 'view', 'hotel', 'office', 'wing', 'annex', 'mezzanine', 'basement', 'lower', 'upper', 'market', 'pasar',
];

/** Malaysia's and Singapore's towns, cities and townships, word by word (besides STATES). */
const TOWN_WORDS = [
  'kuala', 'lumpur', 'petaling', 'subang', 'shah', 'alam', 'klang', 'puchong', 'cheras', 'ampang', 'kepong', 'kajang', 'bangi', 'semenyih', 'sepang', 'serdang', 'kembangan', 'balakong', 'rawang', 'selayang', 'gombak', 'setapak', 'sentul', 'wangsa', 'maju', 'bangsar', 'kiara', 'bintang', 'buloh', 'sunway', 'kelana', 'glenmarie', 'banting', 'dengkil', 'cyberjaya', 'seremban', 'senawang', 'nilai', 'dickson', 'ipoh', 'taiping', 'butterworth', 'georgetown', 'bayan', 'lepas', 'bahru', 'masai', 'skudai', 'permas', 'kulai', 'pasir', 'gudang', 'tebrau', 'pandan', 'austin', 'larkin', 'perling', 'tampoi', 'gelang', 'patah', 'nusajaya', 'iskandar', 'puteri', 'tiram', 'muar', 'pahat', 'kluang', 'segamat', 'malacca', 'kuantan', 'kuching', 'kinabalu', 'sandakan', 'miri', 'sibu', 'bintulu', 'alor', 'setar', 'kangar', 'bharu', 'temerloh', 'mentakab', 'genting', 'highlands', 'cameron', 'langkawi', 'pinang', 'seberang', 'perai', 'nibong', 'tebal', 'jurong', 'tampines', 'woodlands', 'bedok', 'serangoon', 'orchard', 'toa', 'payoh', 'ang', 'kio', 'bishan', 'yishun', 'sembawang', 'punggol', 'sengkang', 'hougang', 'clementi', 'timah', 'batok', 'panjang', 'utara', 'selatan', 'timur', 'barat', 'tengah', 'pelangi', 'molek', 'impian', 'emas', 'harmoni', 'mutiara', 'mewah', 'perdana', 'sierra', 'tasik', 'hitam', 'ulu', 'tinggi', 'lama', 'besar', 'kecil',
];

/** Every word of places this knows: streets, buildings, districts, towns, states and countries, lower case. */
export const PLACE_WORDS: readonly string[] = [...new Set([...ADDRESS_WORDS, ...COUNTRIES, ...STATES, ...BUILDING_WORDS, ...TOWN_WORDS])];

/**
 * Characters OCR reads one for another in receipt print, in groups: a misread word differs from the
 * printed one by one of these within a group (`ALAN` for `ALAM`, `INOAH` for `INDAH`, `SE7IA` for `SETIA`,
 * `HARDUARE` for `HARDWARE`).
 */
const CONFUSABLE = ['mnhw', 'dob0q', 'il1t|!j7', 's59$g', 'ef', 'uov', 'uvw', 'b8r', 'a4', 'z2', 'g6c', 'pf', 'kx'];
const confusable = (a: string, b: string) => CONFUSABLE.some((group) => group.includes(a) && group.includes(b));

/** The shortest misread word taken to have lost a letter. */
const LOST_LETTER_MIN = 6;

/** Words that misread words are put right to (wordFor, wordAround). */
export class Lexicon {
  private readonly words: Set<string>;
  private readonly byLength = new Map<number, string[]>();
  /** `words` in lower case; those of fewer than three letters are left out (too many words are one character from them). */
  constructor(words: Iterable<string>) {
    this.words = new Set([...words].filter((w) => w.length >= 3));
    for (const word of this.words) {
      const same = this.byLength.get(word.length);
      if (same) same.push(word);
      else this.byLength.set(word.length, [word]);
    }
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  /**
   * The one word a misread `word` (lower case) can be: one confusable character off, or, for a word
   * of six letters or more, one letter short (`SEANGOR`: a faint letter lost). A shorter word one
   * letter short of a lexicon word is left as read: names are (`CHUAN` is not `CHULAN`).
   */
  wordFor(word: string): string | undefined {
    const found: string[] = [];
    for (const candidate of this.byLength.get(word.length) ?? []) {
      let differ = -1;
      let off = 0;
      for (let i = 0; i < word.length && off < 2; i++) if (word[i] !== candidate[i]) [differ, off] = [i, off + 1];
      if (off === 1 && confusable(word[differ]!, candidate[differ]!)) found.push(candidate);
    }
    if (word.length >= LOST_LETTER_MIN) {
      for (const candidate of this.byLength.get(word.length + 1) ?? []) {
        let i = 0;
        while (i < word.length && word[i] === candidate[i]) i++;
        if (word.slice(i) === candidate.slice(i + 1)) found.push(candidate);
      }
    }
    return found.length === 1 ? found[0] : undefined;
  }

  /** The one word that has a letter between `before` and `after` (lower case): a letter a scan broke into marks ("JA:_AN"). */
  wordAround(before: string, after: string): string | undefined {
    const found = (this.byLength.get(before.length + after.length + 1) ?? []).filter((w) => w.startsWith(before) && w.endsWith(after));
    return found.length === 1 ? found[0] : undefined;
  }
}

/** `word` written in the case `like` is written in: upper, capitalised or lower. */
function inCaseOf(word: string, like: string): string {
  const letters = like.replace(/[^\p{L}]/gu, '');
  if (letters && letters === letters.toUpperCase()) return word.toUpperCase();
  if (letters && letters[0] === letters[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/**
 * `text`'s words that `lexicon` does not hold but that are one misread character from exactly one of
 * its words (Lexicon.wordFor), or that have a letter broken into an underscore and specks, put right:
 * words of `minLength` (three) or more letters (digits that look like letters among them), printed in
 * capitals or capitalised. A word the lexicon holds, or one two or more of its words are as near to,
 * is left as read.
 */
export function lexiconWordsPutRight(text: string, lexicon: Lexicon, minLength = 3): string {
  // A faint letter read as an underscore and specks, between its word's letters: the one word it can be.
  const mended = text.replace(/(?<![\p{L}\p{N}])(\p{L}+)[:.]?_[:.]?(\p{L}+)(?![\p{L}\p{N}])/gu, (word, before: string, after: string) => {
    if (before.length + after.length + 1 < minLength) return word;
    const right = lexicon.wordAround(before.toLowerCase(), after.toLowerCase());
    return right ? inCaseOf(right, word) : word;
  });
  return mended.replace(/(?<![\p{L}\p{N}])[\p{L}\d$|!][\p{L}\d$|!]{1,}[\p{L}](?![\p{L}\p{N}])/gu, (word) => {
    if (word.length < minLength || (word.match(/\p{L}/gu)?.length ?? 0) < word.length - 1) return word;
    if (word !== word.toUpperCase() && word[0] !== word[0]!.toUpperCase()) return word;
    const lower = word.toLowerCase();
    if (lexicon.has(lower)) return word;
    const right = lexicon.wordFor(lower);
    return right ? inCaseOf(right, word) : word;
  });
}

const PLACES = new Lexicon(PLACE_WORDS);

/**
 * An address's postcode read with a letter for a digit put right (postcodesPutRight), and its words
 * that are not words of addresses but one misread character from exactly one
 * (`SETIA ALAN` -> `SETIA ALAM`, `Kuala Lunpur` -> `Kuala Lumpur`, `SE7IA` -> `SETIA`, `GELANGOR` ->
 * `SELANGOR`, `LUT` -> `LOT`).
 */
export function placeWordsPutRight(text: string): string {
  return lexiconWordsPutRight(postcodesPutRight(text), PLACES);
}

/** Letters a scan reads for digits. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { B: '8', D: '0', O: '0', o: '0', Q: '0', I: '1', l: '1', '|': '1', S: '5', Z: '2', G: '6' };

/** A postcode's five digits read with one of them as its look-alike letter (`B1750`, `4D170`): the digits. */
function postcodesPutRight(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])[\dBDOoQIl|SZG]{5}(?![\p{L}\p{N}])/gu, (code) => {
    const letters = [...code].filter((c) => !/\d/.test(c));
    return letters.length === 1 ? code.replace(letters[0]!, DIGIT_LOOKALIKES[letters[0]!]!) : code;
  });
}

/**
 * The commonest English words, almost all function words: in English prose about half the words of
 * a page are among them; in French, German, Spanish, Dutch or Italian prose under one in ten (the
 * few shared forms: "a", "in", "an", "is", "so").
 */
const COMMON_ENGLISH = new Set(
  (
    'the of and to a in is it you that he was for on are with as i his they be at one have this from or had by ' +
    'not but what all were we when your can said there use an each which she do how their if will up other about ' +
    'out many then them these so some her would make like him into time has look two more write go see number no ' +
    'way could people my than first been call who its now find long down day did get come made may part over also ' +
    'after should any our such because most very only those through where much before must between under'
  ).split(' '),
);

/** Words needed before a page can be called English by its words alone. */
const MIN_WORDS = 40;
/** Share of common English words from which a text is English (English prose: 0.4-0.55). */
const ENGLISH_SHARE = 0.3;

/**
 * Whether a text is plainly English, by its share of common English words: a check that costs
 * microseconds and no memory, so that English pages (most pages of most users) need no language
 * detector at all. False means "not plainly English", not "not English": ask detectLanguage then.
 */
export function looksEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  if (words.length < MIN_WORDS) return false;
  let common = 0;
  for (const word of words) if (COMMON_ENGLISH.has(word)) common += 1;
  return common / words.length >= ENGLISH_SHARE;
}

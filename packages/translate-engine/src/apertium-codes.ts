import { translationLanguageCode } from '@docsvc/schemas';

/**
 * Apertium names a pair's languages by ISO 639-1 or 639-3 codes ('es-pt', 'eng-spa', 'nob-nno'), all of which
 * translationLanguageCode reads, but one: Serbo-Croatian, 'hbs', which is no single language of ISO 639-1. Its
 * analyser reads Croatian, Serbian and Bosnian (Latin script) alike, and its generator writes each of them as a
 * variant of the mode ('eng-hbs_HR', 'eng-hbs_SR', 'eng-hbs_BS'). The service speaks the three languages' codes:
 * 'hbs' as a source stands for hr, sr and bs; as a target, its variant says which (the plain 'eng-hbs' is then
 * none of them and is not offered).
 */
const SERBO_CROATIAN = 'hbs';
const SERBO_CROATIAN_VARIANTS: Readonly<Record<string, string>> = { HR: 'hr', SR: 'sr', BS: 'bs' };

/** The languages a mode's source code stands for (none when the code is unknown). */
export function sourceLanguagesOf(code: string): string[] {
  if (code.toLowerCase() === SERBO_CROATIAN) return Object.values(SERBO_CROATIAN_VARIANTS);
  const language = translationLanguageCode(code);
  return language ? [language] : [];
}

/** The language a mode's target code and variant write, and the variant left over (regional, orthographic). */
export function targetLanguageOf(code: string, variant: string | undefined): { language: string; variant?: string } | undefined {
  if (code.toLowerCase() === SERBO_CROATIAN) {
    const language = variant === undefined ? undefined : SERBO_CROATIAN_VARIANTS[variant];
    return language ? { language } : undefined;
  }
  const language = translationLanguageCode(code);
  return language ? { language, ...(variant ? { variant } : {}) } : undefined;
}

/**
 * Whether two languages are one language to Apertium (Croatian, Serbian and Bosnian: one analyser, one
 * dictionary). No route joins them: it could only go out through another language and back.
 */
export function oneApertiumLanguage(a: string, b: string): boolean {
  const serboCroatian = Object.values(SERBO_CROATIAN_VARIANTS);
  return serboCroatian.includes(a) && serboCroatian.includes(b);
}

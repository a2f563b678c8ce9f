import { detectLanguage, type DetectedLanguage } from '@docsvc/language-id';
import { targetsFrom, translationLanguageCode, type TranslationRoute } from '@docsvc/schemas';

/**
 * Share of a text's words the dictionary of its detected language must know for the text to be translated from
 * it. A sure detection (eld reliable) needs half: names, brands and jargon are unknown in any language, but a text
 * the dictionary mostly lacks is in another language the detector does not know (Esperanto reads as Spanish to
 * eld: "Mi ŝatas legi librojn." is 'es', reliable, and the Spanish dictionary knows 1 of its 4 words) or in a
 * script the pair does not read (Serbian in Cyrillic: the Serbo-Croatian pair reads Latin only).
 */
export const MIN_KNOWN_SHARE = 0.5;
/**
 * An unsure detection (a word or two) is read as the likeliest language that can be translated, and only when
 * that language's dictionary knows nearly all of its words ("Bom dia", "Bon dia"); else the item is refused.
 */
export const MIN_KNOWN_SHARE_UNSURE = 0.8;

/** How an item without a source language will be read. */
export type SourceChoice =
  | { kind: 'read'; language: string; confidence: number; sure: boolean; detected: DetectedLanguage }
  | { kind: 'unsupported'; detected: DetectedLanguage; availableTargets: string[] }
  | { kind: 'undetected'; detected: DetectedLanguage };

/**
 * The language to read `text` as on its way to `target`. Detection runs over every language the detector knows,
 * not only those that can be translated: German must be named German (and refused: no pair translates it), never
 * the closest installed language. A sure answer with no route to the target is refused naming the language and
 * what it can be translated to; a sure answer with a route is read as that language (the engine then checks its
 * dictionary knows the words). An unsure answer is narrowed to the languages that can be translated into the
 * target (and the target itself), and the likeliest of them is read, checked more strictly; with none, refused.
 */
export function chooseSource(text: string, target: string, routes: readonly TranslationRoute[]): SourceChoice {
  const found = detectLanguage(text, []);
  const detected = { ...found, language: translationLanguageCode(found.language) ?? found.language };
  const reachable = (language: string) => language === target || routes.some((route) => route.source === language && route.target === target);
  if (detected.reliable) {
    if (reachable(detected.language)) return { kind: 'read', language: detected.language, confidence: detected.confidence, sure: true, detected };
    return { kind: 'unsupported', detected, availableTargets: targetsFrom(routes, detected.language) };
  }
  const candidates = [...new Set([target, ...routes.filter((route) => route.target === target).map((route) => route.source)])];
  // eld names Norwegian 'no': the candidates ask for it by that name too.
  const asked = candidates.map((code) => (code === 'nb' ? 'no' : code));
  const likeliest = detectLanguage(text, asked);
  const language = translationLanguageCode(likeliest.language);
  if (likeliest.confidence > 0 && language && reachable(language)) return { kind: 'read', language, confidence: likeliest.confidence, sure: false, detected };
  return { kind: 'undetected', detected };
}

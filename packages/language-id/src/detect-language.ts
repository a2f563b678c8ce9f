import { normalizeLanguageCode } from '@docsvc/schemas';
import { eld, type EldResult } from './eld.js';
import { iberianScores } from './galician-markers.js';

export interface DetectedLanguage {
  /** ISO 639-1, one of the candidates (when any was given). */
  language: string;
  /** 0..1: eld's score for the language (for Galician, the share of Galician markers). */
  confidence: number;
  /** False when the text is too short or ambiguous, or its best match overall is not among the candidates. */
  reliable: boolean;
}

/**
 * Detects the language of `text` among `candidates` (ISO-639-1) with eld; never throws: on short/ambiguous text
 * returns the best guess with reliable=false. Galician, which eld lacks, is told from Spanish and Portuguese by
 * its own function words. With no candidates, every language eld knows (and Galician) is a candidate.
 */
export function detectLanguage(text: string, candidates: readonly string[]): DetectedLanguage {
  const wanted = [...new Set(candidates.map((code) => normalizeLanguageCode(code)).filter((code): code is string => !!code))];
  const fallback: DetectedLanguage = { language: wanted[0] ?? 'und', confidence: 0, reliable: false };
  const detector = eld(); // outside the try: a database that does not load is a fault, not unreliable text
  let result: EldResult;
  let scores: Record<string, number>;
  try {
    result = detector.detect(typeof text === 'string' ? text : '');
    scores = result.getScores();
  } catch {
    return fallback;
  }

  let best: DetectedLanguage | undefined;
  for (const [language, score] of Object.entries(scores)) {
    if (wanted.length && !wanted.includes(language)) continue;
    if (!best || score > best.confidence) best = { language, confidence: score, reliable: false };
  }
  if (best) best.reliable = result.language === best.language && result.isReliable();

  const iberian = (code: string | undefined) => code === 'es' || code === 'pt';
  if ((!wanted.length || wanted.includes('gl')) && (!best || iberian(best.language) || iberian(result.language))) {
    const galician = galicianVerdict(typeof text === 'string' ? text : '');
    if (galician) return galician;
  }
  return best ?? fallback;
}

/** Galician when its markers outnumber both Spanish and Portuguese ones; undefined otherwise. */
function galicianVerdict(text: string): DetectedLanguage | undefined {
  const { gl, es, pt } = iberianScores(text);
  const rival = Math.max(es, pt);
  if (gl === 0 || gl <= rival) return undefined;
  return { language: 'gl', confidence: gl / (gl + es + pt), reliable: gl >= 2 && gl >= 2 * rival };
}

/**
 * Every language detectLanguage can name with no candidates given: the 60 of eld's database (ISO 639-1; 'no' is
 * Norwegian, either written standard) and Galician, told by its own words. A language outside this list is never
 * named: its text gets another language's name, or an unreliable guess.
 */
export const DETECTABLE_LANGUAGES: readonly string[] = [
  'am', 'ar', 'az', 'be', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'eu', 'fa', 'fi', 'fr', 'gl', 'gu',
  'he', 'hi', 'hr', 'hu', 'hy', 'is', 'it', 'ja', 'ka', 'kn', 'ko', 'ku', 'lo', 'lt', 'lv', 'ml', 'mr', 'ms', 'nl', 'no',
  'or', 'pa', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sq', 'sr', 'sv', 'ta', 'te', 'th', 'tl', 'tr', 'uk', 'ur', 'vi', 'yo', 'zh',
];

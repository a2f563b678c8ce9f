export { DETECTABLE_LANGUAGES, detectLanguage, type DetectedLanguage } from './detect-language.js';
export { looksEnglish } from './english.js';

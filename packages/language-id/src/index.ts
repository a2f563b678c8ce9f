export { detectLanguage, type DetectedLanguage } from './detect-language.js';

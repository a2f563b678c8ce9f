import { normalizeLanguageCode } from './language-codes.js';
import { ServiceError } from './service-error.js';

/**
 * OCR language models (tesseract's codes, Debian's `tesseract-ocr-<code>` packages) with the ISO 639-1
 * code or BCP 47 tag a user would send for each, and the script each model reads. The script names are
 * those tesseract's orientation and script detection (OSD) reports, so that a page's script can pick
 * its model. Models not listed here still work by their tesseract code; they are listed with no ISO
 * code and no script.
 */
export interface OcrLanguageModel {
  /** tesseract's code, e.g. 'fra', 'chi_sim'. */
  tesseract: string;
  /** ISO 639-1 code, or a BCP 47 tag where one code has several models ('zh-Hant', 'sr-Latn'); null when none. */
  iso: string | null;
  /** English name. */
  name: string;
  /** The script as tesseract's OSD names it ('Latin', 'Cyrillic', 'Han', ...). */
  script: string;
}

// tesseract code, ISO/BCP 47 tag ('-' for none), script, name. Sorted by tesseract code.
const TABLE = `
afr af Latin Afrikaans|amh am Ethiopic Amharic|ara ar Arabic Arabic|asm as Bengali Assamese|aze az Latin Azerbaijani|
aze_cyrl az-Cyrl Cyrillic Azerbaijani (Cyrillic)|bel be Cyrillic Belarusian|ben bn Bengali Bengali|bod bo Tibetan Tibetan|
bos bs Latin Bosnian|bre br Latin Breton|bul bg Cyrillic Bulgarian|cat ca Latin Catalan|ceb - Latin Cebuano|ces cs Latin Czech|
chi_sim zh Han Chinese (Simplified)|chi_tra zh-Hant Han Chinese (Traditional)|chr - Cherokee Cherokee|cos co Latin Corsican|
cym cy Latin Welsh|dan da Latin Danish|deu de Latin German|div dv Thaana Dhivehi|dzo dz Tibetan Dzongkha|ell el Greek Greek|
eng en Latin English|enm - Latin Middle English|epo eo Latin Esperanto|est et Latin Estonian|eus eu Latin Basque|fao fo Latin Faroese|
fas fa Arabic Persian|fil - Latin Filipino|fin fi Latin Finnish|fra fr Latin French|frk - Fraktur German (Fraktur)|
frm - Latin Middle French|fry fy Latin Western Frisian|gla gd Latin Scottish Gaelic|gle ga Latin Irish|glg gl Latin Galician|
grc - Greek Ancient Greek|guj gu Gujarati Gujarati|hat ht Latin Haitian Creole|heb he Hebrew Hebrew|hin hi Devanagari Hindi|
hrv hr Latin Croatian|hun hu Latin Hungarian|hye hy Armenian Armenian|iku iu Canadian_Aboriginal Inuktitut|ind id Latin Indonesian|
isl is Latin Icelandic|ita it Latin Italian|ita_old - Latin Old Italian|jav jv Latin Javanese|jpn ja Japanese Japanese|
kan kn Kannada Kannada|kat ka Georgian Georgian|kat_old - Georgian Old Georgian|kaz kk Cyrillic Kazakh|khm km Khmer Khmer|
kir ky Cyrillic Kyrgyz|kmr ku Latin Kurmanji|kor ko Korean Korean|lao lo Lao Lao|lat la Latin Latin|lav lv Latin Latvian|
lit lt Latin Lithuanian|ltz lb Latin Luxembourgish|mal ml Malayalam Malayalam|mar mr Devanagari Marathi|mkd mk Cyrillic Macedonian|
mlt mt Latin Maltese|mon mn Cyrillic Mongolian|mri mi Latin Maori|msa ms Latin Malay|mya my Myanmar Burmese|nep ne Devanagari Nepali|
nld nl Latin Dutch|nor no Latin Norwegian|oci oc Latin Occitan|ori or Oriya Odia|pan pa Gurmukhi Punjabi|pol pl Latin Polish|
por pt Latin Portuguese|pus ps Arabic Pashto|que qu Latin Quechua|ron ro Latin Romanian|rus ru Cyrillic Russian|san sa Devanagari Sanskrit|
sin si Sinhala Sinhala|slk sk Latin Slovak|slv sl Latin Slovenian|snd sd Arabic Sindhi|spa es Latin Spanish|spa_old - Latin Old Spanish|
sqi sq Latin Albanian|srp sr Cyrillic Serbian|srp_latn sr-Latn Latin Serbian (Latin)|sun su Latin Sundanese|swa sw Latin Swahili|
swe sv Latin Swedish|syr - Syriac Syriac|tam ta Tamil Tamil|tat tt Cyrillic Tatar|tel te Telugu Telugu|tgk tg Cyrillic Tajik|
tha th Thai Thai|tir ti Ethiopic Tigrinya|ton to Latin Tongan|tur tr Latin Turkish|uig ug Arabic Uyghur|ukr uk Cyrillic Ukrainian|
urd ur Arabic Urdu|uzb uz Latin Uzbek|uzb_cyrl uz-Cyrl Cyrillic Uzbek (Cyrillic)|vie vi Latin Vietnamese|yid yi Hebrew Yiddish|
yor yo Latin Yoruba`;

const MODELS: ReadonlyMap<string, OcrLanguageModel> = new Map(
  TABLE.split('|').map((row) => {
    const [tesseract, iso, script, ...name] = row.trim().split(' ') as [string, string, string, ...string[]];
    return [tesseract, { tesseract, iso: iso === '-' ? null : iso, script, name: name.join(' ') }];
  }),
);

/** What is known of a tesseract model; an unknown one gets no ISO code and no script. */
export function ocrLanguageModel(tesseract: string): OcrLanguageModel {
  return MODELS.get(tesseract) ?? { tesseract, iso: null, name: tesseract, script: 'Unknown' };
}

/** The value of `language` that asks the service to choose each page's model from what it reads. */
export const AUTO_LANGUAGE = 'auto';

/** BCP 47 script and region subtags that choose traditional Chinese, and the one that chooses Serbian in Latin letters. */
const TRADITIONAL_CHINESE = /^(hant|tw|hk|mo)$/;

/** The tesseract model a user's code names: a tesseract code itself, an ISO 639 code or a BCP 47 tag. */
function modelFor(code: string, installed: readonly string[]): string | undefined {
  const lower = code.toLowerCase(); // tesseract codes are lower case
  if (installed.includes(lower)) return lower;
  const [primary = '', ...subtags] = lower.split(/[-_]/);
  const iso = normalizeLanguageCode(primary);
  if (!iso) return undefined;
  if (iso === 'zh') return subtags.some((s) => TRADITIONAL_CHINESE.test(s)) ? 'chi_tra' : 'chi_sim';
  if (iso === 'sr' && subtags.includes('latn')) return 'srp_latn';
  if ((iso === 'az' || iso === 'uz') && subtags.includes('cyrl')) return `${iso === 'az' ? 'aze' : 'uzb'}_cyrl`;
  if (iso === 'nb' || iso === 'nn') return 'nor';
  for (const model of MODELS.values()) if (model.iso === iso) return model.tesseract;
  return undefined;
}

/**
 * The `language` of an OCR request as tesseract models: 'auto', or installed models joined by '+'
 * (first one primary, duplicates dropped). Each part may be a tesseract code ('fra', 'chi_sim'), an
 * ISO 639-1/639-2 code ('fr', 'fre') or a BCP 47 tag ('zh-TW', 'sr-Latn'). Anything that names no
 * installed model is a 400 invalid_language_code naming the installed ones.
 */
export function resolveOcrLanguage(language: string, installed: readonly string[]): string {
  const parts = language.split('+').map((part) => part.trim());
  if (parts.length === 1 && parts[0]!.toLowerCase() === AUTO_LANGUAGE) return AUTO_LANGUAGE;
  const models: string[] = [];
  const unknown: string[] = [];
  for (const part of parts) {
    const model = part === '' ? undefined : modelFor(part, installed);
    if (model && installed.includes(model)) {
      if (!models.includes(model)) models.push(model);
    } else {
      unknown.push(part);
    }
  }
  if (unknown.length > 0) {
    const listed = installed.map((code) => {
      const iso = ocrLanguageModel(code).iso;
      return iso ? `${iso} (${code})` : code;
    });
    const shown = unknown.map((code) => JSON.stringify(code)).join(', ');
    throw new ServiceError(
      'invalid_language_code',
      `language: ${shown} ${unknown.length === 1 ? 'is' : 'are'} not an installed OCR language; use "auto", or one or more of these joined by '+': ${listed.join(', ')}`,
      [{ field: 'language', rule: `"auto", or installed languages joined by '+'`, installed: [...installed] }],
    );
  }
  return models.join('+');
}

/** OSD script names that the models' table calls otherwise. */
const SCRIPT_ALIASES: Readonly<Record<string, string>> = { Hiragana: 'Japanese', Katakana: 'Japanese', Hangul: 'Korean' };

/** The model read first for a script that several models share. */
const SCRIPT_DEFAULT: Readonly<Record<string, string>> = {
  Latin: 'eng',
  Cyrillic: 'rus',
  Greek: 'ell',
  Arabic: 'ara',
  Hebrew: 'heb',
  Devanagari: 'hin',
  Han: 'chi_sim',
};

/** Installed models that read `script` (tesseract's OSD name), the usual one first. */
export function modelsForScript(script: string, installed: readonly string[]): string[] {
  const canonical = SCRIPT_ALIASES[script] ?? script;
  const models = installed.filter((code) => ocrLanguageModel(code).script === canonical);
  const preferred = SCRIPT_DEFAULT[canonical];
  return preferred && models.includes(preferred) ? [preferred, ...models.filter((m) => m !== preferred)] : models;
}

/** The tesseract model that reads an ISO 639 code's language, installed or not (e.g. 'et' -> 'est'), if tesseract has one. */
export function ocrModelFor(iso: string): string | undefined {
  return modelFor(iso, []);
}

/** The installed model for an ISO 639-1 code (as a language detector names it), if any. */
export function installedModelFor(iso: string, installed: readonly string[]): string | undefined {
  const model = modelFor(iso, installed);
  return model && installed.includes(model) ? model : undefined;
}

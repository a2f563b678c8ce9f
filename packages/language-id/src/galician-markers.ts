/**
 * eld knows 60 languages, Galician not among them: it calls Galician text Portuguese or Spanish (measured on
 * sentences of 8-12 words: 'pt' three times, 'es' once). Apertium translates Galician, so the detector separates
 * the three with the words that only one of them writes: frequent function words and a few spellings.
 */

const words = (list: string): ReadonlySet<string> => new Set(list.split(' '));

const GALICIAN = words(
  'non unha unhas nun nunha dun dunha coa coas cos polo pola polos polas tamén moi moito moita moitos moitas xa hai ' +
    'cando dende ata aínda máis lle lles che vostede vostedes hoxe onte nin ningunha algunha algúns algunhas iso ' +
    'teño ten fai facer dicir xente xeito traballo despois entón sen miña miñas túa túas súa súas nosa noso ós ó á ás ' +
    'tódolos tódalas cousa cousas xuño xullo xaneiro galego galega dúas mañá grazas bo moza mozo neno nena ' +
    'imos foron coñecer coñezo',
);

const SPANISH = words(
  'el la los las y una unas del al muy hay también ya cuando hasta todavía más le les usted ustedes hoy ayer ' +
    'ni ninguna alguna algunos algunas eso esto tengo tiene hace hacer decir sin mi mis su sus yo lo es después ' +
    'entonces mucho mucha muchos muchas nuestro nuestra ahora',
);

const PORTUGUESE = words(
  'não uma umas um uns com pelo pela pelos pelas também muito muita muitos muitas já há quando até ainda lhe lhes ' +
    'você vocês hoje ontem nem nenhum nenhuma algum alguma alguns algumas isso tenho tem têm faz fazer dizer ' +
    'trabalho depois então sem minha minhas sua suas nossa nosso são estão ele eles essa esse num numa',
);

export interface IberianScores {
  gl: number;
  es: number;
  pt: number;
}

/** Counts of the distinctive words and spellings of Galician, Spanish and Portuguese in `text`. */
export function iberianScores(text: string): IberianScores {
  const scores = { gl: 0, es: 0, pt: 0 };
  const lower = text.toLowerCase();
  for (const word of lower.match(/[\p{L}\p{M}]+/gu) ?? []) {
    if (GALICIAN.has(word)) scores.gl++;
    if (SPANISH.has(word)) scores.es++;
    if (PORTUGUESE.has(word)) scores.pt++;
    // Spellings: ã/õ/ç and 'lh' are Portuguese only; a word-initial x before a vowel is typically Galician (xa, xente, xeito).
    if (/[ãõç]|lh/u.test(word)) scores.pt++;
    if (/^x[aeiouáéíóú]/u.test(word)) scores.gl++;
  }
  return scores;
}

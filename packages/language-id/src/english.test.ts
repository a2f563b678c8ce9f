import { describe, expect, it } from 'vitest';
import { looksEnglish } from './english.js';

const ENGLISH =
  'The committee met on Tuesday to discuss the budget for the coming year. Members agreed that the ' +
  'library should be open longer in the evenings, and that the cost of heating the hall was too high. ' +
  'It was decided to ask the council for a grant, and to hold a public meeting in the spring so that ' +
  'residents could give their views on the plans before any of the work begins.';

const OTHERS: Record<string, string> = {
  fr:
    'Le comité s’est réuni mardi pour discuter du budget de l’année prochaine. Les membres ont convenu que la ' +
    'bibliothèque devrait ouvrir plus tard le soir, et que le coût du chauffage de la salle était trop élevé. ' +
    'Il a été décidé de demander une subvention à la mairie et d’organiser une réunion publique au printemps.',
  de:
    'Der Ausschuss traf sich am Dienstag, um den Haushalt für das kommende Jahr zu besprechen. Die Mitglieder ' +
    'waren sich einig, dass die Bibliothek abends länger geöffnet sein sollte und dass die Heizkosten der Halle ' +
    'zu hoch seien. Es wurde beschlossen, bei der Stadt einen Zuschuss zu beantragen und im Frühjahr eine Versammlung abzuhalten.',
  es:
    'El comité se reunió el martes para hablar del presupuesto del año que viene. Los miembros acordaron que la ' +
    'biblioteca debería abrir más tarde por las noches y que el coste de la calefacción de la sala era demasiado alto. ' +
    'Se decidió pedir una subvención al ayuntamiento y celebrar una reunión pública en primavera.',
  nl:
    'Het comité kwam dinsdag bijeen om de begroting voor het komende jaar te bespreken. De leden waren het erover eens ' +
    'dat de bibliotheek ’s avonds langer open moet zijn en dat de stookkosten van de zaal te hoog zijn. Er werd besloten ' +
    'de gemeente om een subsidie te vragen en in het voorjaar een openbare bijeenkomst te houden.',
  it:
    'Il comitato si è riunito martedì per discutere il bilancio del prossimo anno. I membri hanno convenuto che la ' +
    'biblioteca dovrebbe restare aperta più a lungo la sera e che il costo del riscaldamento della sala era troppo alto. ' +
    'Si è deciso di chiedere un contributo al comune e di tenere un incontro pubblico in primavera.',
};

describe('looksEnglish', () => {
  it('says yes to English prose, even read with many letters wrong', () => {
    expect(looksEnglish(ENGLISH)).toBe(true);
    expect(looksEnglish(ENGLISH.replace(/e/g, 'c').replace(/the/g, 'the'))).toBe(true);
  });

  it.each(Object.entries(OTHERS))('says no to %s prose', (_language, text) => {
    expect(looksEnglish(text)).toBe(false);
  });

  it('says no to a text too short to tell, or to one with no Latin words', () => {
    expect(looksEnglish('The cat sat on the mat.')).toBe(false);
    expect(looksEnglish('Уважаемые жители дома, в понедельник будет отключена горячая вода.'.repeat(8))).toBe(false);
  });
});

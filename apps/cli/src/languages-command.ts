import { ServiceAnswerError, type DocsvcClient } from './client.js';
import { ocrLanguagesTable, translationTable } from './languages-table.js';
import type { Io } from './ocr-command.js';

/**
 * `docsvc languages`: the OCR languages and the translation languages and pairs, as tables, or with
 * --json the service's two answers as they are (`{"ocr": ..., "translation": ...}`). Where one of the two
 * cannot be had (no translation worker yet, say), the other is still printed, the refusal named on
 * standard error, and the exit code is 1; where neither can, the first refusal is thrown.
 */
export async function languagesCommand(client: DocsvcClient, opts: { json: boolean }, io: Pick<Io, 'out' | 'err'>): Promise<number> {
  const [ocr, translation] = await Promise.allSettled([client.ocrLanguages(), client.translationLanguages()]);
  for (const settled of [ocr, translation]) {
    if (settled.status === 'rejected' && !(settled.reason instanceof ServiceAnswerError)) throw settled.reason;
  }
  if (ocr.status === 'rejected' && translation.status === 'rejected') throw ocr.reason;
  const ocrAnswer = ocr.status === 'fulfilled' ? ocr.value : undefined;
  const translationAnswer = translation.status === 'fulfilled' ? translation.value : undefined;
  if (opts.json) {
    io.out(JSON.stringify({ ocr: ocrAnswer ?? null, translation: translationAnswer ?? null }, null, 2));
  } else {
    const sections = [ocrAnswer && ocrLanguagesTable(ocrAnswer), translationAnswer && translationTable(translationAnswer)].filter((s) => s !== undefined);
    io.out(sections.map((lines) => lines.join('\n')).join('\n\n'));
  }
  for (const [what, settled] of [['OCR languages', ocr], ['translation languages', translation]] as const) {
    if (settled.status === 'rejected') {
      const e = settled.reason as ServiceAnswerError;
      io.err(`docsvc: ${what}: ${e.code}: ${e.message}`);
    }
  }
  return ocr.status === 'rejected' || translation.status === 'rejected' ? 1 : 0;
}

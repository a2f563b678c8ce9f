import type { Job } from 'bullmq';
import type { TranslateJob, TranslateResult } from '@docsvc/queue';
import { ServiceError, describeUntranslatable, type UntranslatableItem } from '@docsvc/schemas';
import { translatableWords, type TextCoverage, type TranslationEngine } from '@docsvc/translate-engine';
import { chooseSource, MIN_KNOWN_SHARE, MIN_KNOWN_SHARE_UNSURE, type SourceChoice } from './choose-source.js';

/**
 * Job "translate": one chunk of strings. With a source language every item is translated from it (the caller
 * said so). Without one, each item's language is detected on its own (so a mixed-language array works; see
 * choose-source.ts), and nothing is answered as translated that was not: an item whose language has no route to
 * the target, or whose language could not be told surely enough, fails the chunk, and with it the request, with
 * every such item named in the error's details (the API gathers them across chunks). Items already in the target
 * language, or with no words to translate (numbers, a link), come back unchanged.
 */
export async function translateChunk(job: Job<TranslateJob>, engine: TranslationEngine): Promise<TranslateResult> {
  const { texts, target, source, offset } = job.data;
  const out = [...texts];
  if (source) {
    const indexes = texts.flatMap((text, i) => (text.trim() === '' || source === target ? [] : [i]));
    if (indexes.length) {
      const translated = await engine.translate(indexes.map((i) => texts[i]!), source, target).catch((err: unknown) => {
        throw itemError(err, offset + indexes[0]!);
      });
      indexes.forEach((i, k) => (out[i] = translated[k] ?? ''));
    }
    return { texts: out, languages: texts.map(() => ({ language: source, confidence: 1 })) };
  }

  const routes = engine.routes();
  const choices = texts.map((text) => (translatableWords(text) === 0 ? undefined : chooseSource(text, target, routes)));
  const refused: UntranslatableItem[] = [];
  const refuse = (i: number, choice: SourceChoice, code: UntranslatableItem['code'], extra: Partial<UntranslatableItem> = {}) =>
    refused.push({ item: offset + i, code, detected_language: choice.detected.language, confidence: round(choice.detected.confidence), target, ...extra });

  // Items to check or translate, grouped by the language they are read as.
  const groups = new Map<string, number[]>();
  choices.forEach((choice, i) => {
    if (!choice) return;
    if (choice.kind === 'unsupported') refuse(i, choice, 'unsupported_source_language', { available_targets: choice.availableTargets });
    else if (choice.kind === 'undetected') refuse(i, choice, 'language_not_detected');
    else groups.set(choice.language, [...(groups.get(choice.language) ?? []), i]);
  });

  for (const [language, indexes] of groups) {
    const batch = indexes.map((i) => texts[i]!);
    // Already in the target language: only checked, with that language's dictionary.
    const results: Array<TextCoverage & { text?: string }> = language === target ? await engine.coverage(batch, language) : await engine.translateDetailed(batch, language, target).catch((err: unknown) => {
      throw itemError(err, offset + indexes[0]!);
    });
    results.forEach((result, k) => {
      const i = indexes[k]!;
      const choice = choices[i] as Extract<SourceChoice, { kind: 'read' }>;
      const known = result.words - result.unknownWords;
      const needed = choice.sure ? MIN_KNOWN_SHARE : MIN_KNOWN_SHARE_UNSURE;
      if (result.words > 0 && known / result.words < needed) {
        refuse(i, choice, 'language_not_detected', { checked_language: language, words: result.words, known_words: known });
      } else if (result.text !== undefined) {
        out[i] = result.text;
      }
    });
  }

  if (refused.length) {
    refused.sort((a, b) => a.item - b.item);
    throw new ServiceError(refused[0]!.code, describeUntranslatable(refused, false), refused);
  }
  return {
    texts: out,
    languages: choices.map((choice) => (choice?.kind === 'read' ? { language: choice.language, confidence: round(choice.confidence), reliable: choice.sure } : { language: 'und', confidence: 0, reliable: false })),
  };
}

/** An engine error names the item it came from (the chunk's first of that group). */
function itemError(err: unknown, item: number): unknown {
  if (!(err instanceof ServiceError)) return err;
  return new ServiceError(err.code, `text[${item}]: ${err.message}`, [{ item }, ...err.details], err.retryable);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * chrF (Popović 2015), the character n-gram F-score machine translation is commonly scored with, computed as
 * sacreBLEU computes it by default (chrF2: character n-grams of orders 1 to 6, whitespace removed, recall
 * weighted twice precision, beta = 2): for each order the n-grams of hypothesis and reference are counted as
 * multisets, precision and recall are averaged over the orders both texts have n-grams of, and their F-beta
 * is the score, 0 to 100. A corpus score sums each order's counts over all its sentences first.
 * Character n-grams reward a right stem with a wrong ending, which word-based BLEU does not: the usual
 * choice for morphologically rich languages and for short test sets such as the project's everyday sentences.
 */

export interface ChrfOptions {
  /** Highest character n-gram order (6). */
  order?: number;
  /** Weight of recall against precision (2). */
  beta?: number;
}

/** Per order: n-grams of the hypothesis, of the reference, and in common. */
export type ChrfStatistics = Array<{ hypothesis: number; reference: number; common: number }>;

const DEFAULT_ORDER = 6;
const DEFAULT_BETA = 2;

/** The n-gram counts of one hypothesis against its reference. */
export function chrfStatistics(hypothesis: string, reference: string, order = DEFAULT_ORDER): ChrfStatistics {
  // Code points, not UTF-16 units: an n-gram of 'ŝ' or of an emoji is one character.
  const hyp = [...hypothesis.replace(/\s+/gu, '')];
  const ref = [...reference.replace(/\s+/gu, '')];
  const statistics: ChrfStatistics = [];
  for (let n = 1; n <= order; n++) {
    const hypGrams = ngrams(hyp, n);
    const refGrams = ngrams(ref, n);
    let common = 0;
    for (const [gram, count] of hypGrams) common += Math.min(count, refGrams.get(gram) ?? 0);
    statistics.push({ hypothesis: Math.max(0, hyp.length - n + 1), reference: Math.max(0, ref.length - n + 1), common });
  }
  return statistics;
}

/** The score of counts (one sentence's, or a corpus's summed), 0 to 100. */
export function chrfScore(statistics: ChrfStatistics, beta = DEFAULT_BETA): number {
  let precision = 0;
  let recall = 0;
  let orders = 0;
  for (const { hypothesis, reference, common } of statistics) {
    if (hypothesis === 0 || reference === 0) continue;
    precision += common / hypothesis;
    recall += common / reference;
    orders += 1;
  }
  if (orders === 0) return 0;
  precision /= orders;
  recall /= orders;
  if (precision + recall === 0) return 0;
  const b2 = beta * beta;
  return (100 * ((1 + b2) * precision * recall)) / (b2 * precision + recall);
}

/** chrF of one hypothesis against one reference. */
export function sentenceChrf(hypothesis: string, reference: string, options: ChrfOptions = {}): number {
  return chrfScore(chrfStatistics(hypothesis, reference, options.order), options.beta);
}

/** chrF of a whole test set: each order's counts summed over the sentences, then scored once. */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[], options: ChrfOptions = {}): number {
  if (hypotheses.length !== references.length) throw new RangeError(`chrF: ${hypotheses.length} hypotheses for ${references.length} references`);
  const order = options.order ?? DEFAULT_ORDER;
  const total: ChrfStatistics = Array.from({ length: order }, () => ({ hypothesis: 0, reference: 0, common: 0 }));
  hypotheses.forEach((hypothesis, i) => {
    chrfStatistics(hypothesis, references[i]!, order).forEach((counts, n) => {
      total[n]!.hypothesis += counts.hypothesis;
      total[n]!.reference += counts.reference;
      total[n]!.common += counts.common;
    });
  });
  return chrfScore(total, options.beta);
}

function ngrams(chars: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

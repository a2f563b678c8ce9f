/** The edit distance table of `first` against `other`, flat (rows of other.length + 1): cost[i * (m + 1) + j] turns first's first i characters into other's first j. */
function editCosts(first: string, other: string): Int32Array {
  const n = first.length;
  const m = other.length;
  const w = m + 1;
  const cost = new Int32Array((n + 1) * w);
  for (let j = 0; j <= m; j++) cost[j] = j;
  for (let i = 1; i <= n; i++) {
    const row = i * w;
    cost[row] = i;
    const c = first.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      cost[row + j] = Math.min(cost[row - w + j - 1]! + (c === other.charCodeAt(j - 1) ? 0 : 1), cost[row - w + j]! + 1, cost[row + j - 1]! + 1);
    }
  }
  return cost;
}

/**
 * Where each character of `other` stands against `first` (a minimum edit alignment): `at[i]` is what
 * `other` has in place of first[i] ('' where it lacks it), `before[i]` what it has in addition just
 * before first[i] (before[first.length]: at the end).
 */
function alignTo(first: string, other: string): { at: string[]; before: string[] } {
  const n = first.length;
  const m = other.length;
  const cost = editCosts(first, other);
  const w = m + 1;
  const at: string[] = new Array<string>(n).fill('');
  const before: string[] = new Array<string>(n + 1).fill('');
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[i * w + j] === cost[(i - 1) * w + j - 1]! + (first[i - 1] === other[j - 1] ? 0 : 1)) {
      at[i - 1] = other[j - 1]!;
      i--;
      j--;
    } else if (i > 0 && cost[i * w + j] === cost[(i - 1) * w + j]! + 1) {
      i--;
    } else {
      before[i] = other[j - 1]! + before[i]!;
      j--;
    }
  }
  return { at, before };
}

/**
 * The value with the most weight among `choices` (weights[i] for choices[i]); `choices[0]` where none
 * has more than it. `odd` says which characters are out of place where they stand (see majorityText).
 */
function majority(choices: readonly string[], weights: readonly number[], odd: (c: string) => boolean = () => false): string {
  const votes = new Map<string, number>();
  choices.forEach((c, i) => votes.set(c, (votes.get(c) ?? 0) + weights[i]!));
  let best = choices[0]!;
  // A tie between a letter or digit and none keeps it: a scan loses faint ink more often than it makes letters up.
  // So is one between a space and none: PaddleOCR drops spaces in tight print (`JALANMANIS3` read `JALAN MANIS 3` twice).
  // Not one out of place (a speck, a lower-case letter in an upper-case word, a digit inside a word's letters): a scan makes those up.
  for (const [c, n] of votes) if (n > votes.get(best)! || (n === votes.get(best)! && best === '' && (/^[\p{L}\p{N}]+$/u.test(c) || c === ' ') && !odd(c))) best = c;
  if (best !== '' && votes.get('') === votes.get(best) && odd(best)) return '';
  if (!/^\d$/.test(best)) return best;
  // A tie between two digits goes to the heaviest single reading's: the engine that reads figures best.
  const heaviest = (c: string) => Math.max(...choices.map((x, i) => (x === c ? weights[i]! : 0)));
  for (const [c, n] of votes) if (n === votes.get(best)! && /^\d$/.test(c) && heaviest(c) > heaviest(best)) best = c;
  return best;
}

/**
 * Whether `c`, standing between `before` and `after`, is what a scan makes up rather than print: a
 * speck (neither letter, digit nor space), a lower-case letter after an upper-case one and before no
 * lower-case one (`PETALINGi`, `DAMAiNSARA`), a digit inside a word of letters, three or more on each
 * side (`DAM1ANSARA`; not `SS21`, `OLIVE9`, `U5/N`, `PJU1A`). `before` is the text kept so far (a speck
 * dropped before the digit: `DAM.1ANSARA`).
 */
function outOfPlace(c: string, before: string, after: string): boolean {
  if (c === ' ' || c === '') return false;
  if (!/^[\p{L}\p{N}]+$/u.test(c)) return true;
  const prev = before.at(-1) ?? '';
  const next = after[0] ?? '';
  if (/^\p{Ll}+$/u.test(c) && /\p{Lu}/u.test(prev) && !/\p{Ll}/u.test(next)) return true;
  // Inside a word of letters, three or more on each side: codes keep theirs (`PJU1A`, `SS4C`, `U5/N`).
  if (/^\p{N}+$/u.test(c)) return /\p{L}{3}$/u.test(before) && /^\p{L}{3}/u.test(after);
  return false;
}

/**
 * The text several readings of the same words agree on, character by character: each other reading
 * is aligned to the first, and at each place the character (or the absence of one) most readings
 * have is kept, the first's where none has a majority. Three readings that each misread a different
 * character of a long address ("9/6", "UTARA 4", "SS21" read "$821") give it whole. A reading counts
 * as much as its weight (default 1 each; `weights[0]` is the first's, then one per other); two digits
 * with as much weight each are the heaviest single reading's (PaddleOCR's over two tesseract readings:
 * `43800` over `43600`; SROIE dev address 0.805 -> 0.822, nothing lost; letters so tied are not: company
 * 0.856 -> 0.822 where PaddleOCR won those too).
 */
export function majorityText(first: string, others: readonly string[], weights: readonly number[] = []): string {
  const weightOf = (i: number) => weights[i] ?? 1;
  const othersWeight = others.reduce((sum, _, k) => sum + weightOf(k + 1), 0);
  // One other reading against the first changes nothing unless it counts for more than the first.
  if (others.length === 0 || (others.length < 2 && othersWeight <= weightOf(0))) return first;
  const aligned = others.map((o) => alignTo(first, o));
  const w = [weightOf(0), ...others.map((_, k) => weightOf(k + 1))];
  let out = '';
  for (let i = 0; i <= first.length; i++) {
    // What stands before (as kept so far) and after this place, for telling characters out of place (`DAM.1AiNSARA`, `PETALINGi`).
    out += majority(['', ...aligned.map((a) => a.before[i]!)], w, (c) => outOfPlace(c, out, first.slice(i)));
    if (i < first.length) out += majority([first[i]!, ...aligned.map((a) => a.at[i]!)], w, (c) => outOfPlace(c, out, first.slice(i + 1)));
  }
  return out;
}

/** Levenshtein distance over the longer length: 0 for the same text, 1 for nothing in common. */
export function textDistance(a: string, b: string): number {
  if (a === b) return 0;
  // Two rows of the table are enough for the distance alone.
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const c = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j - 1]! + (c === b.charCodeAt(j - 1) ? 0 : 1), previous[j]! + 1, current[j - 1]! + 1);
    [previous, current] = [current, previous];
  }
  return previous[b.length]! / Math.max(a.length, b.length);
}

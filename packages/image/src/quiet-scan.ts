import { grayHistogram, inkSplit, type InkSplit } from './otsu.js';
import type { GrayImage } from './types.js';

/** Rows sampled for the paper's noise: every this many. */
const NOISE_ROW_STEP = 4;
/** Mean |difference| of two neighbours each with Gaussian noise of deviation s is 2s/sqrt(pi): s = difference / 1.13. */
const DIFFERENCE_PER_SIGMA = 2 / Math.sqrt(Math.PI);
/**
 * The paper is white from this many noise deviations below its level. Generous: the edges of the
 * strokes go light, and small bold capitals stay apart (`CALCAGNO`, not `CALCAGMNO`, at 3).
 */
const PAPER_MARGIN = 5;

/**
 * How noisy a page's paper is: the mean difference, in gray levels, between pixels side by side where
 * both are paper (lighter than halfway from the ink threshold to the paper's level), along every
 * fourth row. A render's paper is one level (0); a scanner's sensor noise of deviation s gives
 * about 1.13 s; a photographed page's shading changes slowly and hardly counts.
 */
export function paperNoise(image: GrayImage, split: InkSplit): number {
  const floor = (split.threshold + split.paper) / 2;
  const { width, height, data } = image;
  let sum = 0;
  let pairs = 0;
  for (let y = 0; y < height; y += NOISE_ROW_STEP) {
    for (let i = y * width, end = i + width - 1; i < end; i++) {
      const a = data[i]!;
      const b = data[i + 1]!;
      if (a > floor && b > floor) {
        sum += a > b ? a - b : b - a;
        pairs++;
      }
    }
  }
  return pairs ? sum / pairs : 0;
}

/** A scan quietened (quietScan), and how noisy its paper was. */
export interface QuietScan {
  /** The page with its ink set black and its paper white; absent where its paper was quieter than asked (left as it was). */
  image?: GrayImage;
  /** paperNoise, in gray levels (0 on a page of one surface). */
  noise: number;
}

/**
 * A noisy scan with its ink set black and its paper white: levels up to the ink's own go to black,
 * from five times the noise's deviation below the paper's level (or the tint's the ink lies on:
 * inkSplit) to white, the levels between spread over the whole range. Tesseract's recognizer reads
 * the page's gray levels, not its binarised copy, and sensor noise on the paper and in the strokes
 * makes it misread short words: eight government tables scanned with noise of deviation 2 gave 0.82
 * of their words to tesseract, 0.97 quietened. Pages whose paper noise (paperNoise) is below
 * `minNoise` are left alone (none when it is 0). Not for every page: receipts, noisy or not, lost
 * fields with their levels moved (faint coloured print, photographs on a dark table), so worker-ocr
 * quietens only where asked (OCR_QUIET_NOISE). `inPlace`: the levels are set in `image` itself.
 */
export function quietScan(image: GrayImage, opts: { minNoise: number; inPlace?: boolean }): QuietScan {
  const split = inkSplit(grayHistogram(image));
  if (!split) return { noise: 0 };
  const noise = paperNoise(image, split);
  if (opts.minNoise <= 0 || noise < opts.minNoise) return { noise };
  const sigma = Math.max(1, noise / DIFFERENCE_PER_SIGMA);
  const black = Math.min(split.threshold - 1, split.ink);
  const white = Math.max(split.threshold + 1, split.paper - PAPER_MARGIN * sigma);
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - black) / (white - black)) * 255)));
  const data = opts.inPlace ? image.data : new Uint8Array(image.data.length);
  const src = image.data;
  for (let i = 0; i < src.length; i++) data[i] = lut[src[i]!]!;
  return { image: { width: image.width, height: image.height, data }, noise };
}

import type { Orientation, Rotation } from '../types.js';

/**
 * `tesseract --psm 0` output:
 *   Page number: 0
 *   Orientation in degrees: 90
 *   Rotate: 270
 *   Orientation confidence: 16.12
 *   Script: Latin
 *   Script confidence: 30.00
 * "Rotate" is the clockwise turn that makes the page upright (tesseract.js's `detect()` calls the
 * same value orientation_degrees). Null when a field is missing.
 */
export function parseOsd(text: string): Omit<Orientation, 'ms'> | null {
  const field = (name: string): string | undefined => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim();
  const rotate = Number(field('Rotate'));
  const confidence = Number(field('Orientation confidence'));
  const script = field('Script');
  const scriptConfidence = Number(field('Script confidence'));
  if (![0, 90, 180, 270].includes(rotate) || !Number.isFinite(confidence) || !script) return null;
  return { rotation: rotate as Rotation, confidence, script, scriptConfidence: Number.isFinite(scriptConfidence) ? scriptConfidence : 0 };
}

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bestLanguagesOf, bestModelPath, readsWithBest } from './best-models.js';
import { parseReadingModes } from './reading-modes.js';

describe('bestModelPath', () => {
  it("unpacks English's best model from its npm package once, and the same folder serves the next caller", () => {
    const folder = bestModelPath()!;
    const model = join(folder, 'eng.traineddata');
    const { size, mtimeMs } = statSync(model);
    // best_int English is about 5 MB unpacked; the fast model Debian ships is 4 MB.
    expect(size).toBeGreaterThan(4_500_000);
    expect(bestModelPath()).toBe(folder);
    expect(statSync(model).mtimeMs).toBe(mtimeMs);
    expect(bestLanguagesOf(folder, ['deu', 'eng'])).toEqual(['eng']);
    expect(bestLanguagesOf(folder, ['deu'])).toEqual([]);
  });

  it('takes a configured folder as it is, none for null, and a folder without models as none', () => {
    const folder = mkdtempSync(join(tmpdir(), 'best-'));
    try {
      expect(bestModelPath(folder)).toBeNull();
      writeFileSync(join(folder, 'fra.traineddata'), 'x');
      expect(bestModelPath(folder)).toBe(folder);
      expect(bestModelPath(null)).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads a set with the best models only where every language of it has one', () => {
    expect(readsWithBest('eng', 'best', ['eng'])).toBe(true);
    expect(readsWithBest('eng+fra', 'best', ['eng'])).toBe(false);
    expect(readsWithBest('eng', 'installed', ['eng'])).toBe(false);
    expect(readsWithBest('eng', undefined, ['eng'])).toBe(false);
  });
});

describe('parseReadingModes', () => {
  it('reads segmentation[:model] lists and names the part that is not a mode', () => {
    expect(parseReadingModes('block, block:best,page:installed')).toEqual([
      { segmentation: 'block', model: 'installed' },
      { segmentation: 'block', model: 'best' },
      { segmentation: 'page', model: 'installed' },
    ]);
    expect(parseReadingModes('')).toEqual([]);
    for (const bad of ['column', 'block:good', 'block:best:x']) expect(String(parseReadingModes(bad))).toContain(`"${bad}" is not a reading mode`);
  });
});

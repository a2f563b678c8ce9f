import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENGINE_CHOICES, ENGINE_NAMES, ENGINE_SETTINGS, ENGINES, createOcrEngine, engineOptionsFrom, type EngineChoice } from './registry.js';

describe('engine registry', () => {
  it('offers auto and each registered engine once as OCR_ENGINE choices', () => {
    expect(ENGINE_CHOICES[0]).toBe('auto');
    expect(ENGINE_CHOICES).toEqual(expect.arrayContaining(['native', 'tesseract.js']));
    expect(ENGINE_CHOICES).toHaveLength(ENGINES.length + 1);
    expect(new Set(ENGINE_NAMES).size).toBe(ENGINES.length);
  });

  it("reads every engine's own settings from the environment, with their defaults, into that engine's options", () => {
    const settings = z.object(ENGINE_SETTINGS).parse({ TESSERACT_BINARY: '/opt/tesseract', OCR_MAX_RSS_MB: '512' });
    expect(engineOptionsFrom(settings)).toEqual({ binary: '/opt/tesseract', memoryLimitMb: 2_048, recycleAfterPages: 200, maxRssBytes: 512 * 1024 * 1024 });
    expect(() => z.object(ENGINE_SETTINGS).parse({ OCR_PAGE_MEMORY_MB: '10' })).toThrow(/at least 64/);
  });

  it('refuses an engine it does not know, naming the ones it does', async () => {
    await expect(createOcrEngine({ engine: 'paddle' as EngineChoice })).rejects.toThrow(/unknown OCR engine "paddle" \(known: native, tesseract\.js/);
  });
});

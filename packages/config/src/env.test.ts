import { describe, expect, it } from 'vitest';
import { ConfigError, envChoice, parseEnv } from './env.js';
import { apiShape, redisShape, s3Shape } from './shapes.js';

describe('parseEnv', () => {
  it('applies defaults and types', () => {
    const cfg = parseEnv({ ...apiShape, ...s3Shape }, { API_KEYS: ' a, b ,,' });
    expect(cfg.PORT).toBe(8080);
    expect(cfg.HOST).toBe('127.0.0.1');
    expect(cfg.API_KEYS).toEqual(['a', 'b']);
    expect(cfg.S3_BUCKET).toBe('docsvc');
    expect(cfg.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('names every bad variable and the value it got', () => {
    let caught: unknown;
    try {
      parseEnv({ ...apiShape, ...redisShape, ...s3Shape }, { PORT: 'eighty', REDIS_URL: 'http://x', S3_FORCE_PATH_STYLE: 'maybe' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/PORT: must be a number \(got "eighty"\)/);
    expect(message).toMatch(/REDIS_URL: must be a URL starting with redis:\/\/ or rediss:\/\/ \(got "http:\/\/x"\)/);
    expect(message).toMatch(/S3_FORCE_PATH_STYLE: must be true or false/);
  });

  it('reports a missing required variable', () => {
    expect(() => parseEnv(redisShape, {})).toThrow(/REDIS_URL/);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv(apiShape, { PORT: '' }).PORT).toBe(8080);
  });

  it('refuses a queue prefix that is not a cluster hash tag', () => {
    expect(() => parseEnv(redisShape, { REDIS_URL: 'redis://h:1', QUEUE_PREFIX: 'docsvc' })).toThrow(/QUEUE_PREFIX: must be a hash tag/);
  });

  it('takes one of a list of choices, its default when unset, and names the choices otherwise', () => {
    const shape = { PDF_RENDERER: envChoice(['auto', 'poppler', 'pdfjs'] as const, 'auto') };
    expect(parseEnv(shape, {}).PDF_RENDERER).toBe('auto');
    expect(parseEnv(shape, { PDF_RENDERER: 'pdfjs' }).PDF_RENDERER).toBe('pdfjs');
    expect(() => parseEnv(shape, { PDF_RENDERER: 'mupdf' })).toThrow(/PDF_RENDERER: must be one of auto, poppler, pdfjs \(got "mupdf"\)/);
  });
});

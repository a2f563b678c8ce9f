import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceError } from '@docsvc/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLines } from '../../../../test/fixtures/render-text.ts';
import { childTesseracts, SLOW, texts } from '../../test/engines.js';
import { createOcrEngine } from '../registry.js';
import { DEFAULT_LANG_PATH } from '../languages.js';

import { NativeEngine, probeNativeTesseract } from './engine.js';
import type { GrayImage } from '@docsvc/image';

let dir: string;
let line: GrayImage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'native-engine-'));
  ({ image: line } = await renderLines(['Native engines read this line'], { width: 1200, height: 200, fontSize: 46, lineHeight: 80 }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in "tesseract" that answers --version like 5.3.0 and does `body` for a page. */
async function fakeTesseract(name: string, body: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "tesseract 5.3.0"; exit 0; fi\ncat > /dev/null\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

describe('the native engine', SLOW, () => {
  it('finds a tesseract 5 binary, and only that', async () => {
    expect(await probeNativeTesseract()).toMatch(/^5\.\d+\.\d+$/);
    expect(await probeNativeTesseract(join(dir, 'missing'))).toBeNull();
    expect(await probeNativeTesseract('/bin/true')).toBeNull();
    await expect(NativeEngine.create({ binary: '/bin/true' })).rejects.toThrow(/not a tesseract 5/);
  });

  it('is what auto chooses where the binary answers; tesseract.js where it does not', async () => {
    const auto = await createOcrEngine();
    const fallback = await createOcrEngine({ binary: join(dir, 'missing') });
    try {
      expect(auto.name).toBe('native');
      expect(fallback.name).toBe('tesseract.js');
      expect(texts(await fallback.recognize(line))).toEqual(['Native', 'engines', 'read', 'this', 'line']);
    } finally {
      await Promise.all([auto.close(), fallback.close()]);
    }
    await expect(createOcrEngine({ engine: 'native', binary: join(dir, 'missing') })).rejects.toThrow(/not a tesseract 5/);
  });

  it('answers 422 naming OCR_PAGE_MEMORY_MB for a page that needs more memory than it may use', async () => {
    const engine = await NativeEngine.create({ memoryLimitMb: 90 });
    const { image } = await renderLines(['a big page'], { width: 6000, height: 6000, fontSize: 60, lineHeight: 80 });
    const err = await engine.recognize(image).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 'invalid_document', retryable: false, details: [{ limit: 'OCR_PAGE_MEMORY_MB', limit_mb: 90 }] });
    expect(childTesseracts()).toEqual([]);
  });

  it('tells a crash, a killed process and a failure of its own apart', async () => {
    const crash = await NativeEngine.create({ binary: await fakeTesseract('crash', 'kill -SEGV $$') });
    await expect(crash.recognize(line)).rejects.toMatchObject({ code: 'invalid_document', retryable: false, message: expect.stringContaining('crashed') });
    const killed = await NativeEngine.create({ binary: await fakeTesseract('killed', 'kill -KILL $$') });
    await expect(killed.recognize(line)).rejects.toMatchObject({ code: 'internal_error', retryable: true });
    const failing = await NativeEngine.create({ binary: await fakeTesseract('failing', 'echo "something odd" >&2; exit 3') });
    await expect(failing.recognize(line)).rejects.toMatchObject({ code: 'internal_error', retryable: true, message: expect.stringContaining('something odd') });
    const cpu = await NativeEngine.create({ binary: await fakeTesseract('spinning', 'while :; do :; done'), cpuLimitSeconds: 1 });
    await expect(cpu.recognize(line)).rejects.toMatchObject({ code: 'invalid_document', message: expect.stringContaining('CPU') });
  });

  it('has no orientation detection without osd.traineddata, and says so', async () => {
    const langs = join(dir, 'tessdata');
    await rm(langs, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(langs));
    await copyFile(join(DEFAULT_LANG_PATH, 'eng.traineddata'), join(langs, 'eng.traineddata'));
    const engine = await NativeEngine.create({ langPath: langs });
    expect(engine.languages).toEqual(['eng']);
    expect(engine.canDetectOrientation).toBe(false);
    expect(await engine.detectOrientation(line)).toBeNull();
    expect(texts(await engine.recognize(line))).toEqual(['Native', 'engines', 'read', 'this', 'line']);
  });
});

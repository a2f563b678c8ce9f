import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageFiles } from './page-files.js';

describe('PageFiles', () => {
  it('hands a small page over as its bytes, a large one as a file named on a line, gone once done, its folder on close', async () => {
    const files = new PageFiles();
    const small = new Uint8Array(1000).fill(7);
    const asBytes = await files.inputFor(small);
    expect(asBytes.stdin).toBe(small);

    const large = new Uint8Array(3 << 20).map((_, i) => i % 251);
    const [a, b] = await Promise.all([files.inputFor(large), files.inputFor(large)]);
    const pathA = new TextDecoder().decode(a!.stdin);
    const pathB = new TextDecoder().decode(b!.stdin);
    expect(pathA.endsWith('\n')).toBe(true);
    expect(pathA).not.toBe(pathB);
    expect(Buffer.compare(readFileSync(pathA.trim()), Buffer.from(large))).toBe(0);
    await a!.done();
    expect(existsSync(pathA.trim())).toBe(false);
    expect(existsSync(pathB.trim())).toBe(true);
    await files.close();
    expect(existsSync(dirname(pathB.trim()))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseOsd } from './osd.js';

describe('parseOsd', () => {
  it('reads the turn that makes the page upright, and the script', () => {
    const out = 'Page number: 0\nOrientation in degrees: 90\nRotate: 270\nOrientation confidence: 16.12\nScript: Latin\nScript confidence: 30.00\n';
    expect(parseOsd(out)).toEqual({ rotation: 270, confidence: 16.12, script: 'Latin', scriptConfidence: 30 });
  });

  it('gives null for output it does not recognise', () => {
    expect(parseOsd('')).toBeNull();
    expect(parseOsd('Rotate: 45\nOrientation confidence: 3\nScript: Latin\n')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { joinWords } from './words-text.js';

describe('joinWords', () => {
  it('joins words by spaces, and Chinese and Japanese characters without', () => {
    expect(joinWords(['Total', 'population'])).toBe('Total population');
    expect(joinWords(['株', '主資', '本'])).toBe('株主資本');
    expect(joinWords(['当期', '純', '利益', '1,269'])).toBe('当期純利益 1,269');
    expect(joinWords(['剰余金の', '配当', '(純額)'])).toBe('剰余金の配当 (純額)');
    expect(joinWords(['总计', '：', '人民币'])).toBe('总计：人民币');
    expect(joinWords([])).toBe('');
  });
});

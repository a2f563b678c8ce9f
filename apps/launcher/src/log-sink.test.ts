import { describe, expect, it } from 'vitest';
import { errorLine } from './log-sink.js';

describe('what npm start shows on the terminal of the logs it keeps in a file', () => {
  it('shows error and fatal lines as their message and cause, nothing of the others', () => {
    expect(errorLine(JSON.stringify({ level: 'error', app: 'worker-ocr', msg: 'page failed', err: { message: 'tesseract died' } }))).toBe('page failed: tesseract died');
    expect(errorLine(JSON.stringify({ level: 60, msg: 'cannot reach Redis' }))).toBe('cannot reach Redis');
    for (const level of ['info', 'warn', 'debug', 30, 40]) expect(errorLine(JSON.stringify({ level, msg: 'request completed' }))).toBeUndefined();
  });

  it('shows a line that is not JSON as it is (a trace printed by hand), and no blank line', () => {
    expect(errorLine('Error: boom')).toBe('Error: boom');
    expect(errorLine('   ')).toBeUndefined();
  });
});

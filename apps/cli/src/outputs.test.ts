import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputClash, planOutputs } from './outputs.js';

const at = (dir: string, ...names: string[]) => names.map((n) => ({ file: path.join(dir, n), relative: n }));

describe('planOutputs', () => {
  it('names outputs after their document, under --out with the same relative path', () => {
    const plan = planOutputs('/out', at('/in', 'a.png', 'letters/b.pdf'), ['text', 'pdf']);
    expect(plan.get('a.png')).toEqual({ text: '/out/a.txt', pdf: '/out/a.pdf' });
    expect(plan.get('letters/b.pdf')).toEqual({ text: '/out/letters/b.txt', pdf: '/out/letters/b.pdf' });
  });

  it('keeps the document’s extension where the short name is a document or another document’s output', () => {
    const plan = planOutputs('/in', at('/in', 'a.png', 'a.jpg', 'b.pdf', 'c.png'), ['text', 'pdf']);
    expect(plan.get('a.png')).toEqual({ text: '/in/a.png.txt', pdf: '/in/a.png.pdf' });
    expect(plan.get('a.jpg')).toEqual({ text: '/in/a.jpg.txt', pdf: '/in/a.jpg.pdf' });
    expect(plan.get('b.pdf')).toEqual({ text: '/in/b.pdf.txt', pdf: '/in/b.pdf.pdf' });
    expect(plan.get('c.png')).toEqual({ text: '/in/c.txt', pdf: '/in/c.pdf' });
  });

  it('refuses, rather than write over a document, when even the long name is one', () => {
    expect(() => planOutputs('/in', at('/in', 'x.pdf', 'x.pdf.pdf'), ['pdf'])).toThrow(OutputClash);
    expect(() => planOutputs('/in', at('/in', 'x.pdf', 'x.pdf.pdf'), ['pdf'])).toThrow('/in/x.pdf: its output /in/x.pdf.pdf would overwrite /in/x.pdf.pdf; choose another --out');
  });
});

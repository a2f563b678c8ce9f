import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OcrPageResult, PackedWord } from '@docsvc/schemas';
import { textLayerPdf } from './pdf-writer.js';

// Checked with tools nobody here wrote (Debian's qpdf and poppler-utils, installed by scripts/install.sh).
const dir = mkdtempSync(path.join(tmpdir(), 'text-layer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Words 50 px tall, 50 px a character, a space of 15 px between them. */
const words = (y: number, texts: string[]): PackedWord[] => {
  let x = 200;
  return texts.map((t) => {
    const word: PackedWord = [t, x, y, x + 50 * t.length, y + 50, 0.9];
    x += 50 * t.length + 15;
    return word;
  });
};
const pages: OcrPageResult[] = [
  {
    page: 1,
    source: 'ocr',
    width: 2550,
    height: 3300,
    engineMs: 1,
    sections: [{ page: 1, lines: [{ box: [300, 300, 2000, 350], words: words(300, ['Invoice', 'number', '42']) }, { box: [300, 500, 2000, 550], words: words(500, ['Total:', '1,234.50']) }] }],
  },
  { page: 2, source: 'ocr', width: 1200, height: 1600, engineMs: 1, sections: [{ page: 2, lines: [{ box: [300, 200, 1200, 250], words: words(200, ['Иван', '王小明']) }] }] },
];

function pdfFile(): string {
  const file = path.join(dir, `layer-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.concat([...textLayerPdf(pages)]));
  return file;
}

describe('textLayerPdf', () => {
  it('passes qpdf --check', () => {
    const out = execFileSync('qpdf', ['--check', pdfFile()], { encoding: 'utf8' });
    expect(out).toMatch(/No syntax or stream encoding errors found/);
  });

  it('gives pdftotext every word in reading order, non-Latin scripts as their own Unicode', () => {
    const text = execFileSync('pdftotext', ['-layout', pdfFile(), '-'], { encoding: 'utf8' });
    const pagesText = text.split('\f');
    expect(pagesText[0]!.split(/\s+/).filter(Boolean)).toEqual(['Invoice', 'number', '42', 'Total:', '1,234.50']);
    expect(pagesText[1]!.split(/\s+/).filter(Boolean)).toEqual(['Иван', '王小明']);
  });

  it('puts each word where the answer’s box is, mapped to points (pdftotext -bbox): across and at its top within a point, its bottom the font’s descent below the baseline', () => {
    const xhtml = execFileSync('pdftotext', ['-bbox', pdfFile(), '-'], { encoding: 'utf8' });
    const found = [...xhtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      text: m[5],
      box: [m[1], m[2], m[3], m[4]].map(Number),
    }));
    const expected = pages.flatMap((p) =>
      p.sections.flatMap((s) => s.lines.flatMap((l) => l.words.map(([text, x0, y0, x1, y1]) => ({ text, box: [x0, y0, x1, y1].map((v) => (v * 72) / 300) })))),
    );
    // Reading order is the text test's business (-bbox lists far-apart words column by column).
    expect(found.map((f) => f.text).sort()).toEqual(expected.map((e) => e.text).sort());
    for (const f of found) {
      const want = expected.find((e) => e.text === f.text)!;
      [0, 1, 2].forEach((k) => expect(Math.abs(f.box[k]! - want.box[k]!), `${f.text} ${k}`).toBeLessThanOrEqual(1));
      // The line's words sit on its baseline (their boxes' bottom here): the glyphs' box reaches a quarter of the ascent below it.
      const height = want.box[3]! - want.box[1]!;
      expect(f.box[3]! - want.box[3]!, f.text).toBeCloseTo(height / 4, 0);
    }
  });
});

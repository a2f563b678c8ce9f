import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Tools nobody here wrote, run on a PDF: Debian's qpdf and poppler-utils (pdftotext, pdfinfo,
 * pdfimages), installed by scripts/install.sh.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'pdf-tools-'));
let n = 0;

/** The bytes in a file of their own (the tools read files). */
export function pdfFile(bytes: Buffer): string {
  const file = path.join(dir, `doc-${++n}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

export const qpdfCheck = (file: string): string => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });

/** pdftotext's text, a string per page. */
export const pdfText = (file: string): string[] => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);

export interface BoxedWord {
  page: number;
  text: string;
  /** Points from the page's top left as displayed: xMin, yMin, xMax, yMax. */
  box: [number, number, number, number];
}

/** Every word pdftotext finds, with its box (-bbox). */
export function pdfWords(file: string): BoxedWord[] {
  const xhtml = execFileSync('pdftotext', ['-q', '-bbox', file, '-'], { encoding: 'utf8' });
  return xhtml.split('<page ').slice(1).flatMap((page, i) =>
    [...page.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({
      page: i + 1,
      text: m[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'"),
      box: [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number],
    })),
  );
}

/** Each page's size in points as pdfinfo gives it ("612 x 792 pts"), and its rotation. */
export function pageSizes(file: string): Array<{ width: number; height: number; rotate: number }> {
  const out = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', file], { encoding: 'utf8' });
  const sizes = [...out.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  const rotations = [...out.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
  return sizes.map((s, i) => ({ ...s, rotate: rotations[i] ?? 0 }));
}

/** pdfimages -list, the table's rows without the object numbers (which a rewrite may change). */
export function imageList(file: string): string[] {
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  return rows.map((r) => {
    const c = r.trim().split(/\s+/);
    return [...c.slice(0, 10), ...c.slice(12)].join(' ');
  });
}

/** The images' own encoded bytes (pdfimages -all: JPEGs as .jpg, the rest decoded as .png). */
export function extractImages(file: string): string[] {
  const prefix = path.join(dir, `img-${++n}`);
  execFileSync('pdfimages', ['-all', file, prefix]);
  return execFileSync('ls', [dir], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.startsWith(path.basename(prefix) + '-'))
    .sort()
    .map((f) => path.join(dir, f));
}

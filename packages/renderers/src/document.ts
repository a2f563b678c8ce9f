import { joinWords, type OcrPageResult, type PackedLine, type PackedSection } from '@docsvc/schemas';

/** What a renderer writes in an output's header besides the pages. */
export interface DocumentInfo {
  /** The source document's file name, e.g. "scan.pdf" (titles, ALTO's fileName). */
  sourceName: string;
  /** The engine, e.g. "tesseract 5.3.0" (hOCR's ocr-system, ALTO's processing step). */
  engine?: string;
}

/**
 * A format written in three parts, so that pages can be read one at a time (a 2,000-page job): the
 * header, each page (`index` 0 for the first page written), the footer. One file per format.
 */
export interface PagedRenderer {
  header(doc: DocumentInfo, pageCount: number): string;
  page(page: OcrPageResult, index: number, doc: DocumentInfo): Iterable<string>;
  footer(): string;
}

/** A section's lines grouped into paragraphs: consecutive lines with the same `par` (all one when the engine gave none). */
export function paragraphsOf(section: PackedSection): PackedLine[][] {
  const out: PackedLine[][] = [];
  let current: PackedLine[] = [];
  let par: number | undefined;
  for (const line of section.lines) {
    if (current.length > 0 && line.par !== par) {
      out.push(current);
      current = [];
    }
    par = line.par;
    current.push(line);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The box around some boxes. */
export function unionOf(boxes: ReadonlyArray<readonly [number, number, number, number]>): [number, number, number, number] {
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

export const lineText = (line: PackedLine): string => joinWords(line.words.map((w) => w[0]));

/** Characters XML cannot carry in text or attributes, escaped; characters XML 1.0 forbids, dropped. */
export function xmlEscape(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export const int = (n: number): number => Math.round(n);

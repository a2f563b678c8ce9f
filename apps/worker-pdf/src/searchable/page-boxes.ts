import type { PdfPageBoxes, Rect } from '@docsvc/renderers';
import { qpdf } from './qpdf.js';

/** qpdf's JSON (version 2) of a PDF: its pages in order, and every object's value (page dictionaries among them). */
interface QpdfJson {
  pages: Array<{ object: string }>;
  qpdf: [unknown, Record<string, { value?: unknown }>];
}

type Dict = Record<string, unknown>;
const isRef = (v: unknown): v is string => typeof v === 'string' && /^\d+ \d+ R$/.test(v);

/**
 * Every page's boxes and turn as a viewer reads them: MediaBox, CropBox and Rotate inherited from the
 * page tree when the page has none, TrimBox and UserUnit the page's own. Read with qpdf (one pass over
 * the file's objects, no stream data).
 */
export async function readPageBoxes(file: string): Promise<PdfPageBoxes[]> {
  const json = JSON.parse(await qpdf(['--json=2', '--json-key=pages', '--json-key=qpdf', file], { maxBuffer: 1024 ** 3 })) as QpdfJson;
  const objects = json.qpdf[1];
  const resolve = (v: unknown, depth = 0): unknown => (isRef(v) && depth < 32 ? resolve(objects[`obj:${v}`]?.value, depth + 1) : v);
  const dictOf = (ref: unknown): Dict | undefined => {
    const v = resolve(ref);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : undefined;
  };
  const rect = (v: unknown): Rect | undefined => {
    const r = resolve(v);
    if (!Array.isArray(r) || r.length !== 4) return undefined;
    const n = r.map((x) => resolve(x));
    return n.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (n as unknown as Rect) : undefined;
  };
  const inherited = (page: Dict, key: string): unknown => {
    let node: Dict | undefined = page;
    for (let depth = 0; node && depth < 64; depth++) {
      if (node[key] !== undefined) return node[key];
      node = dictOf(node['/Parent']);
    }
    return undefined;
  };
  return json.pages.map(({ object }) => {
    const page = dictOf(object) ?? {};
    // A page without a usable MediaBox is shown as US Letter by viewers (and by pdf.js).
    const mediaBox = rect(inherited(page, '/MediaBox')) ?? [0, 0, 612, 792];
    const cropBox = rect(inherited(page, '/CropBox'));
    const trimBox = rect(page['/TrimBox']);
    const rotate = resolve(inherited(page, '/Rotate'));
    const userUnit = resolve(page['/UserUnit']);
    return {
      mediaBox,
      ...(cropBox ? { cropBox } : {}),
      ...(trimBox ? { trimBox } : {}),
      ...(typeof rotate === 'number' ? { rotate } : {}),
      ...(typeof userUnit === 'number' && userUnit > 0 ? { userUnit } : {}),
    };
  });
}

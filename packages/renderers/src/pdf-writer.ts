import type { OcrPageResult } from '@docsvc/schemas';
import { answerToUserSpace, type LayerPlacement } from './pdf-geometry.js';
import { FONT_RESOURCE, glyphLessFontObjects, stream, textLayerContent } from './pdf-text-layer.js';

/** An image as a PDF image XObject takes it: its encoded bytes kept as they are (DCTDecode: a JPEG file; FlateDecode: PNG's IDAT data). */
export interface PdfImage {
  width: number;
  height: number;
  /** A colour space in PDF syntax: "/DeviceGray", "/DeviceRGB", "[/Indexed /DeviceRGB 255 <...>]". */
  colorSpace: string;
  bitsPerComponent: number;
  filter: 'DCTDecode' | 'FlateDecode';
  /** Decode parameters in PDF syntax (PNG's predictors), when the filter needs them. */
  decodeParms?: string;
  data: Buffer;
}

export interface PdfPageSpec {
  /** The MediaBox, [0 0 widthPt heightPt]. */
  widthPt: number;
  heightPt: number;
  /** /Rotate: how the page is shown. */
  rotate?: 0 | 90 | 180 | 270;
  /** Drawn over the whole MediaBox. */
  image?: PdfImage;
  /** The recognised page as invisible text, placed on the page's user space (pdf-geometry.ts). */
  layer?: { page: OcrPageResult; placement: LayerPlacement };
}

const FONT = { type0: 3, cid: 4, descriptor: 5, toUnicode: 6 };
const FIRST_PAGE_ID = 7;
/** Object ids a page takes: the page, its contents, its image. */
const IDS_PER_PAGE = 3;

/**
 * Writes a PDF a page at a time, for pages whose number is known in advance (object ids are
 * allocated by page number, so nothing is held back until the end except an offset per object):
 * `start()`, then `page()` for each page in order, then `end()`. The chunks are to be written in the
 * order they are returned.
 */
export class PdfWriter {
  private readonly offsets: number[] = [];
  private at = 0;
  private written = 0;

  constructor(private readonly pageCount: number) {}

  start(): Buffer {
    const kids = Array.from({ length: this.pageCount }, (_, i) => `${this.pageId(i)} 0 R`).join(' ');
    const parts = [
      this.emit('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
      this.object(1, '<< /Type /Catalog /Pages 2 0 R >>'),
      this.object(2, `<< /Type /Pages /Count ${this.pageCount} /Kids [${kids}] >>`),
      ...glyphLessFontObjects(FONT).map((f) => this.object(f.id, f.body)),
    ];
    return Buffer.concat(parts);
  }

  page(spec: PdfPageSpec): Buffer[] {
    const i = this.written++;
    if (i >= this.pageCount) throw new Error(`PdfWriter: page ${i + 1} of ${this.pageCount}`);
    const id = this.pageId(i);
    const content: string[] = [];
    const resources: string[] = [];
    if (spec.image) {
      content.push(`q ${num(spec.widthPt)} 0 0 ${num(spec.heightPt)} 0 0 cm /Im0 Do Q\n`);
      resources.push(`/XObject << /Im0 ${id + 2} 0 R >>`);
    }
    if (spec.layer) {
      content.push(textLayerContent(spec.layer.page, spec.layer.placement));
      resources.push(`/Font << /${FONT_RESOURCE} ${FONT.type0} 0 R >>`);
    }
    const rotate = spec.rotate ? ` /Rotate ${spec.rotate}` : '';
    const out = [
      this.object(
        id,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(spec.widthPt)} ${num(spec.heightPt)}]${rotate} /Resources << ${resources.join(' ')} >> /Contents ${id + 1} 0 R >>`,
      ),
      this.object(id + 1, stream(content.join(''))),
    ];
    if (spec.image) out.push(this.imageObject(id + 2, spec.image));
    return out;
  }

  end(): Buffer {
    if (this.written !== this.pageCount) throw new Error(`PdfWriter: ${this.written} pages written of ${this.pageCount}`);
    const count = FIRST_PAGE_ID + IDS_PER_PAGE * this.pageCount;
    const xref = this.at;
    const rows = ['xref', `0 ${count}`, '0000000000 65535 f '];
    for (let id = 1; id < count; id++) {
      const offset = this.offsets[id];
      rows.push(offset === undefined ? '0000000000 00000 f ' : `${String(offset).padStart(10, '0')} 00000 n `);
    }
    return this.emit(`${rows.join('\n')}\ntrailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  }

  private pageId(i: number): number {
    return FIRST_PAGE_ID + IDS_PER_PAGE * i;
  }

  private imageObject(id: number, image: PdfImage): Buffer {
    const parms = image.decodeParms ? ` /DecodeParms ${image.decodeParms}` : '';
    const head =
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace ${image.colorSpace} ` +
      `/BitsPerComponent ${image.bitsPerComponent} /Filter /${image.filter}${parms} /Length ${image.data.length} >>\nstream\n`;
    return this.object(id, Buffer.concat([Buffer.from(head, 'latin1'), image.data, Buffer.from('\nendstream', 'latin1')]));
  }

  private emit(text: string | Buffer): Buffer {
    const chunk = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    this.at += chunk.length;
    return chunk;
  }

  private object(id: number, body: string | Buffer): Buffer {
    this.offsets[id] = this.at;
    return this.emit(Buffer.concat([Buffer.from(`${id} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]));
  }
}

const num = (n: number) => (Math.round(n * 1000) / 1000).toString();

/**
 * A PDF holding only the text layers (invisible) of `pages`, each page `sizes[i]` points (default: the
 * page image at 300 DPI), written a page at a time.
 */
export function* textLayerPdf(pages: readonly OcrPageResult[], sizes?: ReadonlyArray<{ widthPt: number; heightPt: number }>): Generator<Buffer> {
  const writer = new PdfWriter(pages.length);
  yield writer.start();
  for (const [i, page] of pages.entries()) {
    const { widthPt, heightPt } = sizes?.[i] ?? { widthPt: (page.width * 72) / 300, heightPt: (page.height * 72) / 300 };
    yield* writer.page({ widthPt, heightPt, layer: { page, placement: answerToUserSpace(page, { mediaBox: [0, 0, widthPt, heightPt] }) } });
  }
  yield writer.end();
}

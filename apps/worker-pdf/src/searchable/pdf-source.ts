import { createWriteStream } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { PdfWriter, answerToUnderlay, underlaySize } from '@docsvc/renderers';
import { pageCount, pageSpans, type OcrPageResult, type PageRange } from '@docsvc/schemas';
import { readPageBoxes } from './page-boxes.js';
import { qpdf } from './qpdf.js';

export interface LayerInput {
  /** The source PDF, on disk. */
  source: string;
  /** Scratch folder for the layer and the output. */
  dir: string;
  pageRange: PageRange;
  /** A page's result (read from the bucket one at a time). */
  readPage(page: number): Promise<OcrPageResult>;
}

/**
 * The searchable PDF of a PDF: the source's pages kept as they are (qpdf copies their objects, images
 * and all, without decoding them), each recognised page given an invisible text layer underneath it
 * (qpdf --underlay). The layer PDF is written to disk a page at a time; pages answered from their own
 * text layer, and pages outside the range, are left untouched. Answers the output file's path.
 */
export async function layeredPdf(input: LayerInput): Promise<{ file: string; layered: number }> {
  const boxes = await readPageBoxes(input.source);
  const [first, last] = input.pageRange;
  const layerFile = path.join(input.dir, 'layer.pdf');
  const out = createWriteStream(layerFile);
  const write = async (chunk: Buffer): Promise<void> => {
    if (!out.write(chunk)) await new Promise<void>((resolve, reject) => out.once('drain', resolve).once('error', reject));
  };
  const writer = new PdfWriter(pageCount(input.pageRange));
  const to: number[] = [];
  const from: number[] = [];
  try {
    await write(writer.start());
    for (let p = first; p <= last; p++) {
      const page = await input.readPage(p);
      const pageBoxes = boxes[p - 1];
      if (!pageBoxes) throw new Error(`page ${p} is not in the PDF (${boxes.length} pages)`);
      const size = underlaySize(pageBoxes);
      if (page.source === 'ocr' && page.sections.length > 0) {
        to.push(p);
        from.push(p - first + 1);
        for (const chunk of writer.page({ ...size, layer: { page, placement: answerToUnderlay(page, pageBoxes) } })) await write(chunk);
      } else {
        for (const chunk of writer.page(size)) await write(chunk);
      }
    }
    await write(writer.end());
  } finally {
    out.end();
    await finished(out);
  }
  const file = path.join(input.dir, 'searchable.pdf');
  if (to.length === 0) {
    await copyFile(input.source, file);
    return { file, layered: 0 };
  }
  // --decode-level=none: no stream of the source is decoded (images keep their bytes); streams without
  // any filter (the layer's form XObjects, which qpdf assembles uncompressed) are Flate-compressed.
  await qpdf([input.source, '--decode-level=none', '--compress-streams=y', '--underlay', layerFile, `--to=${pageSpans(to, ',')}`, `--from=${pageSpans(from, ',')}`, '--', file]);
  return { file, layered: to.length };
}


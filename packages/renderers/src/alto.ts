import type { OcrPageResult } from '@docsvc/schemas';
import { int, unionOf, xmlEscape, type DocumentInfo, type PagedRenderer } from './document.js';

const pos = (b: readonly number[]) => `HPOS="${int(b[0]!)}" VPOS="${int(b[1]!)}" WIDTH="${int(b[2]! - b[0]!)}" HEIGHT="${int(b[3]! - b[1]!)}"`;

/** One page of the ALTO output; `n` 0 for the first page written. */
function* altoPage(page: OcrPageResult, n: number): Generator<string> {
  const p = page.page;
  yield `    <Page ID="page_${p}" PHYSICAL_IMG_NR="${n + 1}" WIDTH="${int(page.width)}" HEIGHT="${int(page.height)}">\n`;
  yield `      <PrintSpace ${pos([0, 0, page.width, page.height])}>\n`;
  let lineNo = 0;
  let word = 0;
  for (const [s, section] of page.sections.entries()) {
    // ALTO 4.2 wants a String in every TextLine and a line in every TextBlock.
    const lines = section.lines.filter((l) => l.words.length > 0);
    if (lines.length === 0) continue;
    yield `        <TextBlock ID="block_${p}_${s + 1}" ${pos(unionOf(lines.map((l) => l.box)))}>\n`;
    for (const line of lines) {
      lineNo += 1;
      yield `          <TextLine ID="line_${p}_${lineNo}" ${pos(line.box)}>\n`;
      for (const [i, [text, x0, y0, x1, y1, confidence]] of line.words.entries()) {
        word += 1;
        if (i > 0) {
          const prev = line.words[i - 1]!;
          yield `            <SP WIDTH="${Math.max(0, int(x0 - prev[3]))}" HPOS="${int(prev[3])}" VPOS="${int(Math.min(y0, prev[2]))}"/>\n`;
        }
        yield `            <String ID="string_${p}_${word}" ${pos([x0, y0, x1, y1])} WC="${Math.round(confidence * 100) / 100}" CONTENT="${xmlEscape(text)}"/>\n`;
      }
      yield '          </TextLine>\n';
    }
    yield '        </TextBlock>\n';
  }
  yield '      </PrintSpace>\n    </Page>\n';
}

function altoHeader(input: DocumentInfo): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/standards/alto/v4/alto-4-2.xsd" SCHEMAVERSION="4.2">
  <Description>
    <MeasurementUnit>pixel</MeasurementUnit>
    <sourceImageInformation>
      <fileName>${xmlEscape(input.sourceName)}</fileName>
    </sourceImageInformation>
    <OCRProcessing ID="OCR_0">
      <ocrProcessingStep>
        <processingSoftware>
          <softwareName>docsvc${input.engine ? ` (${xmlEscape(input.engine)})` : ''}</softwareName>
        </processingSoftware>
      </ocrProcessingStep>
    </OCRProcessing>
  </Description>
  <Layout>
`;
}

/**
 * ALTO 4 XML (application/alto+xml), measured in pixels of each page image (the answer's boxes): a
 * `Page` per page with a `PrintSpace`, a `TextBlock` per section, `TextLine`s, and a `String` per word
 * with `HPOS/VPOS/WIDTH/HEIGHT`, `WC` (confidence 0-1) and `CONTENT`, `SP` between words.
 */
export const altoRenderer: PagedRenderer = { header: altoHeader, page: altoPage, footer: () => '  </Layout>\n</alto>\n' };

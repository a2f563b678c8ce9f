import { readBmpHeader } from './bmp.js';
import { assertPixelLimit, unsupportedMediaType } from './errors.js';
import { openPdf } from './pdfjs.js';
import { inspectSharpImage } from './sharp-image.js';
import { sniffKind } from './sniff-kind.js';
import type { DocumentKind, DocumentLimits } from './types.js';

/**
 * Kind and page count, without rendering or decoding pixels (PDF: from the document; TIFF: its
 * pages; GIF: 1, the first frame; others 1). Image dimensions are checked against
 * limits.maxImagePixels from the headers, so decompression bombs are refused before decoding
 * (for a TIFF the first page here, each other page when imagePageForOcr reads it). Truncated pixel
 * data is found only when decoding.
 */
export async function inspectDocument(
  bytes: Uint8Array,
  limits: DocumentLimits,
): Promise<{ kind: DocumentKind; pageCount: number }> {
  const kind = sniffKind(bytes);
  if (kind === undefined) throw unsupportedMediaType();
  if (kind === 'pdf') {
    const pdf = await openPdf(bytes, { maxImagePixels: limits.maxImagePixels });
    const pageCount = pdf.doc.numPages;
    await pdf.close();
    return { kind, pageCount };
  }
  if (kind === 'bmp') {
    const header = readBmpHeader(bytes);
    assertPixelLimit(header.width, header.height, limits.maxImagePixels);
    return { kind, pageCount: 1 };
  }
  return { kind, pageCount: await inspectSharpImage(bytes, kind, limits.maxImagePixels) };
}

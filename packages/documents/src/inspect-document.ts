import { ServiceError } from '@docsvc/schemas';
import { readBmpHeader } from './bmp.js';
import { assertPixelLimit, knownKind } from './errors.js';
import { openPdf } from './pdfjs.js';
import { inspectSharpImage } from './sharp-image.js';
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
  const kind = knownKind(bytes);
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

/**
 * Kind and page count from the first bytes of a document, when they are enough: the one-page image
 * formats, whose header is at the start (PNG, JPEG, WebP, GIF, BMP). Undefined when the whole
 * document is needed (PDF, TIFF, or a header that does not fit in `head`). The pixel limit is
 * checked as inspectDocument checks it, and a type that is not supported is refused the same way.
 */
export async function inspectDocumentHead(head: Uint8Array, limits: DocumentLimits): Promise<{ kind: DocumentKind; pageCount: number } | undefined> {
  const kind = knownKind(head);
  if (kind === 'pdf' || kind === 'tiff') return undefined;
  if (kind === 'bmp') {
    const header = readBmpHeader(head);
    assertPixelLimit(header.width, header.height, limits.maxImagePixels);
    return { kind, pageCount: 1 };
  }
  let pageCount: number;
  try {
    pageCount = await inspectSharpImage(head, kind, limits.maxImagePixels);
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'image_too_large') throw err;
    return undefined; // the header runs past the bytes given, or is broken: the whole file will tell
  }
  return { kind, pageCount };
}

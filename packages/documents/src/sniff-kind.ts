import type { DocumentKind } from './types.js';

// Readers (pdf.js, Acrobat) accept a PDF header anywhere in the first 1024 bytes.
const PDF_HEADER_WINDOW = 1024;
// BITMAPCOREHEADER, INFOHEADER, V2, V3, OS/2 v2 (64), V4, V5: "BM" alone is too weak a signature.
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, PDF_HEADER_WINDOW + 5);
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('latin1');
  return head.indexOf('%PDF-') !== -1;
}

/** The type from the bytes (magic numbers), never from a name or Content-Type; undefined when not supported. */
export function sniffKind(bytes: Uint8Array): DocumentKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // Classic TIFF (42) and BigTIFF (43), both byte orders.
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 18) {
    const dibSize = Buffer.from(bytes.buffer, bytes.byteOffset, 18).readUInt32LE(14);
    if (BMP_HEADER_SIZES.has(dibSize)) return 'bmp';
  }
  if (hasPdfHeader(bytes)) return 'pdf';
  return undefined;
}

/**
 * Kinds that are one page whatever the file holds (GIF and WebP are read as their first frame): an
 * OCR request for one of them needs no page count, so no preparing job.
 */
export const SINGLE_PAGE_KINDS: readonly DocumentKind[] = ['png', 'jpeg', 'webp', 'gif', 'bmp'];

export const isSinglePageKind = (kind: DocumentKind | undefined): kind is DocumentKind => kind !== undefined && SINGLE_PAGE_KINDS.includes(kind);

/** Bytes enough for sniffKind to tell every kind (a PDF header may sit anywhere in the first 1024 bytes). */
export const SNIFF_BYTES = PDF_HEADER_WINDOW + 5;

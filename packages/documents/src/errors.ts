import { ServiceError } from '@docsvc/schemas';
import { sniffKind } from './sniff-kind.js';
import type { DocumentKind } from './types.js';

const SUPPORTED = 'PDF, PNG, JPEG, WebP, TIFF, BMP or GIF';

export function unsupportedMediaType(): ServiceError {
  return new ServiceError(
    'unsupported_media_type',
    `the file is not a supported document type; send a ${SUPPORTED} file`,
  );
}

export function invalidDocument(kind: DocumentKind, detail: string): ServiceError {
  const reason = detail.trim().replace(/\.+$/, '');
  const name = kind === 'jpeg' ? 'JPEG' : kind.toUpperCase();
  return new ServiceError(
    'invalid_document',
    `the ${name} file cannot be read (${reason}); it may be truncated or corrupt: check the file opens in a viewer and send it again`,
    [{ kind, reason }],
  );
}

/** A document of 0 bytes: an upload or a download that carried nothing, told apart from a file of an unknown type. */
export function emptyFile(): ServiceError {
  return new ServiceError('invalid_document', 'the file is empty (0 bytes): there is nothing to read; check that the upload or the URL gives the document itself', [
    { reason: 'empty file' },
  ]);
}

/** The kind of a document from its first bytes, or the error that says why it has none (empty, or not a supported type). */
export function knownKind(bytes: Uint8Array): DocumentKind {
  if (bytes.length === 0) throw emptyFile();
  const kind = sniffKind(bytes);
  if (kind === undefined) throw unsupportedMediaType();
  return kind;
}

export function emptyPdf(): ServiceError {
  return new ServiceError('invalid_document', 'the PDF has no pages; send a PDF with at least one page', [
    { kind: 'pdf', reason: 'no pages' },
  ]);
}

export function imageTooLarge(width: number, height: number, maxPixels: number): ServiceError {
  return new ServiceError(
    'image_too_large',
    `the image is ${width}x${height} pixels (${width * height}), over the limit of ${maxPixels} pixels; scale it down and send it again`,
    [{ width, height, pixels: width * height, max_pixels: maxPixels }],
  );
}

export function encryptedDocument(): ServiceError {
  return new ServiceError(
    'encrypted_document',
    'the PDF is password-protected; remove the password and send it again',
  );
}

/** Throws image_too_large before anything is decoded when the dimensions are over the limit. */
export function assertPixelLimit(width: number, height: number, maxPixels: number): void {
  if (width * height > maxPixels) throw imageTooLarge(width, height, maxPixels);
}

import sharp from 'sharp';
import { statedDpi } from './image-page.js';
import { readMetadata } from './sharp-image.js';
import { sniffKind } from './sniff-kind.js';
import type { DocumentKind } from './types.js';
import type { RawImage } from '@docsvc/image';

/** What a page of an image file says about itself, for putting it on a PDF page as it is. */
export interface ImageFacts {
  kind: DocumentKind;
  /** The stored pixels' size (before EXIF orientation). */
  width: number;
  height: number;
  /** EXIF orientation (1-8), when the file has one. */
  orientation?: number;
  /** The resolution the file states, dots per inch, when it states one. */
  dpi?: number;
}

/** An image page's header facts (nothing decoded); undefined for what sharp does not read (BMP). */
export async function readImageFacts(bytes: Uint8Array, pageIndex: number): Promise<ImageFacts | undefined> {
  const kind = sniffKind(bytes);
  if (!kind || kind === 'pdf' || kind === 'bmp') return undefined;
  const meta = await readMetadata(bytes, kind, pageIndex);
  if (!meta.width || !meta.height) return undefined;
  const dpi = statedDpi(kind, meta);
  return {
    kind,
    width: meta.width,
    height: meta.height,
    ...(meta.orientation ? { orientation: meta.orientation } : {}),
    ...(dpi ? { dpi } : {}),
  };
}

/** Pixels as a PNG (lossless), for a page whose file cannot go into a PDF as it is. */
export async function encodePng(image: RawImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } }).png({ compressionLevel: 6 }).toBuffer();
}

/** The document types the service reads, decided from the bytes. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'webp' | 'tiff' | 'bmp' | 'gif';

/** The image kinds, i.e. everything but PDF. */
export type ImageKind = Exclude<DocumentKind, 'pdf'>;

/** 8-bit grayscale pixels, row-major, data.length === width * height. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** 8-bit pixels, row-major: gray (1 channel) or RGB (3 channels, interleaved). */
export interface RawImage {
  width: number;
  height: number;
  channels: 1 | 3;
  data: Uint8Array;
}

export interface DocumentLimits {
  /** Images whose decoded size exceeds this many pixels are refused: ServiceError('image_too_large') (413). */
  maxImagePixels: number;
  /** A PDF page is rendered at a lower DPI so that its raster fits this many pixels (never refused for size). */
  maxRenderPixels: number;
}

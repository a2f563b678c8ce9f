/** The document types the service reads, decided from the bytes. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'webp' | 'tiff' | 'bmp' | 'gif';

/** The image kinds, i.e. everything but PDF. */
export type ImageKind = Exclude<DocumentKind, 'pdf'>;

export interface DocumentLimits {
  /** Images whose decoded size exceeds this many pixels are refused: ServiceError('image_too_large') (413). */
  maxImagePixels: number;
  /** A PDF page is rendered at a lower DPI so that its raster fits this many pixels (never refused for size). */
  maxRenderPixels: number;
}

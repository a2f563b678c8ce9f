// The image half of this package, without pdf.js (which costs a process about 18 MB to load):
// what worker-ocr needs to read image documents and page rasters.
export type { DocumentKind, DocumentLimits } from './types.js';
export { sniffKind } from './sniff-kind.js';
export { imagePageForOcr, decodeImagePixels, type ImagePageForOcr } from './image-page.js';
export { encodePgm, decodePgm, readPnmHeader, type PnmHeader } from './pgm.js';

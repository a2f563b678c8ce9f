export type { DocumentKind, DocumentLimits, GrayImage, RawImage } from './types.js';
export { sniffKind } from './sniff-kind.js';
export { inspectDocument, inspectDocumentHead } from './inspect-document.js';
export { largestImageOf, rasterizePdfPage, readPdfPageForOcr, type RasterizedPdfPage, type PdfPageForOcr } from './rasterize-pdf.js';
export type { LargestImage } from './text-layer.js';
export type { TextLayerBlock, TextLayerLine, TextLayerWord, TextLayerRefusal, TextBox } from './text-layer.js';
export { encodePgm, decodePgm } from './pgm.js';
export { imagePageForOcr, decodeImagePixels, type ImagePageForOcr } from './image-page.js';
export { readImageFacts, encodePng, type ImageFacts } from './image-facts.js';

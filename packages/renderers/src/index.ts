export type { RenderInput } from './document.js';
export { renderText, pageText } from './text.js';
export { renderHocr, hocrBaseline } from './hocr.js';
export { renderAlto } from './alto.js';
export { OUTPUT_FORMATS, renderOutput, type OutputFormat, type PagedFormat, type RenderedFormat } from './formats.js';
export { textLayerContent, glyphLessFontObjects } from './pdf-text-layer.js';
export { PdfWriter, textLayerPdf, type PdfImage, type PdfPageSpec } from './pdf-writer.js';
export { answerToUnderlay, answerToUserSpace, underlaySize, visibleBox, quarterTurn, type LayerPlacement, type Matrix, type PdfPageBoxes, type Rect } from './pdf-geometry.js';
export { jpegImage, pngImage } from './pdf-image.js';

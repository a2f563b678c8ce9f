export type { DocumentInfo, PagedRenderer } from './document.js';
export { pageText } from './text.js';
export { hocrBaseline } from './hocr.js';
export { FORMATS, FORMAT_NAMES, isRenderedFormat, isTablesFormat, render, type FormatName, type FormatSpec, type RenderedFormatName } from './formats.js';
export { plainNumber, tableRows, type PageTable, type TablesRenderer } from './tables.js';
export { textLayerContent, glyphLessFontObjects } from './pdf-text-layer.js';
export { PdfWriter, textLayerPdf, type PdfImage, type PdfPageSpec } from './pdf-writer.js';
export { answerToUnderlay, answerToUserSpace, underlaySize, visibleBox, quarterTurn, type LayerPlacement, type Matrix, type PdfPageBoxes, type Rect } from './pdf-geometry.js';
export { jpegImage, pngImage } from './pdf-image.js';

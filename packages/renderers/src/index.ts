export type { RenderInput } from './document.js';
export { renderText, pageText } from './text.js';
export { renderHocr, hocrBaseline } from './hocr.js';
export { renderAlto } from './alto.js';
export { OUTPUT_FORMATS, renderOutput, type OutputFormat, type PagedFormat, type RenderedFormat } from './formats.js';
export { textLayerPdf, textLayerContent, glyphLessFontObjects } from './pdf-text-layer.js';

export { buildSearchablePdf, prepareDocument, readDocumentPage, type OcrQueues, type RunStep, type PageOptions } from './steps.js';
export { resolvePageRange, PAGED_KINDS } from './page-range.js';

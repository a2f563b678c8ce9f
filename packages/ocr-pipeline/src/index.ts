export { buildSearchablePdf, prepareDocument, readDocumentPage, type OcrQueues, type RunStep, type PageOptions } from './steps.js';
export { StepRunner, type StepMode } from './step-runner.js';
export { PageFailure, readDocument, type DocumentRequest, type ReadStrategy } from './read-document.js';
export { PageResults } from './page-results.js';

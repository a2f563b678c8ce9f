// What a document is from its first bytes, without loading any decoder: for the API, which reads
// only those bytes of an upload to know whether a document needs preparing (page count) at all.
export type { DocumentKind } from './types.js';
export { sniffKind, SINGLE_PAGE_KINDS, SNIFF_BYTES, isSinglePageKind } from './sniff-kind.js';
export { emptyFile, knownKind } from './errors.js';

export { boundsFromBox, unionBox, intersectionOverUnion, type Box } from './bounds.js';
export type { RecognizedPage, RecognizedBlock, RecognizedLine, RecognizedWord, GrayPixels } from './recognized.js';
export { tightenToInk } from './ink-box.js';
export { assembleSections, type AssembleOptions, type LaidOutLine } from './sections.js';
export { describeDocument, categorize, keyTerms, type DescribeInput, type DocumentCategory } from './describe.js';
export { extractFields, labelTokens } from './fields.js';
export { ocrUsage, textTokens, imageTokens, CHARS_PER_TOKEN, MS_PER_INFERENCE_TOKEN } from './usage.js';
export { packSections, unpackSections } from './packed.js';
export { answerJsonChunks, buildOcrAnswer, pageEntries, promptFields, isoLanguage, type PageResult } from './ocr-answer.js';

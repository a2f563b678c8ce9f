export { findFields, readingWeight, type FieldPage, type FoundField } from './find-fields.js';
export { FIELD_KINDS, type FieldKind } from './vocabulary.js';
export { readAmounts, readDates, parseNumber } from './values.js';

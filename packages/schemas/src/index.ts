export * from './common.js';
export * from './error-codes.js';
export * from './service-error.js';
export * from './language-codes.js';
export * from './translate.js';
export * from './ocr.js';
export * from './ocr-languages.js';
export * from './store.js';

export type { Box, GrayImage, RawImage } from './types.js';
export { grayHistogram, otsu, type OtsuSplit } from './otsu.js';

export type { Box, GrayImage, RawImage } from './types.js';
export { grayHistogram, inkSplit, inkThreshold, otsu, type InkSplit, type OtsuSplit } from './otsu.js';
export { paperNoise, quietScan, type QuietScan } from './quiet-scan.js';

/** A rectangle in full-image pixels: (x0, y0) top-left, inclusive; (x1, y1) bottom-right, exclusive. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** 8-bit grayscale pixels, row-major, one byte per pixel (data.length === width * height). */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** 8-bit pixels, row-major: gray (1 channel) or RGB (3 channels, interleaved). */
export interface RawImage {
  width: number;
  height: number;
  channels: 1 | 3;
  data: Uint8Array;
}

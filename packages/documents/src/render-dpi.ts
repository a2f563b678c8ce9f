/** Raster size of a page at `dpi`, sized with Math.round as pdf.js's canvas is. */
export function rasterSize(widthPt: number, heightPt: number, dpi: number): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round((widthPt * dpi) / 72)),
    height: Math.max(1, Math.round((heightPt * dpi) / 72)),
  };
}

/**
 * The longest side, in pixels, of a page image the service reads: tesseract reads nothing wider or
 * taller (MAX_INT16: "Image too large", the native CLI and tesseract.js alike). PDF pages are
 * rendered at a DPI that fits it (fitDpi), larger images scaled down to it (imagePageForOcr).
 */
export const MAX_PAGE_SIDE = 32_767;

const fitsAt = (widthPt: number, heightPt: number, dpi: number, maxPixels: number): boolean => {
  const { width, height } = rasterSize(widthPt, heightPt, dpi);
  return width * height <= maxPixels && Math.max(width, height) <= MAX_PAGE_SIDE;
};

/**
 * `dpi` when the page's raster fits `maxPixels` and MAX_PAGE_SIDE, else the highest lower whole DPI
 * that fits (a fraction only when not even 1 DPI fits, e.g. a page of several hundred inches).
 */
export function fitDpi(widthPt: number, heightPt: number, dpi: number, maxPixels: number): number {
  if (fitsAt(widthPt, heightPt, dpi, maxPixels)) return dpi;
  // The exact answer ignores rounding, so start just above it and walk down.
  const estimate = Math.min(72 * Math.sqrt(maxPixels / (widthPt * heightPt)), (72 * MAX_PAGE_SIDE) / Math.max(widthPt, heightPt));
  for (let d = Math.min(Math.ceil(dpi) - 1, Math.floor(estimate) + 1); d >= 1; d--) {
    if (fitsAt(widthPt, heightPt, d, maxPixels)) return d;
  }
  let d = Math.min(estimate, 1);
  while (d > 1e-6 && !fitsAt(widthPt, heightPt, d, maxPixels)) d *= 0.99;
  return d;
}

/** A page counts as a scan when one image covers at least this share of it. */
export const SCAN_COVERAGE = 0.5;
/** Scans are never rendered below this DPI: small print in a 150-DPI scan lost words at its own resolution (bench/pdf-scan-dpi). */
export const SCAN_DPI_FLOOR = 200;
/** Nor above this: tesseract reads no more words from a finer scan, only slower (bench/pdf-scan-dpi). */
export const SCAN_DPI_CEILING = 400;

/**
 * The DPI to render a page for OCR at. A scanned page (one image over most of it, its resolution
 * known) is rendered at its image's own resolution, as a user runs `pdftoppm -r` at the scan's
 * resolution: rendered lower, a bilevel scan's strokes are resampled into gray and tesseract cuts its
 * lines into fragments (a 300-DPI French letter at 250 DPI), and it reads them no faster; rendered
 * higher, the raster only interpolates. Bounded by [SCAN_DPI_FLOOR, SCAN_DPI_CEILING]. Any other page
 * at `wanted` (PDF_DPI).
 */
export function ocrRenderDpi(wanted: number, image: { coverage: number; dpi?: number }): number {
  if (image.coverage < SCAN_COVERAGE || !image.dpi || !Number.isFinite(image.dpi)) return wanted;
  return Math.min(SCAN_DPI_CEILING, Math.max(SCAN_DPI_FLOOR, Math.round(image.dpi)));
}

import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIDE, SCAN_DPI_CEILING, SCAN_DPI_FLOOR, fitDpi, ocrRenderDpi, rasterSize } from './render-dpi.js';

describe('fitDpi', () => {
  it('keeps the DPI asked for when the raster fits', () => {
    expect(fitDpi(612, 792, 300, 2550 * 3300)).toBe(300);
  });

  it('picks the highest lower whole DPI that fits', () => {
    const dpi = fitDpi(612, 792, 300, 2_000_000);
    const { width, height } = rasterSize(612, 792, dpi);
    expect(width * height).toBeLessThanOrEqual(2_000_000);
    const above = rasterSize(612, 792, dpi + 1);
    expect(above.width * above.height).toBeGreaterThan(2_000_000);
    expect(fitDpi(14400, 14400, 300, 9_000_000)).toBe(15);
  });

  it('keeps both sides within what the engine reads, however few pixels the page has (a 200-inch strip)', () => {
    // 3 x 200 inches at 300 DPI is 900 x 60,000: 54 million pixels fit the limit, the height does not.
    const dpi = fitDpi(216, 14400, 300, 100_000_000);
    expect(rasterSize(216, 14400, dpi).height).toBeLessThanOrEqual(MAX_PAGE_SIDE);
    expect(rasterSize(216, 14400, dpi + 1).height).toBeGreaterThan(MAX_PAGE_SIDE);
    expect(fitDpi(14400, 216, 300, 100_000_000)).toBe(dpi);
  });

  it('goes below 1 DPI only for absurd pages, and never to an empty raster', () => {
    const dpi = fitDpi(14400 * 100, 14400, 300, 10_000);
    expect(dpi).toBeLessThan(1);
    const { width, height } = rasterSize(14400 * 100, 14400, dpi);
    expect(width * height).toBeLessThanOrEqual(10_000);
    expect(height).toBeGreaterThanOrEqual(1);
  });
});

describe('ocrRenderDpi', () => {
  it('renders a scan at its own resolution whatever PDF_DPI asks, as pdftoppm -r <its resolution> would', () => {
    expect(ocrRenderDpi(250, { coverage: 1, dpi: 300 })).toBe(300);
    expect(ocrRenderDpi(250, { coverage: 1, dpi: 200 })).toBe(200);
    expect(ocrRenderDpi(250, { coverage: 0.9, dpi: 299.6 })).toBe(300);
    expect(ocrRenderDpi(150, { coverage: 1, dpi: 400 })).toBe(400);
  });

  it('never below the floor (small print at 150 DPI loses words) nor above the ceiling (finer scans read no better, only slower)', () => {
    expect(ocrRenderDpi(250, { coverage: 1, dpi: 96 })).toBe(SCAN_DPI_FLOOR);
    expect(ocrRenderDpi(250, { coverage: 1, dpi: 600 })).toBe(SCAN_DPI_CEILING);
    expect(ocrRenderDpi(250, { coverage: 1, dpi: 1200 })).toBe(SCAN_DPI_CEILING);
  });

  it('keeps the DPI asked for on pages that are not one image, or whose image size is unknown', () => {
    expect(ocrRenderDpi(250, { coverage: 0.3, dpi: 200 })).toBe(250);
    expect(ocrRenderDpi(250, { coverage: 0 })).toBe(250);
    expect(ocrRenderDpi(250, { coverage: 1 })).toBe(250);
  });
});

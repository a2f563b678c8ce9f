import { rgbaToGray } from '../../gray.js';
import { loadPdfJs, mapPdfError } from '../../pdfjs.js';
import { rasterSize } from '../../render-dpi.js';
import { defineRenderer, type PageRenderer, type RenderRequest, type RenderedRaster } from '../types.js';

/**
 * pdf.js drawing into @napi-rs/canvas, in the calling thread: always there (an npm dependency).
 * Images over limits.maxImagePixels are left out of the page, never decoded (openPdf's maxImageSize).
 */
async function render({ pdf, pageNumber, widthPt, heightPt, dpi }: RenderRequest): Promise<RenderedRaster> {
  const { doc, canvasFactory } = pdf;
  try {
    const page = await doc.getPage(pageNumber);
    try {
      const viewport = page.getViewport({ scale: dpi / 72 });
      const { width, height } = rasterSize(widthPt, heightPt, dpi);
      const target = canvasFactory.create(width, height);
      try {
        await page.render({ canvas: target.canvas, viewport, background: 'rgb(255,255,255)' }).promise;
        // Straight (not premultiplied) RGBA; the page background is opaque white.
        const rgba = target.context.getImageData(0, 0, width, height).data;
        return { image: { width, height, data: rgbaToGray(rgba, width, height) }, renderer: 'pdfjs' };
      } finally {
        canvasFactory.destroy(target);
      }
    } finally {
      page.cleanup(); // frees the page's decoded images and operator lists: memory grows otherwise
    }
  } catch (err) {
    throw mapPdfError(err);
  }
}

let version: string | undefined;

/** The pdf.js renderer (no process, no options: the isolation thread's limits bound it). */
export const pdfjsPageRenderer: PageRenderer = {
  name: 'pdfjs',
  get version() {
    return `pdf.js ${version ?? '?'}`;
  },
  async render(request) {
    version ??= (await loadPdfJs()).version;
    return render(request);
  },
};

export const pdfjsRenderer = defineRenderer({
  name: 'pdfjs',
  summary: 'pdf.js (npm pdfjs-dist) drawing in the worker thread; always available',
  probe: async () => true,
  create: async () => {
    version ??= (await loadPdfJs()).version;
    return pdfjsPageRenderer;
  },
});

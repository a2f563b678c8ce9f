import { rgbaToGray } from './gray.js';
import { mapPdfError, openPdf, type OpenPdf } from './pdfjs.js';
import { fitDpi, ocrRenderDpi, rasterSize } from './render-dpi.js';
import type { DocumentLimits } from './types.js';
import { largestImage, readTextLayer, type LargestImage, type TextLayerBlock, type TextLayerRefusal } from './text-layer.js';
import type { Box, GrayImage } from '@docsvc/image';
import { readRulings } from './pdf-rulings.js';

export interface RasterizedPdfPage {
  image: GrayImage;
  /** The DPI used: the one asked for, or lower when the page would not fit limits.maxRenderPixels. */
  dpi: number;
  /** Page size in points (1/72 inch) as displayed: crop box, /Rotate and /UserUnit applied. */
  widthPt: number;
  heightPt: number;
}

/**
 * One PDF page (pageNumber 1-based) rendered to 8-bit gray at `dpi`, or at the highest lower DPI
 * whose raster fits limits.maxRenderPixels. Embedded images over limits.maxImagePixels are left out
 * of the rendering (never decoded). A page number out of range is the caller's bug (RangeError).
 */
export async function rasterizePdfPage(
  bytes: Uint8Array,
  pageNumber: number,
  opts: { dpi: number; limits: DocumentLimits },
): Promise<RasterizedPdfPage> {
  const { dpi, limits } = opts;
  if (!Number.isFinite(dpi) || dpi <= 0) throw new RangeError(`dpi must be a positive number, got ${dpi}`);
  const pdf = await openPdf(bytes, { maxImagePixels: limits.maxImagePixels });
  try {
    const pages = pdf.doc.numPages;
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages) {
      throw new RangeError(`page ${pageNumber} is out of range: the PDF has ${pages} page(s)`);
    }
    return await renderPage(pdf, pageNumber, dpi, limits.maxRenderPixels).catch((err: unknown) => {
      throw mapPdfError(err);
    });
  } finally {
    await pdf.close();
  }
}

async function renderPage(pdf: OpenPdf, pageNumber: number, wantedDpi: number, maxPixels: number): Promise<RasterizedPdfPage> {
  const { doc, canvasFactory } = pdf;
  const page = await doc.getPage(pageNumber);
  try {
    const size = page.getViewport({ scale: 1 });
    const dpi = fitDpi(size.width, size.height, wantedDpi, maxPixels);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const { width, height } = rasterSize(size.width, size.height, dpi);
    const target = canvasFactory.create(width, height);
    try {
      await page.render({ canvas: target.canvas, viewport, background: 'rgb(255,255,255)' }).promise;
      // Straight (not premultiplied) RGBA; the page background is opaque white.
      const rgba = target.context.getImageData(0, 0, width, height).data;
      return { image: { width, height, data: rgbaToGray(rgba, width, height) }, dpi, widthPt: size.width, heightPt: size.height };
    } finally {
      canvasFactory.destroy(target);
    }
  } finally {
    page.cleanup(); // frees the page's decoded images and operator lists: memory grows otherwise
  }
}

/** A PDF page made ready for recognition: its usable text layer, or its raster for OCR. */
export type PdfPageForOcr =
  | { source: 'text_layer'; width: number; height: number; dpi: number; blocks: TextLayerBlock[]; rulings: Box[] }
  | { source: 'ocr'; image: GrayImage; dpi: number; refusal?: TextLayerRefusal };

/**
 * Born-digital pages skip OCR: a page whose text layer is usable is answered from it (words boxed in
 * the pixel space the page would have been rendered in, confidence 1) without rendering; any other
 * page, or every page when `forceOcr`, is rendered for OCR. The document is opened once either way.
 */
export async function readPdfPageForOcr(
  bytes: Uint8Array,
  pageNumber: number,
  opts: { dpi: number; limits: DocumentLimits; forceOcr?: boolean },
): Promise<PdfPageForOcr> {
  const pdf = await openPdf(bytes, { maxImagePixels: opts.limits.maxImagePixels });
  try {
    const pages = pdf.doc.numPages;
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages) {
      throw new RangeError(`page ${pageNumber} is out of range: the PDF has ${pages} page(s)`);
    }
    let refusal: TextLayerRefusal | undefined;
    const page = await pdf.doc.getPage(pageNumber);
    if (!opts.forceOcr) {
      const size = page.getViewport({ scale: 1 });
      const dpi = fitDpi(size.width, size.height, opts.dpi, opts.limits.maxRenderPixels);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const layer = await readTextLayer(page, viewport).catch((err: unknown) => {
        throw mapPdfError(err);
      });
      if (!layer.refusal) {
        // The lines the page draws, for its tables (the operator list is already parsed).
        const rulings = await readRulings(page, viewport).catch((err: unknown) => {
          throw mapPdfError(err);
        });
        page.cleanup();
        return { source: 'text_layer', ...rasterSize(size.width, size.height, dpi), dpi, blocks: layer.blocks, rulings };
      }
      refusal = layer.refusal;
    }
    // pdf.js keeps the page's operator list, so this second walk costs no parsing.
    const image = await largestImage(page).catch((err: unknown) => {
      throw mapPdfError(err);
    });
    const rendered = await renderPage(pdf, pageNumber, ocrRenderDpi(opts.dpi, image), opts.limits.maxRenderPixels).catch((err: unknown) => {
      throw mapPdfError(err);
    });
    return { source: 'ocr', image: rendered.image, dpi: rendered.dpi, ...(refusal ? { refusal } : {}) };
  } finally {
    await pdf.close();
  }
}

/** The largest image on a PDF page (1-based): the share of the page it covers and its resolution there. */
export async function largestImageOf(bytes: Uint8Array, pageNumber: number, limits?: Pick<DocumentLimits, 'maxImagePixels'>): Promise<LargestImage> {
  const pdf = await openPdf(bytes, { maxImagePixels: limits?.maxImagePixels ?? 100_000_000 });
  try {
    const page = await pdf.doc.getPage(pageNumber);
    try {
      return await largestImage(page).catch((err: unknown) => {
        throw mapPdfError(err);
      });
    } finally {
      page.cleanup();
    }
  } finally {
    await pdf.close();
  }
}

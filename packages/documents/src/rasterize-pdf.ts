import type { PDFPageProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { mapPdfError, openPdf, type OpenPdf } from './pdfjs.js';
import { fitDpi, ocrRenderDpi, rasterSize } from './render-dpi.js';
import type { DocumentLimits } from './types.js';
import { largestImage, readTextLayer, type LargestImage, type QuarterTurn, type TextLayerBlock, type TextLayerRefusal } from './text-layer.js';
import type { Box, GrayImage } from '@docsvc/image';
import { readRulings } from './pdf-rulings.js';
import { pdfjsPageRenderer } from './renderers/pdfjs/definition.js';
import type { PageRenderer } from './renderers/types.js';
import { bilevelScanOf, lazyGray } from './scan-image.js';
import type { ListedImage } from './renderers/poppler/page-images.js';

export interface RasterizedPdfPage {
  image: GrayImage;
  /** The DPI used: the one asked for, or lower when the page would not fit limits.maxRenderPixels. */
  dpi: number;
  /** Page size in points (1/72 inch) as displayed: crop box, /Rotate and /UserUnit applied. */
  widthPt: number;
  heightPt: number;
  /** The renderer that drew it, and why it was not the one asked for when it was not. */
  renderer: string;
  fallback?: string;
  /** 'extract': the page's one bilevel image read as it is (its own pixels, a PBM in `pgm`) instead of drawn. */
  method: 'render' | 'extract';
  /** The raster as a binary PGM (or PBM, for a bilevel scan read as it is) when the renderer wrote one. */
  pgm?: Uint8Array;
}

export interface RenderOptions {
  dpi: number;
  limits: DocumentLimits;
  /** Who draws the page: a renderer of the registry (createPageRenderer); pdf.js when not given. */
  renderer?: PageRenderer;
}

/**
 * One PDF page (pageNumber 1-based) rendered to 8-bit gray at `dpi`, or at the highest lower DPI
 * whose raster fits limits.maxRenderPixels, by `renderer` (pdf.js by default). Embedded images over
 * limits.maxImagePixels are left out of the rendering (never decoded). A page number out of range is
 * the caller's bug (RangeError).
 */
export async function rasterizePdfPage(bytes: Uint8Array, pageNumber: number, opts: RenderOptions): Promise<RasterizedPdfPage> {
  const { dpi, limits } = opts;
  if (!Number.isFinite(dpi) || dpi <= 0) throw new RangeError(`dpi must be a positive number, got ${dpi}`);
  const pdf = await openPdf(bytes, { maxImagePixels: limits.maxImagePixels });
  try {
    const page = await pdfPage(pdf, pageNumber);
    const size = page.getViewport({ scale: 1 });
    return await renderAt(pdf, pageNumber, size, fitDpi(size.width, size.height, dpi, limits.maxRenderPixels), opts);
  } finally {
    await pdf.close();
  }
}

/** Page `pageNumber` of an open document; RangeError when the document has no such page. */
async function pdfPage(pdf: OpenPdf, pageNumber: number): Promise<PDFPageProxy> {
  const pages = pdf.doc.numPages;
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages) {
    throw new RangeError(`page ${pageNumber} is out of range: the PDF has ${pages} page(s)`);
  }
  return pdf.doc.getPage(pageNumber).catch((err: unknown) => {
    throw mapPdfError(err);
  });
}

async function renderAt(
  pdf: OpenPdf,
  pageNumber: number,
  size: { width: number; height: number },
  dpi: number,
  opts: RenderOptions,
  images?: ListedImage[],
): Promise<RasterizedPdfPage> {
  const renderer = opts.renderer ?? pdfjsPageRenderer;
  const drawn = await renderer.render({ pdf, pageNumber, widthPt: size.width, heightPt: size.height, dpi, limits: opts.limits, ...(images ? { images } : {}) });
  return {
    image: drawn.image,
    dpi,
    widthPt: size.width,
    heightPt: size.height,
    renderer: drawn.renderer,
    method: 'render',
    ...(drawn.fallback ? { fallback: drawn.fallback } : {}),
    ...(drawn.pgm ? { pgm: drawn.pgm } : {}),
  };
}

/** A PDF page made ready for recognition: its usable text layer, or its raster for OCR. */
export type PdfPageForOcr =
  | {
      source: 'text_layer';
      width: number;
      height: number;
      dpi: number;
      blocks: TextLayerBlock[];
      rulings: Box[];
      /** The page turned clockwise so to read its text upright (a table set sideways): its pixels are the turned page's, as an OCR page's are. */
      rotation?: QuarterTurn;
    }
  | ({ source: 'ocr'; refusal?: TextLayerRefusal } & RasterizedPdfPage);

/**
 * Born-digital pages skip OCR: a page whose text layer is usable is answered from it (words boxed in
 * the pixel space the page would have been rendered in, confidence 1) without rendering; any other
 * page, or every page when `forceOcr`, is rendered for OCR (a scan at its own resolution:
 * ocrRenderDpi). The document is opened once either way.
 */
export async function readPdfPageForOcr(bytes: Uint8Array, pageNumber: number, opts: RenderOptions & { forceOcr?: boolean }): Promise<PdfPageForOcr> {
  const pdf = await openPdf(bytes, { maxImagePixels: opts.limits.maxImagePixels });
  try {
    const page = await pdfPage(pdf, pageNumber);
    const size = page.getViewport({ scale: 1 });
    let refusal: TextLayerRefusal | undefined;
    if (!opts.forceOcr) {
      const dpi = fitDpi(size.width, size.height, opts.dpi, opts.limits.maxRenderPixels);
      const read = async (viewport: PageViewport) =>
        readTextLayer(page, viewport).catch((err: unknown) => {
          throw mapPdfError(err);
        });
      let viewport = page.getViewport({ scale: dpi / 72 });
      let layer = await read(viewport);
      // Text set sideways (a landscape table on a portrait page) is read in the page turned upright,
      // exactly, as OCR would read it turned: not recognised from pixels.
      let rotation: QuarterTurn | undefined;
      if (layer.uprightTurn) {
        const turned = page.getViewport({ scale: dpi / 72, rotation: (page.rotate + layer.uprightTurn) % 360 });
        const upright = await read(turned);
        if (!upright.refusal) [viewport, layer, rotation] = [turned, upright, layer.uprightTurn];
      }
      if (!layer.refusal) {
        // The lines the page draws, for its tables (the operator list is already parsed).
        const rulings = await readRulings(page, viewport).catch((err: unknown) => {
          throw mapPdfError(err);
        });
        page.cleanup();
        const pixels = rotation === 90 || rotation === 270 ? rasterSize(size.height, size.width, dpi) : rasterSize(size.width, size.height, dpi);
        return { source: 'text_layer', ...pixels, dpi, blocks: layer.blocks(rulings), rulings, ...(rotation ? { rotation } : {}) };
      }
      refusal = layer.refusal;
    }
    // The page's images: listed by the renderer where it can without decoding them; pdf.js parses the
    // page's operators (decoding every image on the way) only for a bilevel scan, cheap to decode,
    // whose placement says whether its own pixels are the page (RenderRequest.soleImage).
    const listed = await opts.renderer?.listImages?.(pdf, pageNumber);
    const fromList = listed ? largestListed(listed, size) : undefined;
    const image =
      fromList && !fromList.bilevel
        ? fromList.image
        : await largestImage(page).catch((err: unknown) => {
            throw mapPdfError(err);
          });
    const dpi = fitDpi(size.width, size.height, ocrRenderDpi(opts.dpi, image), opts.limits.maxRenderPixels);
    const raster = rasterSize(size.width, size.height, dpi);
    const pbm = await bilevelScanOf(page, image, dpi, raster);
    if (pbm) {
      page.cleanup();
      const scan = { image: lazyGray(pbm, raster.width, raster.height), pgm: pbm, dpi, widthPt: size.width, heightPt: size.height, renderer: 'pdfjs', method: 'extract' as const };
      return { source: 'ocr', ...scan, ...(refusal ? { refusal } : {}) };
    }
    const rendered = await renderAt(pdf, pageNumber, size, dpi, opts, listed);
    return { source: 'ocr', ...rendered, ...(refusal ? { refusal } : {}) };
  } finally {
    await pdf.close();
  }
}

/**
 * The largest of the listed images (by the area it is drawn over, from its size and resolution there)
 * as largestImage would find it, placement aside; `bilevel` when it is a 1-bit image.
 */
function largestListed(images: ListedImage[], page: { width: number; height: number }): { image: LargestImage; bilevel: boolean } {
  let best: { area: number; dpi: number; bilevel: boolean } = { area: 0, dpi: 0, bilevel: false };
  for (const i of images) {
    if ((i.type !== 'image' && i.type !== 'stencil') || !(i.xPpi > 0 && i.yPpi > 0)) continue;
    const area = ((i.width * 72) / i.xPpi) * ((i.height * 72) / i.yPpi);
    if (area > best.area) best = { area, dpi: Math.min(i.xPpi, i.yPpi), bilevel: i.bitsPerComponent === 1 };
  }
  const coverage = best.area / (page.width * page.height);
  return { image: { coverage, ...(best.area > 0 ? { dpi: best.dpi } : {}), alone: false }, bilevel: best.bilevel };
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

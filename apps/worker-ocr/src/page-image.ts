import { decodeImagePixels, decodePgm, imagePageForOcr, readPnmHeader, type DocumentLimits } from '@docsvc/documents/images';
import { rawPage, type PageImage } from '@docsvc/ocr-engine';
import type { OcrPageJob } from '@docsvc/queue';
import type { WorkerContext } from '@docsvc/worker-runtime';
import type { RawImage } from '@docsvc/image';

/** The page of a job as the engine should read it, and how it got there (for the log). */
export interface JobPage {
  image: PageImage;
  from: string;
  /** The resolution an image file states (its decoded pixels, e.g. with their lines taken off, no longer do). */
  dpi?: number;
  /** Black and white already (a bilevel scan's PBM): no gray levels to set. */
  bilevel?: boolean;
}

/**
 * A PDF page's raster (worker-pdf's gray PGM, or a bilevel scan's own PBM), or an image document's
 * page, handed over as its own file when the engine can take it as it is (tesseract reads PGM and PBM):
 * then its pixels are decoded here only if the page has to be turned, straightened, tightened
 * (fine_grained) or searched for table lines.
 */
export async function pageImage(job: OcrPageJob, ctx: WorkerContext, limits: DocumentLimits): Promise<JobPage> {
  if ('rasterKey' in job.image) {
    const raster = await ctx.store.getBytes(job.image.rasterKey);
    const { width, height, bilevel } = readPnmHeader(raster);
    let gray: Promise<RawImage> | undefined;
    return {
      image: { width, height, bytes: raster, pixels: () => (gray ??= Promise.resolve({ ...decodePgm(raster), channels: 1 })) },
      from: bilevel ? 'pdf raster (pbm)' : 'pdf raster',
      ...(bilevel ? { bilevel } : {}),
    };
  }
  const bytes = await ctx.store.getBytes(job.image.sourceKey);
  const { pageIndex } = job.image;
  const prepared = await imagePageForOcr(bytes, pageIndex, limits);
  const stated = prepared.dpi ? { dpi: prepared.dpi } : {};
  if (prepared.kind === 'pixels') return { image: rawPage(prepared.image), from: `pixels (${prepared.reason})`, ...stated };
  let decoded: Promise<RawImage> | undefined;
  return {
    ...stated,
    image: {
      width: prepared.width,
      height: prepared.height,
      bytes: prepared.bytes,
      pixels: () => (decoded ??= decodeImagePixels(bytes, pageIndex, limits)),
    },
    from: `original ${prepared.format}`,
  };
}

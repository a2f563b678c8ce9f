import { decodeImagePixels, encodePng, readImageFacts, type DocumentLimits } from '@docsvc/documents';
import { PdfWriter, answerToUserSpace, jpegImage, pngImage, type PdfImage } from '@docsvc/renderers';
import type { OcrPageResult, PageRange } from '@docsvc/schemas';

/** The resolution of an image that states none: what scanners are most often set to. */
export const DEFAULT_IMAGE_DPI = 300;

/** EXIF orientations a PDF page can show with /Rotate alone (the others are mirrored). */
const ROTATE_FOR_ORIENTATION: Record<number, 0 | 90 | 180 | 270> = { 1: 0, 3: 180, 6: 90, 8: 270 };

export interface ImagePdfInput {
  bytes: Buffer;
  pageCount: number;
  pageRange: PageRange;
  limits: DocumentLimits;
  readPage(page: number): Promise<OcrPageResult>;
}

/**
 * The searchable PDF of an image file: one page per image (per TIFF page), the image at its own
 * resolution (its stated DPI, 300 when it states none) with the recognised text invisible over it.
 * A JPEG or a PNG goes in as it is (its bytes, no decoding); EXIF orientation becomes the page's
 * /Rotate. Other images (TIFF, WebP, GIF, BMP, PNG with alpha, mirrored orientations) are converted
 * losslessly to PNG data first. Yields the file a page at a time.
 */
export async function* imagePdf(input: ImagePdfInput): AsyncGenerator<Buffer> {
  const writer = new PdfWriter(input.pageCount);
  yield writer.start();
  const [first, last] = input.pageRange;
  for (let index = 0; index < input.pageCount; index++) {
    const { image, rotate, dpi } = await pageImage(input.bytes, index, input.limits);
    const widthPt = (image.width * 72) / dpi;
    const heightPt = (image.height * 72) / dpi;
    const p = index + 1;
    const page = p >= first && p <= last ? await input.readPage(p) : undefined;
    yield* writer.page({
      widthPt,
      heightPt,
      rotate,
      image,
      ...(page ? { layer: { page, placement: answerToUserSpace(page, { mediaBox: [0, 0, widthPt, heightPt], rotate }) } } : {}),
    });
  }
  yield writer.end();
}

async function pageImage(bytes: Buffer, index: number, limits: DocumentLimits): Promise<{ image: PdfImage; rotate: 0 | 90 | 180 | 270; dpi: number }> {
  const facts = await readImageFacts(bytes, index);
  const dpi = facts?.dpi && facts.dpi >= 10 && facts.dpi <= 10_000 ? facts.dpi : DEFAULT_IMAGE_DPI;
  const rotate = ROTATE_FOR_ORIENTATION[facts?.orientation ?? 1];
  if (rotate !== undefined && index === 0) {
    const asIs = facts?.kind === 'jpeg' ? jpegImage(bytes) : facts?.kind === 'png' ? pngImage(bytes) : undefined;
    if (asIs) return { image: asIs, rotate, dpi };
  }
  // Decoded as the OCR worker decodes it (orientation applied, alpha on white), then kept losslessly.
  const image = pngImage(await encodePng(await decodeImagePixels(bytes, index, limits)));
  if (!image) throw new Error('a PNG written by sharp could not be read back');
  return { image, rotate: 0, dpi };
}

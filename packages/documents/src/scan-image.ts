import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { GrayImage } from '@docsvc/image';
import { decodePgm } from './pgm.js';
import { loadPdfJs } from './pdfjs.js';
import type { LargestImage } from './text-layer.js';

/** How far (raster pixels) the image's corners may lie from the raster's and still be it, pixel for pixel. */
const EXACT = 0.5;

/** pdf.js's decoded pixels of an image (ImageKind.GRAYSCALE_1BPP: rows padded to a byte, 1 = white, /Decode applied). */
interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray | null;
}

/**
 * A scanned page that is one bilevel image and nothing else (JBIG2, CCITT, 1-bit Flate: what
 * black-and-white scanners write), drawn pixel for pixel over the whole raster, upright: that image
 * is the page's raster exactly, so it is handed over as it is, a PBM (an eighth of a gray raster's
 * bytes), instead of drawn. Its pixels are the ones pdf.js decoded while it read the page's operators
 * to find the image (no second decoding, no renderer process). Undefined where the page must be drawn:
 * anything else on it, another placement (flipped, turned, /Rotate, smaller than the page), colour,
 * gray levels, masks.
 */
export async function bilevelScanOf(page: PDFPageProxy, image: LargestImage, dpi: number, raster: { width: number; height: number }): Promise<Uint8Array | undefined> {
  if (!image.alone || !image.matrix || !image.objId) return undefined;
  const { ImageKind, Util } = await loadPdfJs();
  // Where the image's unit square lands in the raster (y down): the whole raster, upright, is [w 0 0 -h 0 h].
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = Util.transform(page.getViewport({ scale: dpi / 72 }).transform, image.matrix) as number[];
  const { width, height } = raster;
  const near = (x: number, y: number) => Math.abs(x - y) <= EXACT;
  if (!(near(a, width) && near(b, 0) && near(c, 0) && near(d, -height) && near(e, 0) && near(f, height))) return undefined;
  const store = image.objId.startsWith('g_') ? page.commonObjs : page.objs;
  const decoded = await new Promise<DecodedImage | null>((resolve) => store.get(image.objId!, resolve, () => resolve(null)));
  if (!decoded?.data || decoded.kind !== ImageKind.GRAYSCALE_1BPP || decoded.width !== width || decoded.height !== height) return undefined;
  const rowBytes = Math.ceil(width / 8);
  if (decoded.data.length < rowBytes * height) return undefined;
  const header = Buffer.from(`P4\n${width} ${height}\n`, 'latin1');
  const pbm = Buffer.allocUnsafe(header.length + rowBytes * height);
  header.copy(pbm, 0);
  // PBM's 1 is black, PDF's (after /Decode) white.
  for (let i = 0; i < rowBytes * height; i++) pbm[header.length + i] = ~decoded.data[i]! & 0xff;
  return pbm;
}

/**
 * A bilevel raster's gray pixels, unpacked from its PBM only when asked for: worker-pdf stores the
 * PBM itself and never reads them (8 MB and 30-50 ms a letter page saved).
 */
export function lazyGray(pbm: Uint8Array, width: number, height: number): GrayImage {
  let data: Uint8Array | undefined;
  return {
    width,
    height,
    get data() {
      return (data ??= decodePgm(pbm).data);
    },
  };
}

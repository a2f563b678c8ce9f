import { lastLines, runPoppler, type PopplerRunOptions } from './run-poppler.js';

/** One image a page draws, as `pdfimages -list` describes it (nothing decoded). */
export interface ListedImage {
  /** image, mask (an /ImageMask stencil), smask (a soft mask), stencil. */
  type: string;
  width: number;
  height: number;
  /** gray, rgb, cmyk, index, icc, ... */
  color: string;
  components: number;
  bitsPerComponent: number;
  /** jbig2, ccitt, jpeg, jpx, image (Flate or none), ... */
  encoding: string;
  /** Its resolution as drawn on the page. */
  xPpi: number;
  yPpi: number;
}

/** `pdfimages -list` rows: page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio (an inline image has one `[inline]` for object and ID). */
export function parseImageList(text: string): ListedImage[] {
  const images: ListedImage[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 15 || !/^\d+$/.test(f[0]!)) continue;
    const n = (s: string | undefined): number => Number(s);
    images.push({
      type: f[2]!,
      width: n(f[3]),
      height: n(f[4]),
      color: f[5]!,
      components: n(f[6]),
      bitsPerComponent: n(f[7]),
      encoding: f[8]!,
      xPpi: n(f.at(-4)),
      yPpi: n(f.at(-3)),
    });
  }
  return images;
}

/** The images page `pageNumber` draws (about 20 ms of CPU: the page's objects are read, no image data decoded). */
export async function listPageImages(bytes: Uint8Array, pageNumber: number, opts: Omit<PopplerRunOptions, 'maxOutputBytes'>): Promise<ListedImage[]> {
  const page = String(pageNumber);
  const run = await runPoppler('pdfimages', ['-list', '-f', page, '-l', page, '-'], bytes, { ...opts, maxOutputBytes: 16 * 1024 * 1024 });
  if (run.code !== 0) throw new Error(`pdfimages -list exited with ${run.code ?? run.signal}: ${lastLines(run.stderr)}`);
  return parseImageList(run.stdout.toString('utf8'));
}

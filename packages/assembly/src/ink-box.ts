import { grayHistogram, otsu, type Box, type GrayImage } from '@docsvc/image';

const clampBox = (box: Box, image: GrayImage): Box => ({
  x0: Math.max(0, Math.min(image.width, Math.floor(box.x0))),
  y0: Math.max(0, Math.min(image.height, Math.floor(box.y0))),
  x1: Math.max(0, Math.min(image.width, Math.ceil(box.x1))),
  y1: Math.max(0, Math.min(image.height, Math.ceil(box.y1))),
});

/**
 * `box` shrunk to the dark ink inside it (fine_grained word boxes): no padding, and rows or columns
 * at the edges that hold only a sliver of a neighbour's ink are dropped. Unchanged when the box holds
 * no clear ink (a uniform region).
 */
export function tightenToInk(image: GrayImage, box: Box): Box {
  const region = clampBox(box, image);
  if (region.x1 - region.x0 < 2 || region.y1 - region.y0 < 2) return box;
  const split = otsu(grayHistogram(image, region));
  if (split === undefined) return box;
  const { threshold } = split;
  const w = region.x1 - region.x0;
  const h = region.y1 - region.y0;
  const colInk = new Uint32Array(w);
  const rowInk = new Uint32Array(h);
  let ink = 0;
  let darkest = 255;
  let lightest = 0;
  for (let y = region.y0; y < region.y1; y++) {
    const row = y * image.width;
    for (let x = region.x0; x < region.x1; x++) {
      const v = image.data[row + x] as number;
      if (v < darkest) darkest = v;
      if (v > lightest) lightest = v;
      if (v <= threshold) {
        colInk[x - region.x0]! += 1;
        rowInk[y - region.y0]! += 1;
        ink++;
      }
    }
  }
  // No contrast, or nearly everything "ink": not text on paper, keep the engine's box.
  if (lightest - darkest < 48 || ink === 0 || ink > w * h * 0.9) return box;
  // Ignore isolated specks of a few pixels at the edges (anti-aliasing halos, a neighbour's serif).
  const minCol = Math.max(1, Math.round(h * 0.04));
  const minRow = Math.max(1, Math.round(w * 0.01));
  let x0 = 0;
  while (x0 < w - 1 && colInk[x0]! < minCol) x0++;
  let x1 = w - 1;
  while (x1 > x0 && colInk[x1]! < minCol) x1--;
  let y0 = 0;
  while (y0 < h - 1 && rowInk[y0]! < minRow) y0++;
  let y1 = h - 1;
  while (y1 > y0 && rowInk[y1]! < minRow) y1--;
  return { x0: region.x0 + x0, y0: region.y0 + y0, x1: region.x0 + x1 + 1, y1: region.y0 + y1 + 1 };
}

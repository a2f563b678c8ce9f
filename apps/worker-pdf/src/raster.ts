import type { Job } from 'bullmq';
import { assembleSections, packSections, pageStructureOf } from '@docsvc/assembly';
import { encodePgm, readPdfPageForOcr, type DocumentLimits, type PageRenderer } from '@docsvc/documents';
import { workPrefix, type RasterJob, type RasterResult } from '@docsvc/queue';
import type { WorkerContext } from '@docsvc/worker-runtime';

/**
 * Job "raster": one PDF page made ready for recognition. A born-digital page with a usable text layer
 * is answered from it here (sections with confidence 1, its tables and key-value pairs from its words
 * and the lines it draws; no raster, no OCR job); any other page becomes
 * an 8-bit grayscale raster stored as PGM (which tesseract reads directly: no PNG encoding, which costs
 * more than the rendering itself), drawn by `renderer` (PDF_RENDERER), a scan at its own resolution; a
 * page that is one bilevel image placed pixel for pixel is that image, decoded (PBM), not drawn.
 */
export async function raster(job: Job<RasterJob>, ctx: WorkerContext, limits: DocumentLimits, renderer: PageRenderer): Promise<RasterResult> {
  const { sourceKey, page, dpi, requestId, forceOcr } = job.data;
  const bytes = await ctx.store.getBytes(sourceKey);
  const started = Date.now();
  const prepared = await readPdfPageForOcr(bytes, page, { dpi, limits, renderer, forceOcr: forceOcr === true });
  const ms = Date.now() - started;
  if (prepared.source === 'text_layer') {
    const sections = assembleSections({ width: prepared.width, height: prepared.height, blocks: prepared.blocks }, page);
    const read = { width: prepared.width, height: prepared.height, sections: packSections(sections) };
    const t0 = performance.now();
    const structure = pageStructureOf(read, prepared.rulings);
    const layoutMs = Math.round(performance.now() - t0);
    ctx.log.info({ page, dpi: prepared.dpi, source: 'text_layer', rotation: prepared.rotation, ms, layout_ms: layoutMs, sections: sections.length, tables: structure.tables.length, rulings: prepared.rulings.length }, 'page read from its text layer');
    // A page read turned (its text set sideways) says so, as an OCR page turned upright does.
    const turned = prepared.rotation ? { rotation: prepared.rotation } : {};
    return { source: 'text_layer', page: { page, source: 'text_layer', ...read, ...turned, engineMs: 0, tables: structure.tables, keyValuePairs: structure.keyValuePairs } };
  }
  const rasterKey = `${workPrefix(requestId)}page-${page}.pgm`;
  // poppler wrote the raster itself: stored as it is (a 300-DPI page is 8 MB as PGM, not encoded again;
  // a bilevel scan read as it is, 1 MB as PBM, which worker-ocr's decodePgm reads too).
  const pgm = prepared.pgm ?? encodePgm(prepared.image);
  const bilevel = pgm[1] === 0x34; // P4
  await ctx.store.put(rasterKey, pgm, { contentType: bilevel ? 'image/x-portable-bitmap' : 'image/x-portable-graymap' });
  const { width, height } = prepared.image;
  ctx.log.info({ page, dpi: prepared.dpi, width, height, render_ms: ms, renderer: prepared.renderer, method: prepared.method, bytes: pgm.length, fallback: prepared.fallback, refusal: prepared.refusal }, 'page rasterised');
  return { source: 'ocr', rasterKey, width, height, dpi: prepared.dpi, ...(prepared.refusal ? { refusal: prepared.refusal } : {}) };
}

import type { Job } from 'bullmq';
import { assembleSections, packSections, pageStructureOf } from '@docsvc/assembly';
import { encodePgm, readPdfPageForOcr, type DocumentLimits } from '@docsvc/documents';
import { workPrefix, type RasterJob, type RasterResult } from '@docsvc/queue';
import type { WorkerContext } from '@docsvc/worker-runtime';

/**
 * Job "raster": one PDF page made ready for recognition. A born-digital page with a usable text layer
 * is answered from it here (sections with confidence 1, its tables and key-value pairs from its words
 * and the lines it draws; no raster, no OCR job); any other page becomes
 * an 8-bit grayscale raster stored as PGM (which tesseract reads directly: no PNG encoding, which costs
 * more than the rendering itself).
 */
export async function raster(job: Job<RasterJob>, ctx: WorkerContext, limits: DocumentLimits): Promise<RasterResult> {
  const { sourceKey, page, dpi, requestId, forceOcr } = job.data;
  const bytes = await ctx.store.getBytes(sourceKey);
  const started = Date.now();
  const prepared = await readPdfPageForOcr(bytes, page, { dpi, limits, forceOcr: forceOcr === true });
  const ms = Date.now() - started;
  if (prepared.source === 'text_layer') {
    const sections = assembleSections({ width: prepared.width, height: prepared.height, blocks: prepared.blocks }, page);
    const read = { width: prepared.width, height: prepared.height, sections: packSections(sections) };
    const t0 = performance.now();
    const structure = pageStructureOf(read, prepared.rulings);
    const layoutMs = Math.round(performance.now() - t0);
    ctx.log.info({ page, dpi: prepared.dpi, source: 'text_layer', ms, layout_ms: layoutMs, sections: sections.length, tables: structure.tables.length, rulings: prepared.rulings.length }, 'page read from its text layer');
    return { source: 'text_layer', page: { page, source: 'text_layer', ...read, engineMs: 0, tables: structure.tables, keyValuePairs: structure.keyValuePairs } };
  }
  const rasterKey = `${workPrefix(requestId)}page-${page}.pgm`;
  const pgm = encodePgm(prepared.image);
  await ctx.store.put(rasterKey, pgm, { contentType: 'image/x-portable-graymap' });
  const { width, height } = prepared.image;
  ctx.log.info({ page, dpi: prepared.dpi, width, height, render_ms: ms, refusal: prepared.refusal }, 'page rasterised');
  return { source: 'ocr', rasterKey, width, height, dpi: prepared.dpi, ...(prepared.refusal ? { refusal: prepared.refusal } : {}) };
}

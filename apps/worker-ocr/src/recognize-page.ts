import type { Job } from 'bullmq';
import { assembleSections, packSections, tightenToInk, type Box } from '@docsvc/assembly';
import type { DocumentLimits } from '@docsvc/documents/images';
import { readPage, toGray, type OcrEngine } from '@docsvc/ocr-engine';
import type { OcrPageJob, OcrPageResult } from '@docsvc/queue';
import type { WorkerContext } from '@docsvc/worker-runtime';
import { pageImage } from './page-image.js';

/**
 * Job "page": read one page upright in the right language (readPage: orientation and language are
 * decided from what the engine reads) and assemble its sections. With fine_grained, each word box is
 * tightened to the word's own ink in the same (upright) image. Stops at PAGE_TIMEOUT_MS (ctx.signal:
 * the engine's process is killed or its thread replaced).
 */
export async function recognizePage(job: Job<OcrPageJob>, ctx: WorkerContext, engine: OcrEngine, limits: DocumentLimits): Promise<OcrPageResult> {
  const { page, language, fineGrained } = job.data;
  // The engine starts (and loads its model) while the page is fetched and checked.
  const arriving = pageImage(job.data, ctx, limits);
  const read = await readPage(
    engine,
    arriving.then((p) => p.image),
    { language, signal: ctx.signal },
  );
  const { from } = await arriving;
  const gray = fineGrained ? toGray(await read.image.pixels()) : undefined;
  const sections = assembleSections(read.page, page, { layout: true, ...(gray ? { wordBox: (box: Box) => tightenToInk(gray, box) } : {}) });
  const { width, height } = read.image;
  ctx.log.info(
    {
      page,
      width,
      height,
      from,
      rotation: read.rotation,
      skew: read.skew,
      language: read.language,
      passes: read.passes,
      ...(read.orientation ? { osd: { rotate: read.orientation.rotation, confidence: read.orientation.confidence, script: read.orientation.script } } : {}),
      engine_ms: read.engineMs,
      sections: sections.length,
    },
    'page recognised',
  );
  return { page, source: 'ocr', width, height, sections: packSections(sections), engineMs: read.engineMs, rotation: read.rotation, skew: read.skew, language: read.language, engine: engine.name };
}

// What assembling an OCR job's whole answer costs (worker-jobs, at a job's end): time, heap, and the
// size of its JSON, for BENCH_ANSWER_PAGES dense pages (52 lines of 13 words, like a 10 pt letter
// page) built from their packed page results as worker-jobs builds them, then written in pieces.
// Run: npm run build && node bench/answer-assembly.ts
// Sizes: BENCH_ANSWER_PAGES (2000, MAX_JOB_PAGES's default).
import { answerJsonChunks, buildOcrAnswer, packSections } from '@docsvc/assembly';
import type { OcrPageResult, Section } from '@docsvc/schemas';
import { envInt, main, report, round } from './lib/common.ts';

const box = (x: number, y: number, w: number, h: number) => ({
  top_left: { x, y },
  top_right: { x: x + w, y },
  bottom_left: { x, y: y + h },
  bottom_right: { x: x + w, y: y + h },
  width: w,
  height: h,
});

await main(async () => {
  const n = envInt('BENCH_ANSWER_PAGES', 2000);
  const lines = Array.from({ length: 52 }, (_, l) => {
    const words = Array.from({ length: 13 }, (_, i) => ({ text: `word${(l * 13 + i) % 97}`, bounds: box(i * 150, l * 50, 120, 40), confidence: 0.93 }));
    return { text: words.map((w) => w.text).join(' '), average_confidence: 0.93, bounds: box(0, l * 50, 2000, 40), words };
  });
  const section: Section = { page: 1, text: lines.map((l) => l.text).join('\n'), lines };
  const packed = JSON.stringify(packSections([section]));
  const pages: OcrPageResult[] = Array.from({ length: n }, (_, i) => ({
    page: i + 1,
    source: 'ocr',
    width: 2550,
    height: 3300,
    sections: (JSON.parse(packed) as OcrPageResult['sections']).map((s) => ({ ...s, page: i + 1 })),
    engineMs: 3000,
    language: 'eng',
  }));
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const answer = buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: n, pageRange: [1, n], maxPages: n, pages, logId: 'bench' });
  const buildMs = performance.now() - t0;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  let bytes = 0;
  let chunks = 0;
  const t1 = performance.now();
  for (const chunk of answerJsonChunks(answer)) {
    bytes += Buffer.byteLength(chunk);
    chunks += 1;
  }
  const writeMs = performance.now() - t1;
  const rssMb = process.memoryUsage().rss / 1e6;
  console.log(`${n} dense pages: answer built in ${round(buildMs)} ms, +${round(heapMb)} MB of heap, ${round(bytes / 1e6)} MB of JSON in ${chunks} pieces (${round(writeMs)} ms); process ${round(rssMb)} MB resident`);
  report(
    'answer-assembly',
    [{ pages: n, packed_page_bytes: packed.length, build_ms: round(buildMs), heap_mb: round(heapMb), json_mb: round(bytes / 1e6), serialize_ms: round(writeMs), rss_mb: round(rssMb) }],
    { pages: n, build_ms: round(buildMs), heap_mb: round(heapMb), json_mb: round(bytes / 1e6), rss_mb: round(rssMb) },
  );
});

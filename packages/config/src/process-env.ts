/**
 * glibc malloc settings for the service's processes, which must be in the environment when a process
 * starts (glibc reads them once): the launcher gives them to its children, the Dockerfile sets them,
 * and a process started any other way should get them from its orchestrator. A value already in the
 * environment wins.
 *
 * - MALLOC_ARENA_MAX=2: glibc gives each thread (tesseract, pdf.js, libvips) an arena of its own, and
 *   memory freed in one arena is not reused by another.
 * - MALLOC_MMAP_THRESHOLD_=131072: fixed, so every buffer over 128 KB (a decoded page is 8 MB) is
 *   mapped on its own and given back to the system when freed. glibc otherwise raises the threshold
 *   to the size of the largest buffer freed, after which page buffers are carved out of the heap and
 *   the holes they leave are never returned.
 * Measured (bench/worker-memory.ts, 60 pages of 2550x3300, OCR_CONCURRENCY=2): worker-ocr 602 MB
 * resident without either, 539 MB with the arena limit, 455 MB with both; same pages per second.
 */
export const MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/** `env` with the malloc settings added where it has none of its own. */
export function withMallocEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...MALLOC_ENV, ...env };
}

/**
 * What worker-ocr's own Node process needs, on top: with the native engine it only coordinates
 * (fetches a page, starts tesseract, reads its answer), so a small young generation and small
 * allocations given back at once keep it lean. Without them it grew to 230 MB over 17 full pages;
 * with them it stays near 150 MB (bench/worker-memory.ts, README).
 * - NODE_OPTIONS --max-semi-space-size=1: V8's young generation grows to 16 MB semi-spaces under
 *   steady allocation (a page's answer, its hOCR), most of it never given back.
 * - MALLOC_MMAP_THRESHOLD_=32768: the 64 KB pipe and socket reads (tesseract's output, S3 bodies)
 *   are mapped on their own and returned when freed instead of fragmenting the heap.
 */
export const OCR_WORKER_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '32768',
  NODE_OPTIONS: '--max-semi-space-size=1',
};

/**
 * The workers that coordinate processes doing the heavy work (worker-ocr: tesseract; worker-pdf:
 * poppler, which draws PDF pages since issue 23) get OCR_WORKER_ENV's lean settings. worker-pdf with
 * them: 249 MB resident after 100 scanned PDF pages against 315 MB without the small young generation,
 * 238 MB with the mmap threshold as well (bench/worker-memory.ts BENCH_MEMORY_FORMAT=scanned-pdf).
 */
const LEAN_APPS = new Set(['worker-ocr', 'worker-pdf']);

/** The environment to start `app` with: the malloc settings, and the lean workers' own; values already set win. */
export function processEnvFor(app: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const base = withMallocEnv(env);
  if (!LEAN_APPS.has(app)) return base;
  const nodeOptions = base.NODE_OPTIONS ?? '';
  return {
    ...base,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? OCR_WORKER_ENV.MALLOC_MMAP_THRESHOLD_,
    NODE_OPTIONS: /--max-semi-space-size/.test(nodeOptions) ? nodeOptions : `${nodeOptions} ${OCR_WORKER_ENV.NODE_OPTIONS}`.trim(),
  };
}

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

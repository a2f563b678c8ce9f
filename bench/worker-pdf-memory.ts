// worker-pdf's resident memory after 500 scanned pages (issue 23: target <= 200 MB): bench/worker-memory.ts
// with one-page bilevel scanned PDFs (JBIG2 and CCITT G4) through the API. Run: npm run build && node
// bench/worker-pdf-memory.ts (BENCH_MEMORY_PAGES, BENCH_MEMORY_STEP and the others of worker-memory.ts apply).
process.env.BENCH_MEMORY_FORMAT = 'scanned-pdf';
process.env.BENCH_MEMORY_PAGES ??= '500';
process.env.BENCH_MEMORY_STEP ??= '100';
await import('./worker-memory.ts');

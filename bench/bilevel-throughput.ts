// Bilevel image scans at the engine's speed (issue 23: target >= 0.97 of native tesseract on the same
// files): bench/ocr-throughput.ts with the scan pages as 1-bit PNG files, native engine. Run: npm run
// build && node bench/bilevel-throughput.ts (BENCH_PAGE_STYLE=bilevel-tiff for CCITT G4 TIFF files).
process.env.BENCH_PAGE_STYLE ??= 'bilevel-png';
process.env.BENCH_OCR_ENGINES ??= 'native';
await import('./ocr-throughput.ts');

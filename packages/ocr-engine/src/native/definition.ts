import { z } from 'zod';
import { envInt } from '@docsvc/config';
import { defineEngine } from '../engine-definition.js';
import { NativeEngine, probeNativeTesseract, type NativeEngineOptions } from './engine.js';

export const nativeEngine = defineEngine({
  name: 'native',
  summary: "Debian's tesseract 5 binary, one process per page",
  settings: {
    /** The tesseract binary of the native engine (a name on PATH or a path). */
    TESSERACT_BINARY: z.string().min(1).default('tesseract'),
    /** Address space one tesseract process may use (prlimit --as); past it the page gets 422. */
    OCR_PAGE_MEMORY_MB: envInt(2_048, { min: 64, max: 1_048_576 }),
  },
  options: (s): NativeEngineOptions => ({ binary: s.TESSERACT_BINARY, memoryLimitMb: s.OCR_PAGE_MEMORY_MB }),
  probe: async (opts) => (await probeNativeTesseract(opts.binary)) !== null,
  create: (opts) =>
    NativeEngine.create({
      ...opts,
      // The kernel's backstop for a process the worker could not kill: twice the page's time limit.
      cpuLimitSeconds: opts.cpuLimitSeconds ?? (opts.pageTimeoutMs ? Math.ceil((2 * opts.pageTimeoutMs) / 1000) : undefined),
    }),
});

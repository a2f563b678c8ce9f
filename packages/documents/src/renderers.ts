// The PDF renderers' registry alone, without pdf.js, sharp or the image decoders loaded: for
// worker-pdf's configuration and start-up check, which run in its main thread.
export { RENDERERS, RENDERER_CHOICES, RENDERER_NAMES, createPageRenderer, type CreateRendererOptions, type RendererChoice, type RendererName } from './renderers/registry.js';
export type { PageRenderer, RendererOptions } from './renderers/types.js';

import { pdfjsRenderer } from './pdfjs/definition.js';
import { popplerRenderer } from './poppler/definition.js';
import type { PageRenderer, RendererOptions } from './types.js';

/**
 * Every PDF page renderer, in order of preference: `auto` takes the first that can run here (poppler
 * where poppler-utils is installed: native decoders, a fifth of pdf.js's CPU on a scanned page; pdf.js,
 * always there, otherwise). A new renderer is a folder beside poppler/ and pdfjs/ with its
 * definition, and one entry here; PDF_RENDERER's choices and the conformance suite follow.
 */
export const RENDERERS = [popplerRenderer, pdfjsRenderer] as const;

export type RendererName = (typeof RENDERERS)[number]['name'];
export type RendererChoice = RendererName | 'auto';

export const RENDERER_NAMES = RENDERERS.map((r) => r.name) as [RendererName, ...RendererName[]];
/** PDF_RENDERER's values: auto, then each renderer's name. */
export const RENDERER_CHOICES = ['auto', ...RENDERER_NAMES] as [RendererChoice, ...RendererChoice[]];

export interface CreateRendererOptions extends RendererOptions {
  /** PDF_RENDERER: `auto` (default) takes the first renderer of RENDERERS that can run here. */
  renderer?: RendererChoice;
}

/** The renderer to draw pages with: the one named (failing when it cannot run), or for `auto` the first that can. */
export async function createPageRenderer(opts: CreateRendererOptions = {}): Promise<PageRenderer> {
  const choice = opts.renderer ?? 'auto';
  if (choice !== 'auto') {
    const renderer = RENDERERS.find((r) => r.name === choice);
    if (!renderer) throw new Error(`unknown PDF renderer "${choice}" (known: ${RENDERER_NAMES.join(', ')})`);
    return renderer.create(opts);
  }
  for (const renderer of RENDERERS) {
    if (await renderer.probe()) return renderer.create(opts);
  }
  throw new Error(`no PDF renderer can run here (tried ${RENDERER_NAMES.join(', ')})`);
}

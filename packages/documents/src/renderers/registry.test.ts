import { describe, expect, it } from 'vitest';
import { RENDERER_CHOICES, RENDERER_NAMES, RENDERERS, createPageRenderer, type RendererChoice } from './registry.js';

describe('renderer registry', () => {
  it('offers auto and each registered renderer once as PDF_RENDERER choices, the native one first', () => {
    expect(RENDERER_CHOICES).toEqual(['auto', 'poppler', 'pdfjs']);
    expect(new Set(RENDERER_NAMES).size).toBe(RENDERERS.length);
  });

  it('takes poppler for auto where poppler-utils answers (as here), and the one named otherwise', async () => {
    expect((await createPageRenderer()).name).toBe('poppler');
    expect((await createPageRenderer({ renderer: 'pdfjs' })).name).toBe('pdfjs');
  });

  it('refuses a renderer it does not know, naming the ones it does', async () => {
    await expect(createPageRenderer({ renderer: 'mupdf' as RendererChoice })).rejects.toThrow(/unknown PDF renderer "mupdf" \(known: poppler, pdfjs\)/);
  });
});

import { z } from 'zod';
import { FORMATS, FORMAT_NAMES, type FormatName } from '@docsvc/renderers';
import type { JsonSchema } from './route.js';

/**
 * A format name as requests give it (`output`, `format`), from the one format table; its JSON Schema
 * carries each format's title, extension and media type (`x-formats`), which the web page reads.
 */
export const outputFormatSchema = z.enum(FORMAT_NAMES).meta({
  description: `The answer's format: ${FORMAT_NAMES.map((f) => `${f} (${FORMATS[f].title})`).join(', ')}`,
  'x-formats': Object.fromEntries(FORMAT_NAMES.map((f) => [f, { title: FORMATS[f].title, extension: FORMATS[f].extension, content_type: FORMATS[f].contentType }])),
});

/** The media type without its parameters, as an OpenAPI content key. */
const mediaType = (contentType: string) => contentType.split(';')[0]!.trim();

/** The non-JSON answers of a route that answers in any format, keyed by media type. */
export function formatContent(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const name of FORMAT_NAMES) {
    if (FORMATS[name].made === 'answer') continue;
    const { contentType, title } = FORMATS[name];
    // Text formats name their charset; the others are bytes.
    out[mediaType(contentType)] = contentType.includes('charset=') ? { type: 'string', description: title } : { type: 'string', format: 'binary', description: title };
  }
  return out;
}

/** Content-Disposition for a download of `sourceName` in `format` (an ASCII fallback, and the exact name per RFC 6266). */
export function attachment(sourceName: string | undefined, format: FormatName): string {
  const base = (sourceName ?? 'document').replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'document';
  const name = `${base}.${FORMATS[format].extension}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

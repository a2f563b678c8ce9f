import { FORMATS } from '@docsvc/renderers';
import type { OcrOptions } from './ocr-command.js';
import { FORMAT_NAMES, type Format } from './outputs.js';
import { UsageError } from './usage.js';

/** The options `docsvc ocr` takes besides the service's (--url, --key). */
export const OCR_OPTIONS = {
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  language: { type: 'string' },
  // Documents in flight: more than the service's OCR slots (two on a 2-core machine), so that a slot is never idle while
  // the CLI fetches a result and uploads the next document (24 scanned pages: 2 at a time 0.95 of a shell loop's speed, 4 at a time 1.04).
  concurrency: { type: 'string', default: '4' },
  recursive: { type: 'boolean', short: 'r', default: false },
  json: { type: 'boolean', default: false },
} as const;

/** A format printed on standard output must be text (a charset in its media type): not a PDF or a workbook. */
const isTextual = (format: Format) => FORMATS[format].contentType.includes('charset=');

/**
 * The ocr command's options from its parsed arguments. Without --out the results are printed, so one
 * textual format only (`text` when none is given), and no --json (whose reports would mix with them).
 */
export function ocrOptions(
  values: { out?: string | undefined; format?: string | undefined; language?: string | undefined; concurrency: string; recursive: boolean; json: boolean },
  paths: string[],
  terminals: { stdout: boolean; stderr: boolean },
): OcrOptions {
  if (paths.length === 0) throw new UsageError('ocr: name at least one file or folder');
  const formats = [...new Set((values.format ?? (values.out ? 'json' : 'text')).split(',').map((f) => f.trim()).filter(Boolean))];
  const unknown = formats.filter((f) => !(FORMAT_NAMES as string[]).includes(f));
  if (formats.length === 0 || unknown.length > 0) throw new UsageError(`ocr: --format takes ${FORMAT_NAMES.join(', ')} (got ${unknown.join(', ') || 'nothing'})`);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('ocr: --concurrency must be a whole number from 1 to 64');
  if (!values.out) {
    if (formats.length > 1) throw new UsageError('ocr: without --out one format is printed: give --out <folder> to write several');
    if (!isTextual(formats[0] as Format)) throw new UsageError(`ocr: ${formats[0]} is not text to print: give --out <folder> to write it`);
    if (values.json) throw new UsageError('ocr: --json reports on the files written under --out: give --out <folder> (--format json prints the JSON answer)');
  }
  return {
    paths,
    ...(values.out ? { out: values.out } : {}),
    formats: formats as Format[],
    ...(values.language ? { language: values.language } : {}),
    concurrency,
    recursive: values.recursive,
    json: values.json,
    // Bars are drawn on standard error; without --out only when the printed text goes elsewhere than the terminal.
    bars: values.out ? terminals.stdout : terminals.stderr && !terminals.stdout,
  };
}

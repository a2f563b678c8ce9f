import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ServiceError } from '@docsvc/schemas';

const run = promisify(execFile);

/**
 * Debian's qpdf (Apache-2.0), run as a command: it reads a PDF object by object from its file, so a
 * 2,000-page document is never loaded whole. Exit status 3 means "succeeded with warnings" (a
 * damaged file it repaired): the output is written and is used.
 */
export async function qpdf(args: string[], opts: { maxBuffer?: number } = {}): Promise<string> {
  try {
    const { stdout } = await run('qpdf', args, { maxBuffer: opts.maxBuffer ?? 16 * 1024 * 1024, encoding: 'utf8' });
    return stdout;
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    if (e.code === 3 && typeof e.stdout === 'string') return e.stdout;
    if (e.code === 'ENOENT') throw new Error('qpdf is not installed (Debian package qpdf): searchable PDFs and the check of PDF images over MAX_IMAGE_PIXELS need it');
    if (e.code === 2) throw new ServiceError('invalid_document', `the PDF could not be rewritten: ${(e.stderr ?? '').trim().split('\n')[0]}`);
    throw err;
  }
}

import { isTablesFormat } from '@docsvc/renderers';
import { DocsvcClient, ServiceAnswerError, type JobStatus } from './client.js';
import { findInputs, type Input } from './find-inputs.js';
import type { Format } from './outputs.js';
import { BarsProgress, JsonProgress, LinesProgress, Totals, type DocumentResult, type Progress } from './progress.js';
import type { ResultsDestination } from './results-destination.js';
import { ResultsFolder } from './results-folder.js';
import { ResultsPrinter } from './results-printer.js';

export interface OcrOptions {
  paths: string[];
  /** The folder the results are written under; none: printed on standard output (one format, textual). */
  out?: string;
  formats: Format[];
  language?: string;
  concurrency: number;
  recursive: boolean;
  json: boolean;
  /** Bars (on standard error's terminal); lines otherwise. */
  bars: boolean;
  pollMs?: number;
}

export interface Io {
  /** A line on standard output. */
  out: (line: string) => void;
  /** A line on standard error. */
  err: (line: string) => void;
  /** Text on standard output, as it is. */
  print: (text: string) => void;
}

/**
 * `docsvc ocr`: every supported file of the paths, each through an OCR job (whatever its length), the
 * results written under --out with the same relative paths, or without --out printed on standard output
 * (the progress lines then go to standard error). A document whose outputs exist for the same content
 * (SHA-256) is skipped. Ctrl-C (SIGINT) cancels the running jobs on the server and removes the output
 * files being written. Answers the exit code: 0 all done, 1 some failed, 130 interrupted.
 */
export async function ocrCommand(client: DocsvcClient, opts: OcrOptions, io: Io): Promise<number> {
  const found = await findInputs(opts.paths, opts.recursive);
  const destination: ResultsDestination = opts.out
    ? await ResultsFolder.open(client, opts.out, found, opts.formats)
    : new ResultsPrinter(client, found, opts.formats[0]!, io.print);
  const inputs = destination.inputs;
  // A spreadsheet of the tables wants the tables read with care (the lines drawn on a scan looked for).
  const features = opts.formats.some(isTablesFormat) ? ['tables'] : [];
  const totals = new Totals();
  totals.documents = inputs.length;
  // Standard output carries the results themselves when there is no --out: the reports go to standard error.
  const report = opts.out ? io.out : io.err;
  const progress: Progress = opts.json ? new JsonProgress(report) : opts.bars ? new BarsProgress(totals) : new LinesProgress(report);
  const running = new Set<string>();
  const results: DocumentResult[] = [];
  let interrupted = false;
  let announceInterrupt = () => {};
  const interruption = new Promise<void>((resolve) => (announceInterrupt = resolve));
  const onInterrupt = () => {
    if (interrupted) return;
    interrupted = true;
    announceInterrupt();
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);

  const one = async (input: Input): Promise<DocumentResult> => {
    const started = Date.now();
    if (await destination.upToDate(input)) return { file: input.relative, status: 'skipped' };
    progress.started(input.relative);
    let job: JobStatus | undefined;
    try {
      job = await client.createJob(input.file, { ...(opts.language ? { language: opts.language } : {}), features });
      running.add(job.job_id);
      if (interrupted) {
        await client.cancel(job.job_id); // created while the interruption was being handled
        throw new Interrupted();
      }
      while (job.status === 'queued' || job.status === 'running') {
        if (interrupted) throw new Interrupted();
        await sleep(opts.pollMs ?? 500);
        job = await client.job(job.job_id);
        totals.setPages(input.relative, job.progress.pages_done);
        progress.pages(input.relative, job.progress.pages_done, job.progress.pages_total);
      }
      if (job.status !== 'succeeded') {
        return { file: input.relative, status: 'failed', error: job.error ?? { code: job.status, message: `the job was ${job.status}` } };
      }
      if (interrupted) throw new Interrupted();
      const outputs = await destination.save(input, job.job_id);
      return { file: input.relative, status: 'succeeded', pages: job.progress.pages_done, seconds: (Date.now() - started) / 1000, outputs };
    } catch (err) {
      if (err instanceof Interrupted) return { file: input.relative, status: 'cancelled', error: { code: 'interrupted', message: 'interrupted (Ctrl-C); the job was cancelled' } };
      if (err instanceof ServiceAnswerError) return { file: input.relative, status: 'failed', error: { code: err.code, message: err.message } };
      return { file: input.relative, status: 'failed', error: { code: 'client_error', message: (err as Error).message } };
    } finally {
      if (job) running.delete(job.job_id);
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < inputs.length && !interrupted) {
      const input = inputs[next++]!;
      const result = await one(input);
      if (result.status === 'failed' || result.status === 'cancelled') destination.failed(input);
      if (result.status !== 'cancelled') {
        totals.finished += 1;
        results.push(result);
        progress.finished(result);
      }
    }
  };
  const finishedAll = Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  await Promise.race([finishedAll, interruption]);
  if (interrupted) {
    // At once, not after the documents in hand: the jobs cancelled on the server, partial files removed
    // (the caller exits right after, so nothing in flight writes another).
    await Promise.all([...running].map((id) => client.cancel(id)));
    await destination.abandon();
  }
  progress.stop();
  process.off('SIGINT', onInterrupt);
  process.off('SIGTERM', onInterrupt);

  if (interrupted) {
    const done = results.filter((r) => r.status === 'succeeded').length;
    io.err(`interrupted: the running jobs were cancelled; ${done} documents were done${opts.out ? ' and are kept' : ''}`);
    return 130;
  }
  const failed = results.filter((r) => r.status === 'failed');
  const done = results.filter((r) => r.status === 'succeeded').length;
  const skipped = results.filter((r) => r.status === 'skipped').length;
  if (!opts.json) io.err(`${done} done, ${skipped} skipped (up to date), ${failed.length} failed, ${totals.pagesDone} pages`);
  if (failed.length > 0) {
    if (!opts.json) for (const f of failed) io.err(`  failed: ${f.file}: ${f.error?.code}: ${f.error?.message}`);
    return 1;
  }
  return 0;
}

class Interrupted extends Error {}
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

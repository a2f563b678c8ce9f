import path from 'node:path';
import { isTablesFormat } from '@docsvc/renderers';
import { DocsvcClient, ServiceAnswerError, type JobStatus } from './client.js';
import { findInputs, type Input } from './find-inputs.js';
import { PartialFiles, isDone, markDone, planOutputs, sha256Of, writtenOutputs, type Format } from './outputs.js';
import { BarsProgress, JsonProgress, LinesProgress, Totals, type DocumentResult, type Progress } from './progress.js';

export interface OcrOptions {
  paths: string[];
  out: string;
  formats: Format[];
  language?: string;
  concurrency: number;
  recursive: boolean;
  json: boolean;
  /** Bars on a terminal; lines otherwise. */
  tty: boolean;
  pollMs?: number;
}

/**
 * `docsvc ocr`: every supported file of the paths, each through an OCR job (whatever its length), the
 * results written under --out with the same relative paths. A document whose outputs exist for the
 * same content (SHA-256) is skipped. Ctrl-C (SIGINT) cancels the running jobs on the server and removes
 * the output files being written. Answers the exit code: 0 all done, 1 some failed, 130 interrupted.
 */
export async function ocrCommand(client: DocsvcClient, opts: OcrOptions, io: { out: (line: string) => void; err: (line: string) => void }): Promise<number> {
  // Results written beside the documents (--out over an input folder) are not documents to read.
  const written = await writtenOutputs(opts.out);
  const inputs = (await findInputs(opts.paths, opts.recursive)).filter((i) => !written.has(path.resolve(i.file)));
  const targets = planOutputs(opts.out, inputs, opts.formats);
  // A spreadsheet of the tables wants the tables read with care (the lines drawn on a scan looked for).
  const features = opts.formats.some(isTablesFormat) ? ['tables'] : [];
  const totals = new Totals();
  totals.documents = inputs.length;
  const progress: Progress = opts.json ? new JsonProgress(io.out) : opts.tty ? new BarsProgress(totals) : new LinesProgress(io.out);
  const partials = new PartialFiles();
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
    const sha256 = await sha256Of(input.file);
    const planned = targets.get(input.relative)!;
    if (await isDone(opts.out, input.relative, sha256, planned, opts.formats)) return { file: input.relative, status: 'skipped' };
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
      const outputs: string[] = [];
      for (const format of opts.formats) {
        if (interrupted) throw new Interrupted();
        const target = planned[format];
        await partials.write(target, await client.result(job.job_id, format));
        outputs.push(target);
      }
      await markDone(opts.out, input.relative, sha256, planned, opts.formats);
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
    await partials.removeAll();
  }
  progress.stop();
  process.off('SIGINT', onInterrupt);
  process.off('SIGTERM', onInterrupt);

  if (interrupted) {
    io.err(`interrupted: the running jobs were cancelled; ${results.filter((r) => r.status === 'succeeded').length} documents were done and are kept`);
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

import path from 'node:path';
import type { DocsvcClient } from './client.js';
import type { Input } from './find-inputs.js';
import { PartialFiles, isDone, markDone, planOutputs, sha256Of, writtenOutputs, type Format, type Targets } from './outputs.js';
import type { ResultsDestination } from './results-destination.js';

/**
 * `--out <folder>`: each document's results written under the folder with its relative path, one file a
 * format; a document whose outputs exist for the same content (SHA-256) is up to date.
 */
export class ResultsFolder implements ResultsDestination {
  private readonly partials = new PartialFiles();
  /** Each document's content hash, taken before its job (what its outputs are recorded as made from). */
  private readonly hashes = new Map<Input, string>();

  private constructor(
    private readonly client: DocsvcClient,
    private readonly out: string,
    readonly inputs: readonly Input[],
    private readonly targets: Map<string, Targets>,
    private readonly formats: readonly Format[],
  ) {}

  /** Plans every output before any job: throws OutputClash where one would overwrite a document or another output. */
  static async open(client: DocsvcClient, out: string, found: readonly Input[], formats: readonly Format[]): Promise<ResultsFolder> {
    // Results written beside the documents (--out over an input folder) are not documents to read.
    const written = await writtenOutputs(out);
    const inputs = found.filter((i) => !written.has(path.resolve(i.file)));
    return new ResultsFolder(client, out, inputs, planOutputs(out, inputs, formats), formats);
  }

  async upToDate(input: Input): Promise<boolean> {
    const sha256 = await sha256Of(input.file);
    this.hashes.set(input, sha256);
    return isDone(this.out, input.relative, sha256, this.targets.get(input.relative)!, this.formats);
  }

  async save(input: Input, jobId: string): Promise<string[]> {
    const planned = this.targets.get(input.relative)!;
    const outputs: string[] = [];
    for (const format of this.formats) {
      await this.partials.write(planned[format], await this.client.result(jobId, format));
      outputs.push(planned[format]);
    }
    await markDone(this.out, input.relative, this.hashes.get(input)!, planned, this.formats);
    return outputs;
  }

  failed(): void {}

  abandon(): Promise<void> {
    return this.partials.removeAll();
  }
}

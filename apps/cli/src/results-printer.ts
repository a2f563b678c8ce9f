import type { DocsvcClient } from './client.js';
import type { Input } from './find-inputs.js';
import type { Format } from './outputs.js';
import type { ResultsDestination } from './results-destination.js';

/**
 * No --out: each document's result (its text, or another textual format) printed on standard output,
 * in the order the documents were found whatever order their jobs finish in. With several documents,
 * each under a header line `==> <path> <==` (as `head` and `tail` print several files); a document
 * that failed prints nothing (it is reported on standard error).
 */
export class ResultsPrinter implements ResultsDestination {
  /** The results in hand, not printed yet: null for a document without one. */
  private readonly settled = new Map<Input, string | null>();
  private next = 0;
  private printed = 0;
  readonly inputs: readonly Input[];

  constructor(
    private readonly client: DocsvcClient,
    found: readonly Input[],
    private readonly format: Format,
    private readonly write: (text: string) => void,
  ) {
    // Named by their paths as found, in the headers and the reports alike: with no --out there is no
    // folder for a name to be relative to, and two folders given may hold files of the same name.
    this.inputs = found.map((i) => ({ file: i.file, relative: i.file }));
  }

  async upToDate(): Promise<boolean> {
    return false;
  }

  async save(input: Input, jobId: string): Promise<string[]> {
    const text = await new Response(await this.client.result(jobId, this.format)).text();
    this.settle(input, text);
    return [];
  }

  failed(input: Input): void {
    this.settle(input, null);
  }

  /** Ctrl-C: the documents done are printed still (under their headers), those not done left out. */
  async abandon(): Promise<void> {
    for (const input of this.inputs.slice(this.next)) if (!this.settled.has(input)) this.settled.set(input, null);
    this.flush();
  }

  private settle(input: Input, text: string | null): void {
    this.settled.set(input, text);
    this.flush();
  }

  /** Prints the results in hand up to the first document still running. */
  private flush(): void {
    while (this.next < this.inputs.length && this.settled.has(this.inputs[this.next]!)) {
      const current = this.inputs[this.next++]!;
      const result = this.settled.get(current) ?? null;
      this.settled.delete(current);
      if (result === null) continue;
      const header = this.inputs.length > 1 ? `${this.printed > 0 ? '\n' : ''}==> ${current.relative} <==\n` : '';
      this.write(`${header}${result}${result === '' || result.endsWith('\n') ? '' : '\n'}`);
      this.printed += 1;
    }
  }
}

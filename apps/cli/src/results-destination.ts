import type { Input } from './find-inputs.js';

/** Where the ocr command puts each document's results: files under --out, or standard output. */
export interface ResultsDestination {
  /** The documents to read, of those found. */
  readonly inputs: readonly Input[];
  /** Whether this document's results are in place already (it is skipped, no job made). */
  upToDate(input: Input): Promise<boolean>;
  /** Fetches a succeeded job's results and puts them in place; answers the files written (none for standard output). */
  save(input: Input, jobId: string): Promise<string[]>;
  /** The document ended without results (failed, or cancelled). */
  failed(input: Input): void;
  /** Ctrl-C: removes what is half written. */
  abandon(): Promise<void>;
}

import { FORMAT_NAMES } from './outputs.js';

export const USAGE = `docsvc: a client of a running docsvc service (its HTTP API)

  docsvc ocr <file-or-folder>... --out <folder> [--format ${FORMAT_NAMES.join(',')}] [--language auto]
             [--concurrency 4] [--recursive] [--json]
  docsvc ocr <file-or-folder>... [--format text]      (no --out: the text on standard output)
  docsvc translate --to <lang> [--from <lang>] <text | ->
  docsvc languages [--json]

The service: --url (or DOCSVC_URL, default http://127.0.0.1:8080), --key (or DOCSVC_API_KEY).
Exit codes: 0 all succeeded, 1 some failed, 2 bad usage, 130 interrupted.`;

/** A command line that cannot be run: the message, then the usage, and exit code 2. */
export class UsageError extends Error {}

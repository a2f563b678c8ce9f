import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** pino's level numbers from which a line is shown on the terminal too. */
const SHOWN_FROM_LEVEL = 50; // error
const SHOWN_LABELS = new Set(['error', 'fatal']);

/**
 * Where the logs of `npm start` go (LOG_FILE): every JSON line of the launcher and of its children,
 * appended to one file, so that the terminal keeps the banner and what needs a person: error and fatal
 * lines are shown there too, as one short line each (`worker-ocr: message`). A deployment that runs
 * each app on its own (Kubernetes) keeps its JSON on stdout; this is the launcher's only.
 */
export class LogSink {
  private readonly out: WriteStream;

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.out = createWriteStream(file, { flags: 'a' });
    // A full disk must not stop the service: lines are lost, once said on the terminal.
    this.out.once('error', (err) => process.stderr.write(`launcher: logs cannot be written to ${file}: ${err.message}\n`));
  }

  /** A child's stdout, line by line. */
  attach(app: string, stdout: Readable): void {
    createInterface({ input: stdout, crlfDelay: Infinity }).on('line', (line) => this.line(app, line));
  }

  /** As a pino destination (the launcher's own logger). */
  destination(app: string): { write(chunk: string): void } {
    return { write: (chunk: string) => chunk.split('\n').filter(Boolean).forEach((line) => this.line(app, line)) };
  }

  line(app: string, line: string): void {
    if (this.out.writable) this.out.write(`${line}\n`);
    const shown = errorLine(line);
    if (shown !== undefined) process.stderr.write(`${app}: ${shown}\n`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(resolve));
  }
}

/** The words of an error or fatal JSON log line (its message and its error's), undefined for any other line. */
export function errorLine(line: string): string | undefined {
  let entry: { level?: unknown; msg?: unknown; err?: { message?: unknown } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return line.trim() ? line : undefined; // not JSON (a stack trace printed by hand): shown as it is
  }
  const level = entry.level;
  const serious = typeof level === 'number' ? level >= SHOWN_FROM_LEVEL : typeof level === 'string' && SHOWN_LABELS.has(level);
  if (!serious) return undefined;
  const cause = typeof entry.err?.message === 'string' ? `: ${entry.err.message}` : '';
  return `${String(entry.msg ?? '')}${cause}`;
}

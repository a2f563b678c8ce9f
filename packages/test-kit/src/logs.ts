import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** One pino line, parsed. */
export type LogEntry = Record<string, unknown>;

/** The JSON lines of a text (other lines, such as the launcher's banner or a line cut by a crash, skipped). */
export function parseLogLines(text: string): LogEntry[] {
  const out: LogEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      out.push(JSON.parse(line) as LogEntry);
    } catch {
      // a line cut short
    }
  }
  return out;
}

/** The JSON lines of a log file so far (none while it does not exist). */
export function readLogEntries(file: string): LogEntry[] {
  try {
    return parseLogLines(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

/** The last `lines` lines of a log file, for an error message. */
export function tailOf(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Collects the JSON lines a stream writes, keeping the newest `max`. */
export function collectLogLines(stream: Readable, max = 20_000): LogEntry[] {
  const entries: LogEntry[] = [];
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    entries.push(...parseLogLines(lines.join('\n')));
    if (entries.length > max) entries.splice(0, entries.length - max);
  });
  return entries;
}

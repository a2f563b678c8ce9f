#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DocsvcClient, ServiceAnswerError } from './client.js';
import { UnreadableInputs } from './find-inputs.js';
import { languagesCommand } from './languages-command.js';
import { OCR_OPTIONS, ocrOptions } from './ocr-arguments.js';
import { ocrCommand, type Io } from './ocr-command.js';
import { OutputClash } from './outputs.js';
import { USAGE, UsageError } from './usage.js';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const common = {
    url: { type: 'string' },
    key: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const clientOf = (values: { url?: string | undefined; key?: string | undefined }) => {
    const key = values.key ?? process.env.DOCSVC_API_KEY;
    if (!key) throw new UsageError('no API key: pass --key or set DOCSVC_API_KEY');
    return new DocsvcClient(values.url ?? process.env.DOCSVC_URL ?? 'http://127.0.0.1:8080', key);
  };
  const io: Io = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    print: (text) => process.stdout.write(text),
  };

  if (command === 'ocr') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { ...common, ...OCR_OPTIONS } });
    const opts = ocrOptions(values, positionals, { stdout: Boolean(process.stdout.isTTY), stderr: Boolean(process.stderr.isTTY) });
    return ocrCommand(clientOf(values), opts, io);
  }
  if (command === 'translate') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { ...common, to: { type: 'string' }, from: { type: 'string' } } });
    if (!values.to) throw new UsageError('translate: --to <language> is required');
    if (positionals.length === 0) throw new UsageError('translate: give the text, or - to read it from standard input');
    const text = positionals.length === 1 && positionals[0] === '-' ? readFileSync(0, 'utf8') : positionals.join(' ');
    const { translated_text } = await clientOf(values).translate(text, values.to, values.from);
    io.out(translated_text);
    return 0;
  }
  if (command === 'languages') {
    const { values } = parseArgs({ args: rest, options: { ...common, json: { type: 'boolean', default: false } } });
    return languagesCommand(clientOf(values), { json: values.json }, io);
  }
  throw new UsageError(`unknown command "${command}"`);
}

/** Exits once standard output has taken all that was written to it (a pipe may be slower to read the results than they came). */
const exit = (code: number) => process.stdout.write('', () => process.exit(code));

main(process.argv.slice(2)).then(
  (code) => exit(code),
  (e: unknown) => {
    if (e instanceof UsageError || (e instanceof TypeError && (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`docsvc: ${e.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (e instanceof UnreadableInputs) {
      // A path mistyped: named, without the usage (nothing else was wrong with the command line).
      for (const line of e.lines) process.stderr.write(`docsvc: ${line}\n`);
      process.exit(2);
    }
    if (e instanceof OutputClash) {
      process.stderr.write(`docsvc: ${e.message}\n`);
      process.exit(2);
    }
    if (e instanceof ServiceAnswerError) {
      process.stderr.write(`docsvc: ${e.code}: ${e.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`docsvc: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  },
);

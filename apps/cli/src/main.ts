#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DocsvcClient, ServiceAnswerError } from './client.js';
import { ocrCommand } from './ocr-command.js';
import { FORMAT_NAMES, OutputClash, type Format } from './outputs.js';

const USAGE = `docsvc: a client of a running docsvc service (its HTTP API)

  docsvc ocr <file-or-folder>... --out <folder> [--format ${FORMAT_NAMES.join(',')}] [--language auto]
             [--concurrency 2] [--recursive] [--json]
  docsvc translate --to <lang> [--from <lang>] <text | ->
  docsvc languages

The service: --url (or DOCSVC_URL, default http://127.0.0.1:8080), --key (or DOCSVC_API_KEY).
Exit codes: 0 all succeeded, 1 some failed, 2 bad usage, 130 interrupted.`;

class UsageError extends Error {}

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
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);

  if (command === 'ocr') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        ...common,
        out: { type: 'string', short: 'o' },
        format: { type: 'string', default: 'json' },
        language: { type: 'string' },
        concurrency: { type: 'string', default: '2' },
        recursive: { type: 'boolean', short: 'r', default: false },
        json: { type: 'boolean', default: false },
      },
    });
    if (positionals.length === 0) throw new UsageError('ocr: name at least one file or folder');
    if (!values.out) throw new UsageError('ocr: --out <folder> is required');
    const formats = values.format.split(',').map((f) => f.trim()).filter(Boolean);
    const unknown = formats.filter((f) => !(FORMAT_NAMES as string[]).includes(f));
    if (formats.length === 0 || unknown.length > 0) throw new UsageError(`ocr: --format takes ${FORMAT_NAMES.join(', ')} (got ${unknown.join(', ') || 'nothing'})`);
    const concurrency = Number(values.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('ocr: --concurrency must be a whole number from 1 to 64');
    return ocrCommand(
      clientOf(values),
      {
        paths: positionals,
        out: values.out,
        formats: [...new Set(formats)] as Format[],
        ...(values.language ? { language: values.language } : {}),
        concurrency,
        recursive: values.recursive,
        json: values.json,
        tty: Boolean(process.stdout.isTTY),
      },
      { out, err },
    );
  }
  if (command === 'translate') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { ...common, to: { type: 'string' }, from: { type: 'string' } } });
    if (!values.to) throw new UsageError('translate: --to <language> is required');
    if (positionals.length === 0) throw new UsageError('translate: give the text, or - to read it from standard input');
    const text = positionals.length === 1 && positionals[0] === '-' ? readFileSync(0, 'utf8') : positionals.join(' ');
    const { translated_text } = await clientOf(values).translate(text, values.to, values.from);
    out(translated_text);
    return 0;
  }
  if (command === 'languages') {
    const { values } = parseArgs({ args: rest, options: common });
    out(JSON.stringify(await clientOf(values).languages(), null, 2));
    return 0;
  }
  throw new UsageError(`unknown command "${command}"`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UsageError || (e instanceof TypeError && (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`docsvc: ${e.message}\n\n${USAGE}\n`);
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

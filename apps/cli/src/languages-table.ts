import type { OcrLanguages, TranslationLanguages } from './client.js';

/** Rows as columns two spaces apart, each as wide as its widest cell (the last one not padded). */
export function columns(rows: readonly (readonly string[])[], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => `${indent}${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}`.trimEnd());
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language' });
/** A language code with its English name where it has one: `es (Spanish)`. */
function named(code: string): string {
  let name: string | undefined;
  try {
    name = displayNames.of(code);
  } catch {
    // not a BCP 47 tag: the code alone
  }
  return name && name !== code ? `${code} (${name})` : code;
}

/** The OCR languages: what to send as --language, each language's name, script and model; then the engines running. */
export function ocrLanguagesTable(answer: OcrLanguages): string[] {
  const engines = answer.engines.map((e) => `${e.engine} ${e.version} (${e.workers} worker${e.workers === 1 ? '' : 's'})`).join(', ');
  return [
    `OCR languages (${answer.languages.length}): --language <code>, several joined by + (fra+eng), or ${answer.auto}; default ${answer.default}`,
    ...columns([['CODE', 'NAME', 'SCRIPT', 'MODEL'], ...answer.languages.map((l) => [l.code, l.name, l.script, l.tesseract])]),
    `Engines: ${engines || 'no OCR worker running'}; orientation detection: ${answer.orientation_detection ? 'yes' : 'no'}`,
  ];
}

/** The translation languages, then the pairs: for each source language the targets it translates to (marked where through another language). */
export function translationTable(answer: TranslationLanguages): string[] {
  const targets = new Map<string, string[]>();
  for (const route of [...answer.routes].sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target))) {
    const list = targets.get(route.source) ?? [];
    list.push(route.direct || !route.via ? route.target : `${route.target} (via ${route.via})`);
    targets.set(route.source, list);
  }
  return [
    `Translation languages (${answer.languages.length}): ${answer.languages.map(named).join(', ') || 'none'}`,
    `Pairs (${answer.routes.length}):`,
    ...(answer.routes.length > 0 ? columns([['FROM', 'TO'], ...[...targets].map(([source, to]) => [source, to.join(', ')])]) : ['  none']),
  ];
}

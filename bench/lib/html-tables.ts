// The government tables of government-tables.ts made by another producer: each set as an HTML table
// (CSS borders and shading, the browser's own line breaking and spacing, Liberation Sans (Arial's
// metrics), DejaVu Sans or DejaVu Serif embedded as subsets) and printed to PDF by Chromium, as
// statistics offices' web-to-PDF pipelines print them. Same contents and the same CSVs, so the
// difference from BENCH_TABLES_DIR=government is the producer alone: how the text layer splits and
// spaces words, how rules are drawn (filled rectangles), how cells are padded.
// bench/tables.ts (BENCH_TABLES_DIR=html).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { dejaVuSansWidth } from '../../test/fixtures/font-metrics.ts';
import { printedHtml } from '../../test/fixtures/html-pdf.ts';
import { csvText, governmentTableSpecs, type Spec } from './government-tables.ts';

const liberation = (face: string) => pathToFileURL(createRequire(import.meta.url).resolve(`pdfjs-dist/standard_fonts/LiberationSans-${face}.ttf`)).href;
const FONTS = ["'Arial Like', sans-serif", "'DejaVu Sans', sans-serif", "'DejaVu Serif', serif"];

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A cell's text: lines kept, leading spaces as an indent, `^mark` raised, a `$ ` set at the column's left. */
function cellHtml(text: string, align: string): string {
  return text
    .replace(/^\n+/, '')
    .split('\n')
    .map((line) => {
      const indent = line.match(/^ */)![0].length;
      let t = line.trim();
      let dollar = '';
      if (align === 'right' && /^[$€£] /.test(t)) {
        dollar = `<span style="float:left">${esc(t[0]!)}</span>`;
        t = t.slice(2);
      }
      const [main, mark] = t.split('^') as [string, string | undefined];
      const body = esc(main) + (mark ? `<sup>${esc(mark)}</sup>` : '');
      return indent ? `<span style="padding-left:${indent * 0.5}em">${body}</span>` : dollar + body;
    })
    .join('<br>');
}

function tableHtml(spec: Spec, font: string): string {
  const s = spec.size;
  const cols = spec.cols;
  // Each column its own width, half the gap on either side as its cells' padding: the original
  // geometry, a column line (where drawn) half-way between columns.
  const gaps = [...cols.map((c, i) => (i === 0 ? 4 : c.x - (cols[i - 1]!.x + cols[i - 1]!.w))), 4];
  const widths = cols.map((c, i) => c.w + (gaps[i]! + gaps[i + 1]!) / 2);
  const pad = (c: number, span = 1) => `padding:1pt ${gaps[c + span]! / 2}pt 1pt ${gaps[c]! / 2}pt;`;
  const rules = new Set(spec.rules);
  const vertical = (c: number) => (rules.has('verticals') && c > 0 ? 'border-left:0.6pt solid #000;' : '');
  const out: string[] = [];
  for (const [i, t] of spec.title.entries()) out.push(`<div style="font-size:${i === 0 ? s + 2 : s}pt;font-weight:${i === 0 ? 'bold' : 'normal'};margin-bottom:3pt">${esc(t)}</div>`);
  const header = spec.titleRow ? spec.header.slice(1) : spec.header;
  if (spec.titleRow) {
    const [title, unit] = spec.header[0]!.map(([t]) => t);
    out.push(`<div style="display:flex;justify-content:space-between;width:${widths.reduce((a, b) => a + b, 0)}pt;font-size:${s}pt;margin-bottom:3pt"><b>${esc(title!)}</b><span>${esc(unit!)}</span></div>`);
  }
  const frame = rules.has('frame') ? 'border-left:0.6pt solid #000;border-right:0.6pt solid #000;' : '';
  out.push(`<table style="border-collapse:collapse;table-layout:fixed;font-size:${s}pt;font-family:${font};${frame}${rules.has('top') ? 'border-top:0.8pt solid #000;' : ''}${rules.has('bottom') ? 'border-bottom:0.8pt solid #000;' : ''}">`);
  out.push(`<colgroup>${widths.map((w) => `<col style="width:${w}pt">`).join('')}</colgroup>`);
  const shadeHeader = spec.shade?.includes('header') ? 'background:#d1d1d1;' : '';
  out.push('<thead>');
  header.forEach((row, hi) => {
    const last = hi === header.length - 1;
    const cells: string[] = [];
    let c = 0;
    for (const [text, at, span] of [...row].sort((a, b) => a[1] - b[1])) {
      for (; c < at; c++) cells.push(`<th style="${vertical(c)}"></th>`);
      const align = span > 1 ? 'center' : cols[at]!.align === 'left' ? 'left' : cols[at]!.align;
      const group = span > 1 && rules.has('underGroup') ? `<div style="border-bottom:0.6pt solid #000;margin:0 3pt;padding-bottom:1pt">${cellHtml(text, align)}</div>` : cellHtml(text, align);
      cells.push(`<th colspan="${span}" style="text-align:${align};vertical-align:bottom;font-weight:bold;${pad(at, span)}${vertical(at)}">${group}</th>`);
      c = at + span;
    }
    for (; c < cols.length; c++) cells.push(`<th style="${vertical(c)}"></th>`);
    out.push(`<tr style="${shadeHeader}${last && rules.has('underHeader') ? 'border-bottom:0.6pt solid #000;' : ''}">${cells.join('')}</tr>`);
  });
  out.push('</thead><tbody>');
  const valign = spec.name === 'wrapped_stub' ? 'bottom' : 'top';
  spec.body.forEach((row, ri) => {
    const shade = spec.shade?.includes('zebra') && ri % 2 === 1 ? 'background:#e6e6e6;' : '';
    const above = spec.rulesAboveRows?.includes(ri) ? 'border-top:0.6pt solid #000;' : '';
    if (row.length === 1 && row[0]!.startsWith('@')) {
      out.push(`<tr style="${shade}${above}"><td colspan="${cols.length}" style="text-align:center;padding:3pt 2pt">${esc(row[0]!.slice(1))}</td></tr>`);
      return;
    }
    const cells = row.map((text, c) => {
      const align = cols[c]!.align;
      let html = cellHtml(text, align);
      if (c === 0 && spec.leaders && row.slice(1).some(Boolean) && text) {
        // Dot leaders as a word processor sets them: dots to the column's edge on the label's last line.
        const lastLine = text.split('\n').at(-1)!;
        const used = lastLine.match(/^ */)![0].length * s * 0.5 + dejaVuSansWidth(lastLine.trim() + ' ', s) * 1.05;
        const dots = Math.floor((cols[0]!.w - 4 - used) / dejaVuSansWidth('.', s)) - 1;
        if (dots > 1) html += ' ' + '.'.repeat(dots);
      }
      return `<td style="text-align:${align};vertical-align:${valign};${pad(c)}white-space:nowrap;${vertical(c)}">${html}</td>`;
    });
    out.push(`<tr style="${shade}${above}">${cells.join('')}</tr>`);
  });
  out.push('</tbody></table>');
  for (const n of spec.notes) out.push(`<div style="font-size:${s - 1}pt;margin-top:2pt">${esc(n)}</div>`);
  return out.join('\n');
}

function pageHtml(spec: Spec, font: string): string {
  let body = `<div style="position:absolute;left:${spec.cols[0]!.x - 2}pt;top:60pt">${tableHtml(spec, font)}${spec.next ? `<div style="height:24pt"></div>${tableHtml(spec.next, font)}` : ''}</div>`;
  if (spec.beside) body += `<div style="position:absolute;left:${spec.beside.x}pt;top:60pt;width:230pt;font-size:${spec.size}pt;line-height:1.3">${esc(spec.beside.lines.join(' '))}</div>`;
  const [w, h] = spec.landscape === 'plain' || spec.landscape === 'upright' ? [792, 612] : [612, 792];
  // A table set sideways on a portrait page: the whole landscape layout turned a quarter.
  if (spec.landscape === 'sideways') body = `<div style="position:absolute;left:0;top:0;width:792pt;height:612pt;transform-origin:0 0;transform:translate(0,792pt) rotate(-90deg)">${body}</div>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: "Arial Like"; src: url(${liberation('Regular')}); }
@font-face { font-family: "Arial Like"; font-weight: bold; src: url(${liberation('Bold')}); }
@page { size: ${w}pt ${h}pt; margin: 0 }
html, body { margin: 0; font-family: ${font}; }
</style></head><body style="position:relative;width:${w}pt;height:${h}pt">${body}</body></html>`;
}

/** Writes each government table as NAME.pdf printed by Chromium from HTML, and NAME.csv. */
export async function writeHtmlTables(dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const tables = governmentTableSpecs();
  const pages = tables.map(({ spec }, i) => {
    const html = path.join(dir, `${spec.name}.html`);
    writeFileSync(html, pageHtml(spec, FONTS[i % FONTS.length]!));
    const [widthPt, heightPt] = spec.landscape === 'plain' || spec.landscape === 'upright' ? [792, 612] : [612, 792];
    return { url: pathToFileURL(html).href, widthPt, heightPt };
  });
  const pdfs = await printedHtml(pages);
  tables.forEach(({ spec, csv }, i) => {
    writeFileSync(path.join(dir, `${spec.name}.pdf`), pdfs[i]!);
    writeFileSync(path.join(dir, `${spec.name}.csv`), csvText(csv));
  });
  return tables.map(({ spec }) => spec.name);
}

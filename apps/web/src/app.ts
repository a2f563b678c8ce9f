/**
 * The web page: a client of the HTTP API like any script. The key stays in this tab's session storage.
 * A read page is shown as the OCR worker read it (turned by `rotation`, levelled by `skew`), at the
 * answer's own pixel size, with an SVG of its line and word boxes over it (colour by confidence), and,
 * when asked for, its table cells and key-value pairs (a link from each key to its value); the tables
 * are listed beside the page as tables, the pairs as a list. Prompted fields are outlined where their
 * value is printed, named over the outline, and listed with their type, normalised value and source.
 */

interface Point { x: number; y: number }
interface Bounds { top_left: Point; bottom_right: Point }
interface Word { text: string; bounds: Bounds; confidence: number }
interface Line { text: string; bounds: Bounds; words: Word[] }
interface Section { page: number; text: string; lines: Line[] }
interface PageInfo { page: number; width: number; height: number; rotation?: number; skew?: number }
interface Cell { row_index: number; column_index: number; row_span: number; column_span: number; kind: string; text: string; bounds: Bounds }
interface Table { page: number; bounds: Bounds; row_count: number; column_count: number; cells: Cell[] }
interface Pair { page: number; key: { text: string; bounds: Bounds }; value: { text: string; bounds: Bounds } | null; confidence: number }
interface Field { value: string; normalized: string | number | null; type: string; currency?: string; confidence: number; page: number; bounds: Bounds; source: string }
interface Answer { sections: Section[]; pages?: PageInfo[]; context?: string | Record<string, string[]>; tables?: Table[]; key_value_pairs?: Pair[]; fields?: Record<string, Field | null> }

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const keyInput = $<HTMLInputElement>('key');
const status = $<HTMLSpanElement>('status');
const fileInput = $<HTMLInputElement>('file');
let lastRequest: { file?: File; url?: string; options: Record<string, unknown> } | undefined;

keyInput.value = sessionStorage.getItem('docsvc-key') ?? '';
keyInput.addEventListener('change', () => {
  sessionStorage.setItem('docsvc-key', keyInput.value.trim());
  void loadLanguages();
});

const auth = () => ({ authorization: `Bearer ${keyInput.value.trim()}` });

function say(text: string, error = false): void {
  status.textContent = text;
  status.className = error ? 'error' : '';
}

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  return new Error(`${res.status}: ${body.message ?? res.statusText}`);
}

async function loadLanguages(): Promise<void> {
  if (!keyInput.value.trim()) return;
  const res = await fetch('/v1/vision/ocr/languages', { headers: auth() });
  if (!res.ok) return;
  const body = (await res.json()) as { languages?: Array<string | { code: string; name?: string }> };
  const select = $<HTMLSelectElement>('language');
  for (const l of body.languages ?? []) {
    const code = typeof l === 'string' ? l : l.code;
    if ([...select.options].some((o) => o.value === code)) continue;
    select.add(new Option(typeof l === 'string' ? l : `${l.name ?? code} (${code})`, code));
  }
}

/** POST /v1/vision/ocr: multipart for a file, JSON for a URL; `output` for the other formats. */
async function ocr(request: NonNullable<typeof lastRequest>, output?: string): Promise<Response> {
  const options = { ...request.options, ...(output ? { output } : {}) };
  if (request.file) {
    const form = new FormData();
    form.set('file', request.file, request.file.name);
    form.set('body', JSON.stringify(options));
    return fetch('/v1/vision/ocr', { method: 'POST', headers: auth(), body: form });
  }
  return fetch('/v1/vision/ocr', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ ...options, url: request.url }) });
}

$<HTMLFormElement>('ocr-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});

async function run(): Promise<void> {
  const file = fileInput.files?.[0];
  const url = $<HTMLInputElement>('url').value.trim();
  if (!file && !url) return say('choose a file or give a URL', true);
  const prompts = $<HTMLTextAreaElement>('prompts').value.split('\n').map((p) => p.trim()).filter(Boolean);
  const features = [...($<HTMLInputElement>('tables').checked ? ['tables'] : []), ...($<HTMLInputElement>('pairs').checked ? ['key_value_pairs'] : [])];
  const options: Record<string, unknown> = {
    language: $<HTMLSelectElement>('language').value,
    fine_grained: $<HTMLInputElement>('fine').checked,
    ...(prompts.length ? { prompt: prompts } : {}),
    ...(features.length ? { features } : {}),
  };
  lastRequest = { ...(file ? { file } : { url }), options };
  say('reading...');
  document.body.dataset.state = 'reading';
  try {
    const res = await ocr(lastRequest);
    if (!res.ok) throw await failure(res);
    const answer = (await res.json()) as Answer;
    await show(answer, file);
    say(`${answer.pages?.length ?? 0} page(s) read`);
    $<HTMLDivElement>('downloads').hidden = false;
    document.body.dataset.state = 'done';
  } catch (err) {
    say((err as Error).message, true);
    document.body.dataset.state = 'failed';
  }
}

/** Each page's picture as the OCR worker saw it before turning it: the image itself, or the PDF page rendered at the answer's size. */
async function pageSources(file: File | undefined, pages: PageInfo[]): Promise<Array<CanvasImageSource | undefined>> {
  if (!file) return pages.map(() => undefined);
  if (file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')) {
    const pdfjsUrl = '/web/pdfjs/build/pdf.mjs';
    const pdfjs = (await import(pdfjsUrl)) as {
      GlobalWorkerOptions: { workerSrc: string };
      getDocument(src: { data: Uint8Array }): { promise: Promise<{ getPage(n: number): Promise<PdfPage> }> };
    };
    pdfjs.GlobalWorkerOptions.workerSrc = '/web/pdfjs/build/pdf.worker.mjs';
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
    return Promise.all(
      pages.map(async (p) => {
        const page = await doc.getPage(p.page);
        const turned = p.rotation === 90 || p.rotation === 270;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (turned ? p.height : p.width) / base.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
        return canvas;
      }),
    );
  }
  // An image: the browser applies EXIF orientation as the OCR worker does.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return pages.map((p, i) => (i === 0 ? bitmap : undefined));
}
interface PdfPage {
  getViewport(o: { scale: number }): { width: number; height: number };
  render(o: { canvas: HTMLCanvasElement; canvasContext: CanvasRenderingContext2D; viewport: unknown }): { promise: Promise<void> };
}

const SVG = 'http://www.w3.org/2000/svg';
const level = (c: number) => (c >= 0.9 ? 'high' : c >= 0.7 ? 'mid' : 'low');

async function show(answer: Answer, file: File | undefined): Promise<void> {
  const container = $<HTMLDivElement>('pages');
  container.replaceChildren();
  const pages = answer.pages ?? [];
  const sources = await pageSources(file, pages);
  for (const [i, info] of pages.entries()) {
    const box = document.createElement('div');
    box.className = 'page';
    box.dataset.page = String(info.page);
    const canvas = document.createElement('canvas');
    canvas.width = info.width;
    canvas.height = info.height;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, info.width, info.height);
    const source = sources[i];
    if (source) {
      // Turned clockwise by rotation, then levelled by skew, both about the centre (as the OCR worker did).
      const w = (source as { width: number }).width;
      const h = (source as { height: number }).height;
      ctx.translate(info.width / 2, info.height / 2);
      ctx.rotate((((info.rotation ?? 0) + (info.skew ?? 0)) * Math.PI) / 180);
      ctx.drawImage(source, -w / 2, -h / 2, w, h);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    }
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${info.width} ${info.height}`);
    // Structure under the words, so that hovering a word still finds the word.
    drawStructure(svg, answer, info.page);
    for (const section of answer.sections.filter((s) => s.page === info.page)) {
      for (const line of section.lines) {
        svg.append(rect(line.bounds, 'line'));
        for (const word of line.words) {
          const r = rect(word.bounds, `word ${level(word.confidence)}`);
          r.dataset.text = word.text;
          r.dataset.confidence = word.confidence.toFixed(3);
          svg.append(r);
        }
      }
    }
    drawFields(svg, answer, info.page);
    box.append(canvas, svg);
    container.append(box);
  }
  listStructure(answer);
  $<HTMLPreElement>('text').textContent = answer.sections.map((s) => s.text).join('\n\n');
  const fields = $<HTMLDListElement>('fields');
  fields.replaceChildren();
  if (answer.context && typeof answer.context === 'object') {
    for (const [field, values] of Object.entries(answer.context)) {
      const dt = document.createElement('dt');
      dt.textContent = field;
      const dd = document.createElement('dd');
      dd.dataset.field = field;
      const found = answer.fields?.[field];
      // The best value with what the service made of it; the other values found after it.
      dd.textContent = found
        ? `${found.value} (${found.type}${found.normalized !== null && String(found.normalized) !== found.value ? ` ${found.currency ?? ''}${found.currency ? ' ' : ''}${found.normalized}` : ''}, page ${found.page}, ${found.source})${values.length > 1 ? `; also ${values.slice(1).join(', ')}` : ''}`
        : values.join(', ') || '(not found)';
      fields.append(dt, dd);
    }
  }
}

/** Each prompted field found on this page: its value's box, with the field's name over it. */
function drawFields(svg: SVGSVGElement, answer: Answer, page: number): void {
  for (const [name, found] of Object.entries(answer.fields ?? {})) {
    if (!found || found.page !== page) continue;
    const r = rect(found.bounds, 'field');
    r.dataset.field = name;
    r.dataset.value = found.value;
    const label = document.createElementNS(SVG, 'text') as SVGTextElement & { dataset: DOMStringMap };
    label.setAttribute('x', String(found.bounds.top_left.x));
    label.setAttribute('y', String(Math.max(12, found.bounds.top_left.y - 4)));
    label.setAttribute('class', 'field-name');
    label.dataset.field = name;
    label.textContent = name;
    svg.append(r, label);
  }
}

/** A page's table cells (header cells apart) and its key-value pairs: key, value, and a link between them. */
function drawStructure(svg: SVGSVGElement, answer: Answer, page: number): void {
  for (const [t, table] of (answer.tables ?? []).entries()) {
    if (table.page !== page) continue;
    const outline = rect(table.bounds, 'table');
    outline.dataset.table = String(t);
    svg.append(outline);
    for (const cell of table.cells) {
      const r = rect(cell.bounds, `cell ${cell.kind === 'content' ? 'content' : 'header'}`);
      Object.assign(r.dataset, { table: String(t), row: String(cell.row_index), column: String(cell.column_index), cellText: cell.text });
      svg.append(r);
    }
  }
  for (const pair of answer.key_value_pairs ?? []) {
    if (pair.page !== page) continue;
    const key = rect(pair.key.bounds, 'kv-key');
    key.dataset.key = pair.key.text;
    svg.append(key);
    if (!pair.value) continue;
    const value = rect(pair.value.bounds, 'kv-value');
    value.dataset.key = pair.key.text;
    const link = document.createElementNS(SVG, 'line') as SVGLineElement & { dataset: DOMStringMap };
    // From the key's right edge to the value's left edge, or from its foot to the value's head when the value is below it.
    const k = pair.key.bounds;
    const v = pair.value.bounds;
    const below = v.top_left.y >= k.bottom_right.y && v.top_left.x < k.bottom_right.x;
    const [x1, y1, x2, y2] = below
      ? [(k.top_left.x + k.bottom_right.x) / 2, k.bottom_right.y, (v.top_left.x + v.bottom_right.x) / 2, v.top_left.y]
      : [k.bottom_right.x, (k.top_left.y + k.bottom_right.y) / 2, v.top_left.x, (v.top_left.y + v.bottom_right.y) / 2];
    for (const [name, n] of Object.entries({ x1, y1, x2, y2 })) link.setAttribute(name, String(n));
    link.setAttribute('class', 'kv-link');
    link.dataset.key = pair.key.text;
    svg.append(value, link);
  }
}

/** The tables as HTML tables (spans kept) and the pairs as a list, beside the pages. */
function listStructure(answer: Answer): void {
  const box = $<HTMLDivElement>('structure');
  box.replaceChildren();
  for (const [t, table] of (answer.tables ?? []).entries()) {
    const el = document.createElement('table');
    el.dataset.table = String(t);
    el.createCaption().textContent = `Page ${table.page}, table ${t + 1}: ${table.row_count} x ${table.column_count}`;
    // Position by position: a cell where one starts, nothing where a span covers it, an empty cell elsewhere.
    const starts = new Map(table.cells.map((c) => [`${c.row_index},${c.column_index}`, c]));
    const covered = new Set(table.cells.flatMap((c) => Array.from({ length: c.row_span * c.column_span }, (_, k) => `${c.row_index + Math.floor(k / c.column_span)},${c.column_index + (k % c.column_span)}`)));
    for (let row = 0; row < table.row_count; row++) {
      const tr = el.insertRow();
      for (let column = 0; column < table.column_count; column++) {
        const cell = starts.get(`${row},${column}`);
        if (!cell && covered.has(`${row},${column}`)) continue;
        const td = document.createElement(cell && cell.kind !== 'content' ? 'th' : 'td');
        td.textContent = cell?.text ?? '';
        if (cell) Object.assign(td, { rowSpan: cell.row_span, colSpan: cell.column_span });
        tr.append(td);
      }
    }
    box.append(el);
  }
  const pairs = answer.key_value_pairs ?? [];
  if (pairs.length) {
    const dl = document.createElement('dl');
    dl.className = 'pairs';
    for (const pair of pairs) {
      const dt = document.createElement('dt');
      dt.textContent = pair.key.text;
      const dd = document.createElement('dd');
      dd.textContent = pair.value?.text ?? '(no value)';
      dl.append(dt, dd);
    }
    box.append(dl);
  }
}

function rect(b: Bounds, className: string): SVGRectElement & { dataset: DOMStringMap } {
  const r = document.createElementNS(SVG, 'rect') as SVGRectElement & { dataset: DOMStringMap };
  r.setAttribute('x', String(b.top_left.x));
  r.setAttribute('y', String(b.top_left.y));
  r.setAttribute('width', String(Math.max(1, b.bottom_right.x - b.top_left.x)));
  r.setAttribute('height', String(Math.max(1, b.bottom_right.y - b.top_left.y)));
  r.setAttribute('class', className);
  return r;
}

// Hover a word: its text and confidence.
const tooltip = $<HTMLDivElement>('tooltip');
$<HTMLDivElement>('pages').addEventListener('mousemove', (event) => {
  const target = event.target as Element;
  const text = target instanceof SVGRectElement ? (target as SVGRectElement & { dataset: DOMStringMap }).dataset.text : undefined;
  if (!text) {
    tooltip.hidden = true;
    return;
  }
  tooltip.textContent = `${text} (${(target as SVGRectElement & { dataset: DOMStringMap }).dataset.confidence})`;
  tooltip.style.left = `${event.clientX + 12}px`;
  tooltip.style.top = `${event.clientY + 12}px`;
  tooltip.hidden = false;
});

// Downloads: one button per format the service offers, read from its OpenAPI document (the
// `output` property's formats, with their titles and extensions); the same request again with `output`.
interface FormatInfo { title: string; extension: string }
let formats: Record<string, FormatInfo> = {};
async function loadFormats(): Promise<void> {
  const res = await fetch('/openapi.json');
  if (!res.ok) return;
  const doc = (await res.json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[]; 'x-formats'?: Record<string, FormatInfo> }> } }> } }>> };
  const output = doc.paths['/v1/vision/ocr']?.post?.requestBody?.content['application/json']?.schema.properties.output;
  formats = output?.['x-formats'] ?? {};
  const downloads = $<HTMLDivElement>('downloads');
  for (const name of output?.enum ?? []) {
    const button = document.createElement('button');
    button.dataset.format = name;
    button.textContent = formats[name]?.title ?? name;
    downloads.append(button);
  }
}

/** The file name the answer's Content-Disposition gives (its UTF-8 form first), if any. */
function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

$<HTMLDivElement>('downloads').addEventListener('click', (event) => {
  const format = (event.target as HTMLElement).dataset.format;
  if (!format || !lastRequest) return;
  void (async () => {
    const res = await ocr(lastRequest!, format);
    if (!res.ok) return say((await failure(res)).message, true);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await res.blob());
    const stem = (lastRequest!.file?.name ?? 'document').replace(/\.[^.]+$/, '');
    a.download = dispositionName(res.headers.get('content-disposition')) ?? `${stem}.${formats[format]?.extension ?? format}`;
    a.click();
    URL.revokeObjectURL(a.href);
  })();
});

// Drag and drop onto the drop zone.
const drop = $<HTMLDivElement>('drop');
drop.addEventListener('dragover', (event) => {
  event.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (event) => {
  event.preventDefault();
  drop.classList.remove('over');
  if (event.dataTransfer?.files.length) fileInput.files = event.dataTransfer.files;
});

$<HTMLButtonElement>('translate-run').addEventListener('click', () => {
  void (async () => {
    const res = await fetch('/v1/ai/translate', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ text: $<HTMLTextAreaElement>('source-text').value, target_language: $<HTMLInputElement>('target').value }),
    });
    $<HTMLPreElement>('translation').textContent = res.ok ? ((await res.json()) as { translated_text: string }).translated_text : (await failure(res)).message;
  })();
});

void loadLanguages();
void loadFormats();

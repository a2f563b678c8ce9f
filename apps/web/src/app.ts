/**
 * The web page: a client of the HTTP API like any script. The key stays in this tab's session storage.
 * A read page is shown as the OCR worker read it (turned by `rotation`, levelled by `skew`), at the
 * answer's own pixel size, with an SVG of its line and word boxes over it (colour by confidence), and,
 * when asked for, its table cells and key-value pairs (a link from each key to its value); the tables
 * are listed beside the page as tables, the pairs as a list. Prompted fields are outlined where their
 * value is printed, named over the outline, and listed with their type, normalised value and source.
 *
 * A document the page knows to have at most SYNC_MAX_PAGES pages is read on the synchronous route; a
 * longer one, or one whose length only the service can tell (a URL, a TIFF), runs as an OCR job whose
 * progress is polled, and whose downloads then come from the job's result (nothing is read twice).
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
interface Warning { code: string; message: string; pages?: number[] }
interface Answer { sections: Section[]; pages?: PageInfo[]; context?: string | Record<string, string[]>; tables?: Table[]; key_value_pairs?: Pair[]; fields?: Record<string, Field | null>; warnings?: Warning[] }
interface JobStatus { status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'; progress: { pages_done: number; pages_total: number | null }; error?: { code: string; message: string } }

/** The most pages the synchronous route reads (POST /v1/vision/ocr); longer documents run as jobs. */
const SYNC_MAX_PAGES = 10;
const JOBS = '/v1/vision/ocr/jobs';
const PDFJS = '/web/pdfjs/';

/** A read: what was sent, and the job that read it when it ran as one. */
interface Read { file?: File; url?: string; options: Record<string, unknown>; jobId?: string }

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const keyInput = $<HTMLInputElement>('key');
const status = $<HTMLSpanElement>('status');
const progress = $<HTMLProgressElement>('progress');
const runButton = $<HTMLButtonElement>('run');
const fileInput = $<HTMLInputElement>('file');
let lastRead: Read | undefined;

keyInput.value = sessionStorage.getItem('docsvc-key') ?? '';
keyInput.addEventListener('change', () => {
  sessionStorage.setItem('docsvc-key', keyInput.value.trim());
  void loadLanguages();
});

const auth = () => ({ authorization: `Bearer ${keyInput.value.trim()}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function say(text: string, error = false): void {
  status.textContent = text;
  status.className = error ? 'error' : '';
}

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  return new Error(`${res.status}: ${body.message ?? res.statusText}`);
}

/** The key the language list was asked with: asked once a key is there, and again when it changes. */
let languagesKey = '';
async function loadLanguages(): Promise<void> {
  const key = keyInput.value.trim();
  if (!key || key === languagesKey) return;
  languagesKey = key;
  const res = await fetch('/v1/vision/ocr/languages', { headers: auth() });
  if (!res.ok) return say(`languages: ${(await failure(res)).message}`, true);
  const body = (await res.json()) as { languages?: Array<string | { code: string; name?: string }> };
  const select = $<HTMLSelectElement>('language');
  for (const l of body.languages ?? []) {
    const code = typeof l === 'string' ? l : l.code;
    if ([...select.options].some((o) => o.value === code)) continue;
    select.add(new Option(typeof l === 'string' ? l : `${l.name ?? code} (${code})`, code));
  }
}

/** POSTs the read to `path` (the synchronous route or jobs): multipart for a file, JSON for a URL; `output` for the other formats. */
function send(path: string, read: Read, output?: string): Promise<Response> {
  const options = { ...read.options, ...(output ? { output } : {}) };
  if (read.file) {
    const form = new FormData();
    form.set('file', read.file, read.file.name);
    form.set('body', JSON.stringify(options));
    return fetch(path, { method: 'POST', headers: auth(), body: form });
  }
  return fetch(path, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ ...options, url: read.url }) });
}

$<HTMLFormElement>('ocr-form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (!runButton.disabled) void run();
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
  const read: Read = { ...(file ? { file } : { url }), options };
  runButton.disabled = true;
  $<HTMLDivElement>('downloads').hidden = true;
  document.body.dataset.state = 'reading';
  say('reading...');
  let local: Pictures | undefined;
  try {
    // The page's own copy of a file: its page count decides the route, and its pages are drawn from it.
    local = file ? await openLocal(file) : undefined;
    const answer = local && local.pages <= SYNC_MAX_PAGES ? await readNow(read, local.pages) : await readAsJob(read);
    // A URL (fetched by the service, and most sites do not let this page fetch it too) or a file the
    // browser cannot draw is drawn from the job's searchable PDF: the document's own page images.
    const pictures = local ?? (await jobPdf(read.jobId!).catch(() => undefined));
    show(answer, pictures);
    lastRead = read;
    say(`${answer.pages?.length ?? 0} page(s) read${pictures ? '' : ' (not drawn: the document could not be opened here)'}`);
    $<HTMLDivElement>('downloads').hidden = false;
    document.body.dataset.state = 'done';
  } catch (err) {
    local?.close();
    say((err as Error).message, true);
    document.body.dataset.state = 'failed';
  } finally {
    runButton.disabled = false;
    progress.hidden = true;
  }
}

/** The synchronous route, which tells nothing until it answers: the seconds spent so far show that it works. */
async function readNow(read: Read, pages: number): Promise<Answer> {
  const started = Date.now();
  const tick = () => say(`reading ${pages} page(s)... ${Math.round((Date.now() - started) / 1000)} s`);
  tick();
  const timer = setInterval(tick, 1000);
  progress.removeAttribute('value'); // an indeterminate bar
  progress.hidden = false;
  try {
    const res = await send('/v1/vision/ocr', read);
    if (!res.ok) throw await failure(res);
    return (await res.json()) as Answer;
  } finally {
    clearInterval(timer);
  }
}

/** An OCR job: created, its progress polled each second (pages read of all), its whole answer read once it has succeeded. */
async function readAsJob(read: Read): Promise<Answer> {
  const created = await send(JOBS, read);
  if (!created.ok) throw await failure(created);
  read.jobId = ((await created.json()) as { job_id: string }).job_id;
  progress.hidden = false;
  for (;;) {
    const res = await fetch(`${JOBS}/${read.jobId}?answer=false`, { headers: auth() });
    if (!res.ok) throw await failure(res);
    const job = (await res.json()) as JobStatus;
    if (job.status === 'succeeded') break;
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(job.error ? `${job.error.code}: ${job.error.message}` : `the job was ${job.status}`);
    const { pages_done: done, pages_total: total } = job.progress;
    say(total === null ? `${job.status}: opening the document...` : `reading: ${done} of ${total} pages`);
    if (total === null) progress.removeAttribute('value');
    else Object.assign(progress, { max: total, value: done });
    await sleep(1000);
  }
  const res = await fetch(`${JOBS}/${read.jobId}`, { headers: auth() });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as Answer;
}

/** A document opened here: its page count, and each page's picture as the OCR worker saw it before turning it (undefined where there is none). */
interface Pictures {
  pages: number;
  /** The page's picture at its size in the answer (`width` x `height` once turned). */
  paint(info: PageInfo): Promise<CanvasImageSource | undefined>;
  /** Frees what holds it (pdf.js's worker and the document, or the decoded image). */
  close(): void;
}

/** A file opened here; undefined when the browser cannot open it (a TIFF). */
async function openLocal(file: File): Promise<Pictures | undefined> {
  if (file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')) return openPdf(new Uint8Array(await file.arrayBuffer())).catch(() => undefined);
  // An image: the browser applies EXIF orientation as the OCR worker does.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => undefined);
  return bitmap && { pages: 1, paint: async (info) => (info.page === 1 ? bitmap : undefined), close: () => bitmap.close() };
}

/** A job's searchable PDF (made once, then kept with the job), opened with pdf.js. */
async function jobPdf(jobId: string): Promise<Pictures> {
  const res = await fetch(`${JOBS}/${jobId}/result?format=pdf`, { headers: auth() });
  if (!res.ok) throw await failure(res);
  return openPdf(new Uint8Array(await res.arrayBuffer()));
}

interface PdfPage {
  getViewport(o: { scale: number }): { width: number; height: number };
  render(o: { canvas: HTMLCanvasElement; canvasContext: CanvasRenderingContext2D; viewport: unknown }): { promise: Promise<void> };
}
interface PdfJs {
  GlobalWorkerOptions: { workerSrc: string };
  getDocument(src: { data: Uint8Array; wasmUrl: string; iccUrl: string; cMapUrl: string; standardFontDataUrl: string }): { promise: Promise<{ numPages: number; getPage(n: number): Promise<PdfPage>; destroy(): Promise<void> }> };
}

/** A PDF opened with pdf.js (served by the API), its pages rendered at the answer's size. */
async function openPdf(data: Uint8Array): Promise<Pictures> {
  const pdfjsUrl = `${PDFJS}build/pdf.mjs`; // a variable: tsc leaves the import to the browser
  const pdfjs = (await import(pdfjsUrl)) as PdfJs;
  pdfjs.GlobalWorkerOptions.workerSrc = `${PDFJS}build/pdf.worker.mjs`;
  // What pdf.js's worker fetches as a document needs it: the JBIG2, JPEG 2000 and colour decoders (WebAssembly),
  // ICC profiles, CMaps of CJK fonts, the standard fonts' data. Without them such pages are drawn white.
  const doc = await pdfjs.getDocument({ data, wasmUrl: `${PDFJS}wasm/`, iccUrl: `${PDFJS}iccs/`, cMapUrl: `${PDFJS}cmaps/`, standardFontDataUrl: `${PDFJS}standard_fonts/` }).promise;
  const paint = async (p: PageInfo) => {
    const page = await doc.getPage(p.page);
    const turned = p.rotation === 90 || p.rotation === 270;
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: (turned ? p.height : p.width) / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    return canvas;
  };
  return { pages: doc.numPages, paint, close: () => void doc.destroy() };
}

const SVG = 'http://www.w3.org/2000/svg';
const level = (c: number) => (c >= 0.9 ? 'high' : c >= 0.7 ? 'mid' : 'low');

/** Pages are drawn as they come near the view: every page of a long document drawn at once would take gigabytes. */
let observer: IntersectionObserver | undefined;
/** The pictures of the pages shown, closed when others replace them. */
let shown: Pictures | undefined;

function show(answer: Answer, pictures: Pictures | undefined): void {
  const container = $<HTMLDivElement>('pages');
  container.replaceChildren();
  observer?.disconnect();
  shown?.close();
  shown = pictures;
  const draws = new Map<Element, () => Promise<void>>();
  observer = new IntersectionObserver(
    (entries, self) => {
      for (const entry of entries.filter((e) => e.isIntersecting)) {
        self.unobserve(entry.target);
        void draws.get(entry.target)?.();
      }
    },
    { rootMargin: '100% 0px' },
  );
  for (const info of answer.pages ?? []) {
    const box = document.createElement('div');
    box.className = 'page';
    box.dataset.page = String(info.page);
    // Its size before it is drawn, so that the pages below it are where they will be.
    box.style.width = `${info.width}px`;
    box.style.aspectRatio = `${info.width} / ${info.height}`;
    draws.set(box, async () => {
      box.prepend(drawPage(info, await pictures?.paint(info).catch(() => undefined)));
      box.dataset.drawn = 'true';
    });
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
    box.append(svg);
    container.append(box);
    observer.observe(box);
  }
  listStructure(answer);
  // What the service left undone although the read succeeded (pages not read, images skipped, ...).
  const warnings = $<HTMLUListElement>('warnings');
  warnings.replaceChildren();
  for (const warning of answer.warnings ?? []) {
    const li = document.createElement('li');
    li.dataset.code = warning.code;
    li.textContent = warning.message;
    warnings.append(li);
  }
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

/** A page's canvas: white, with its picture (if any) turned clockwise by rotation, then levelled by skew, both about the centre (as the OCR worker did). */
function drawPage(info: PageInfo, source: CanvasImageSource | undefined): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = info.width;
  canvas.height = info.height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, info.width, info.height);
  if (source) {
    const { width: w, height: h } = source as { width: number; height: number };
    ctx.translate(info.width / 2, info.height / 2);
    ctx.rotate((((info.rotation ?? 0) + (info.skew ?? 0)) * Math.PI) / 180);
    ctx.drawImage(source, -w / 2, -h / 2, w, h);
  }
  return canvas;
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
// `output` property's formats, with their titles and extensions).
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

/** A download's name: the document's (the uploaded file's, or the URL's file name, else its host) with the format's extension. */
function downloadName(read: Read, format: string): string {
  const url = read.url ? new URL(read.url) : undefined;
  const last = url?.pathname.split('/').filter(Boolean).pop();
  const name = read.file?.name ?? (last ? decoded(last) : url?.hostname) ?? '';
  // The extension dropped as the service drops it from the names it gives (apps/api/src/output-format.ts).
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'document';
  return `${stem}.${formats[format]?.extension ?? format}`;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a stray % in the URL
  }
}

$<HTMLDivElement>('downloads').addEventListener('click', (event) => {
  const format = (event.target as HTMLElement).dataset.format;
  const read = lastRead;
  if (!format || !read) return;
  void (async () => {
    // A job's result in that format; else the same request again with `output`.
    const res = read.jobId ? await fetch(`${JOBS}/${read.jobId}/result?format=${format}`, { headers: auth() }) : await send('/v1/vision/ocr', read, format);
    if (!res.ok) return say((await failure(res)).message, true);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await res.blob());
    a.download = downloadName(read, format);
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
    const out = $<HTMLPreElement>('translation');
    out.textContent = res.ok ? ((await res.json()) as { translated_text: string }).translated_text : (await failure(res)).message;
    out.className = res.ok ? '' : 'error';
  })();
});

void loadLanguages();
void loadFormats();

import cliProgress from 'cli-progress';

/** What the ocr command reports as it goes; one implementation for a terminal, one for logs, one for JSON lines. */
export interface Progress {
  started(name: string): void;
  pages(name: string, done: number, total: number | null): void;
  finished(result: DocumentResult): void;
  stop(): void;
}

export interface DocumentResult {
  file: string;
  status: 'succeeded' | 'failed' | 'skipped' | 'cancelled';
  pages?: number;
  seconds?: number;
  outputs?: string[];
  error?: { code: string; message: string };
}

/** Overall counts, shared by the displays. */
export class Totals {
  documents = 0;
  finished = 0;
  pagesDone = 0;
  private readonly started = Date.now();
  readonly pagesByDoc = new Map<string, number>();

  rate(): number {
    const seconds = (Date.now() - this.started) / 1000;
    return seconds > 0 ? this.pagesDone / seconds : 0;
  }
  setPages(name: string, done: number): void {
    this.pagesDone += done - (this.pagesByDoc.get(name) ?? 0);
    this.pagesByDoc.set(name, done);
  }
}

/** On a terminal: a bar per running document (pages done of total) and one overall (documents, pages, pages/s, ETA). */
export class BarsProgress implements Progress {
  private readonly bars = new cliProgress.MultiBar(
    { clearOnComplete: false, hideCursor: true, format: ' {name} |{bar}| {value}/{total} pages', barsize: 30, autopadding: true, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  private readonly overall: cliProgress.SingleBar;
  private readonly running = new Map<string, cliProgress.SingleBar>();

  constructor(private readonly totals: Totals) {
    this.overall = this.bars.create(totals.documents, 0, { name: 'all' }, {
      format: ' {name} |{bar}| {value}/{total} documents | {pages} pages | {rate} pages/s | ETA {eta_formatted}',
    });
    this.tick();
  }
  private tick(): void {
    this.overall.update(this.totals.finished, { name: 'all', pages: this.totals.pagesDone, rate: this.totals.rate().toFixed(2) });
  }
  started(name: string): void {
    this.running.set(name, this.bars.create(1, 0, { name: shorten(name) }));
  }
  pages(name: string, done: number, total: number | null): void {
    const bar = this.running.get(name);
    if (total) bar?.setTotal(total);
    bar?.update(done);
    this.tick();
  }
  finished(result: DocumentResult): void {
    const bar = this.running.get(result.file);
    if (bar && result.status === 'succeeded' && result.pages) {
      // Drawn full once before it goes: a document read between two redraws would otherwise vanish at 0/1.
      bar.setTotal(result.pages);
      bar.update(result.pages);
      this.bars.update();
    }
    if (bar) this.bars.remove(bar);
    this.running.delete(result.file);
    if (result.status === 'failed') this.bars.log(`failed: ${result.file}: ${result.error?.code}: ${result.error?.message}\n`);
    this.tick();
  }
  stop(): void {
    this.tick();
    this.bars.stop();
  }
}

/** Not on a terminal: a line per finished document. */
export class LinesProgress implements Progress {
  constructor(private readonly write: (line: string) => void) {}
  started(): void {}
  pages(): void {}
  finished(r: DocumentResult): void {
    if (r.status === 'succeeded') this.write(`done ${r.file}: ${r.pages} page${r.pages === 1 ? '' : 's'} in ${r.seconds?.toFixed(1)} s${r.outputs?.length ? ` -> ${r.outputs.join(', ')}` : ''}`);
    else if (r.status === 'skipped') this.write(`skipped ${r.file}: outputs up to date`);
    else this.write(`${r.status} ${r.file}: ${r.error?.code}: ${r.error?.message}`);
  }
  stop(): void {}
}

/** --json: one JSON object per finished document. */
export class JsonProgress implements Progress {
  constructor(private readonly write: (line: string) => void) {}
  started(): void {}
  pages(): void {}
  finished(r: DocumentResult): void {
    this.write(JSON.stringify(r));
  }
  stop(): void {}
}

const shorten = (name: string) => (name.length > 40 ? `...${name.slice(-37)}` : name);

// Reading order: pages laid out as real documents are (test/fixtures/layouts.ts: a two-column article,
// a business letter, a page of justified prose), as 300- and 200-DPI scans and as born-digital PDFs,
// read through the service; their words in order compared with the true text (orderedWordAccuracy:
// 1 - word edit distance / words). Beside them, tesseract by hand on the same scan (`tesseract page.png
// -`), and the searchable PDFs read back with pdftotext: the service's (output "pdf") against
// tesseract's own PDF renderer (`tesseract page.png out pdf`). Targets (issue 21): agreement with
// tesseract by hand on single-column pages >= 0.95, two-column pages read column by column, and
// pdftotext of the service's searchable PDF at least as good as of tesseract's.
// BENCH_READING_ORDER_PAGES=letter,article: those pages only, 300 DPI; BENCH_READING_ORDER_DEBUG=1: print the texts.
// Run: npm run bench -- reading-order
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drawnPdf } from '../test/fixtures/pdf.ts';
import { letter, justifiedPage, orderedWordAccuracy, twoColumnArticle, type LaidOutPage } from '../test/fixtures/layouts.ts';
import { renderPlaced, toPng } from '../test/fixtures/render-text.ts';
import { main, report, round } from './lib/common.ts';
import { startPieces } from './lib/stack.ts';

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
const ALL: Record<string, LaidOutPage> = { article: twoColumnArticle(), letter: letter(), justified: justifiedPage() };
const ONLY = process.env.BENCH_READING_ORDER_PAGES?.split(',');
const LAYOUTS = Object.fromEntries(Object.entries(ALL).filter(([name]) => !ONLY || ONLY.includes(name)));

await main(async () => {
  const service = await startPieces();
  await Promise.all([service.startApp('worker-pdf'), service.startApp('worker-ocr')]);
  const dir = mkdtempSync(path.join(tmpdir(), 'reading-order-'));
  const rows: Array<Record<string, unknown>> = [];
  const post = async (key: string, output: 'text' | 'pdf'): Promise<Buffer> => {
    const response = await fetch(`${service.baseUrl}/v1/vision/ocr`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file_store_key: key, output }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${key} ${output}: ${response.status} ${bytes.toString('utf8').slice(0, 300)}`);
    return bytes;
  };
  const pdftotext = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  try {
    for (const [name, layout] of Object.entries(LAYOUTS)) {
      const truth = layout.lines.flatMap(wordsOf);
      const score = (text: string) => round(orderedWordAccuracy(truth, wordsOf(text)), 3);
      const pdfKey = `bench/reading-order/${name}.pdf`;
      await service.api.upload(pdfKey, drawnPdf([layout.page]));
      rows.push({ page: name, source: 'born-digital PDF', service: score((await post(pdfKey, 'text')).toString('utf8')) });
      for (const dpi of ONLY ? [300] : [300, 200]) {
        const png = await toPng(await renderPlaced(layout.page, { dpi }));
        const file = path.join(dir, `${name}-${dpi}.png`);
        writeFileSync(file, png);
        const key = `bench/reading-order/${name}-${dpi}.png`;
        await service.api.upload(key, png);
        const serviceText = (await post(key, 'text')).toString('utf8');
        const servicePdf = path.join(dir, `${name}-${dpi}-service.pdf`);
        writeFileSync(servicePdf, await post(key, 'pdf'));
        const byHand = execFileSync('tesseract', [file, '-', '--dpi', String(dpi)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
        const base = path.join(dir, `${name}-${dpi}-tesseract`);
        execFileSync('tesseract', [file, base, '--dpi', String(dpi), 'pdf'], { stdio: 'ignore' });
        const agreement = round(orderedWordAccuracy(wordsOf(byHand), wordsOf(serviceText)), 3);
        rows.push({
          page: name,
          source: `scan ${dpi} DPI`,
          service: score(serviceText),
          tesseract_by_hand: score(byHand),
          agreement_with_tesseract: agreement,
          service_pdf_pdftotext: score(pdftotext(servicePdf)),
          tesseract_pdf_pdftotext: score(pdftotext(`${base}.pdf`)),
        });
        if (process.env.BENCH_READING_ORDER_DEBUG) {
          console.log(`--- ${name} ${dpi}\n${serviceText}\n--- pdftotext\n${pdftotext(servicePdf)}`);
          writeFileSync(path.join(tmpdir(), `reading-order-${name}-${dpi}.pdf`), readFileSync(servicePdf));
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await service.stop();
  }
  const scans = rows.filter((r) => r.tesseract_pdf_pdftotext !== undefined);
  const single = scans.filter((r) => r.page !== 'article');
  const minAgreement = Math.min(...single.map((r) => Number(r.agreement_with_tesseract)));
  const pdfMargin = Math.min(...scans.map((r) => Number(r.service_pdf_pdftotext) - Number(r.tesseract_pdf_pdftotext)));
  console.log(`single-column scans: agreement with tesseract by hand at least ${minAgreement} (target >= 0.95); searchable PDF read by pdftotext: service minus tesseract's own at least ${round(pdfMargin, 3)} (target >= 0)`);
  report('reading-order', rows, { min_agreement_single_column: minAgreement, target_agreement: 0.95, min_pdf_margin: round(pdfMargin, 3), target_pdf_margin: 0 }, ['tesseract', 'pdftotext']);
});

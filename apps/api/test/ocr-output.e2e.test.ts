import { randomUUID } from 'node:crypto';
import parser from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../test/fixtures/pdf.js';
import { ALICE, bearer, runJob, startApi, type TestApi } from './harness.js';
import { prosePage, sampleProse } from './ocr-fixtures.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * The answer in the formats archives take (plain text, hOCR, ALTO), synchronous (`output`) and from a
 * job (`GET .../result?format=`), checked against the JSON answer of the same document: same words,
 * same boxes.
 */

let api: TestApi;
let workers: RunningWorkers;
let key: string;
let answer: { sections: Array<{ page: number; text: string; lines: Array<{ words: Array<{ text: string; bounds: { top_left: { x: number; y: number }; bottom_right: { x: number; y: number } }; confidence: number }> }> }> };

beforeAll(async () => {
  api = await startApi();
  workers = await startWorkers(['pdf', 'ocr', 'jobs'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2' });
  const images = await Promise.all([sampleProse(4, 21), sampleProse(4, 22)].map(async (t) => (await prosePage(t, 1200)).image));
  key = `output/${randomUUID()}/letter.pdf`;
  const stored = await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: scannedPdf(images) });
  expect(stored.status).toBe(200);
  answer = await (await ocr({ file_store_key: key })).json();
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
});

const ocr = (body: object) => fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const parse = (xml: string) => {
  expect(parser.validate(xml)).toBe(true);
  return parser.parse(xml, { ignoreAttributes: false, attributeNamePrefix: '', arrayMode: true, tagValueProcessor: decode, attrValueProcessor: decode });
};

/** Every word of the JSON answer, in order: page, text, box. */
const jsonWords = () =>
  answer.sections.flatMap((s) =>
    s.lines.flatMap((l) => l.words.map((w) => ({ page: s.page, text: w.text, box: [w.bounds.top_left.x, w.bounds.top_left.y, w.bounds.bottom_right.x, w.bounds.bottom_right.y].map(Math.round) }))),
  );

function hocrWords(xml: string) {
  const pages = parse(xml).html[0].body[0].div;
  return pages.flatMap((page: any, i: number) =>
    page.div.flatMap((carea: any) =>
      carea.p.flatMap((par: any) =>
        par.span.flatMap((line: any) =>
          line.span.map((w: any) => ({ page: i + 1, text: String(w['#text']), box: /^bbox (\d+) (\d+) (\d+) (\d+)/.exec(w.title)!.slice(1, 5).map(Number) })),
        ),
      ),
    ),
  );
}

function altoWords(xml: string) {
  const pages = parse(xml).alto[0].Layout[0].Page;
  return pages.flatMap((page: any, i: number) =>
    page.PrintSpace[0].TextBlock.flatMap((block: any) =>
      block.TextLine.flatMap((line: any) =>
        line.String.map((s: any) => ({ page: i + 1, text: s.CONTENT, box: [Number(s.HPOS), Number(s.VPOS), Number(s.HPOS) + Number(s.WIDTH), Number(s.VPOS) + Number(s.HEIGHT)] })),
      ),
    ),
  );
}

describe('output formats of POST /v1/vision/ocr', () => {
  it('text: the pages in order, apart by a form feed', async () => {
    const res = await ocr({ file_store_key: key, output: 'text' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    const pages = text.split('\f');
    expect(pages).toHaveLength(2);
    for (const [i, page] of pages.entries()) {
      expect(page.trim()).toBe(answer.sections.filter((s) => s.page === i + 1).map((s) => s.text).join('\n\n'));
    }
  });

  it('hOCR: well-formed XHTML with the JSON answer’s words and boxes, and baselines', async () => {
    const res = await ocr({ file_store_key: key, output: 'hocr' });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const xml = await res.text();
    expect(hocrWords(xml)).toEqual(jsonWords());
    expect(xml).toMatch(/class='ocr_line' id='line_1_1' title="bbox \d+ \d+ \d+ \d+; baseline -?[\d.]+ -?\d+"/);
    expect(xml).toContain("title='image \"letter.pdf\"; bbox 0 0 ");
  });

  it('ALTO: well-formed ALTO 4 with the JSON answer’s words and boxes', async () => {
    const res = await ocr({ file_store_key: key, output: 'alto' });
    expect(res.headers.get('content-type')).toBe('application/alto+xml; charset=utf-8');
    expect(altoWords(await res.text())).toEqual(jsonWords());
  });

  it('refuses a format it does not have, naming the ones it has', async () => {
    const res = await ocr({ file_store_key: key, output: 'docx' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^output: /);
  });
});

describe('GET /v1/vision/ocr/jobs/{job_id}/result', () => {
  it('serves a succeeded job in every format, named after its document', async () => {
    const jobId = await runJob(api, { file_store_key: key });
    const get = (format: string) => fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${jobId}/result?format=${format}`, { headers: bearer(ALICE) });
    const json = await get('json');
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="letter.json"; filename*=UTF-8''letter.json`);
    expect((await json.json()).sections.map((s: { text: string }) => s.text)).toEqual(answer.sections.map((s) => s.text));
    const hocr = await get('hocr');
    expect(hocr.headers.get('content-disposition')).toContain('filename="letter.hocr"');
    expect(hocrWords(await hocr.text())).toEqual(jsonWords());
    const alto = await get('alto');
    expect(alto.headers.get('content-disposition')).toContain('filename="letter.xml"');
    expect(altoWords(await alto.text())).toEqual(jsonWords());
    const text = await get('text');
    expect((await text.text()).split('\f')).toHaveLength(2);
    expect((await get('pdfx')).status).toBe(400);
  });
});

import { scannedPdf } from '../test/fixtures/pdf.ts';
import { sleep } from '../bench/lib/common.ts';
import { SMALL_PAGE, makePages } from '../bench/lib/pages.ts';
import { ApiClient, startLauncher } from '../bench/lib/stack.ts';
const [keyA, keyB] = ['bench-key-a-0123456789', 'bench-key-b-0123456789'];
const service = await startLauncher({ OCR_CONCURRENCY: '2', RATE_LIMIT_MAX: '0', API_KEYS: `${keyA},${keyB}`, LOG_LEVEL: 'info', MAX_UPLOAD_BYTES: String(1024 ** 3) });
const a = new ApiClient(service.baseUrl, keyA);
const b = new ApiClient(service.baseUrl, keyB);
const pages = await makePages(10, SMALL_PAGE, 'fair', 'scan');
const imgs = pages.map((p) => ({ width: p.gray.width, height: p.gray.height, jpeg: { bytes: p.bytes, channels: 1 as const } }));
const pdf = scannedPdf(Array.from({ length: Number(process.argv[2] ?? 200) }, (_, i) => imgs[i % 10]!), 300);
for (const c of [a, b]) await c.upload('fair/short.pdf', pdf, 'application/pdf');
const aJobs: string[] = [];
for (let i = 0; i < 3; i++) aJobs.push((await a.call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'fair/short.pdf' })).body.job_id as string);
const bJob = (await b.call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'fair/short.pdf' })).body.job_id as string;
const done = async (c: ApiClient, id: string) => ((await c.ok('GET', `/v1/vision/ocr/jobs/${id}`)).body.progress as { pages_done: number }).pages_done;
for (let t = 0; t < 20; t++) {
  await sleep(2000);
  console.log(t * 2, await Promise.all(aJobs.map((id) => done(a, id))), await done(b, bJob));
}

process.env.BENCH_KEEP_LOGS = '1';
await service.stop();

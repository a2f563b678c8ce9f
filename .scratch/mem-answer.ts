import { buildOcrAnswer, packSections, unpackSections } from '@docsvc/assembly';
import type { OcrPageResult, Section } from '@docsvc/schemas';
// A dense page: 52 lines of 13 words.
const words = (y: number) => Array.from({ length: 13 }, (_, i) => ({ text: `word${i}x`, bounds: { top_left: { x: i * 150, y }, top_right: { x: i * 150 + 120, y }, bottom_left: { x: i * 150, y: y + 40 }, bottom_right: { x: i * 150 + 120, y: y + 40 }, width: 120, height: 40 }, confidence: 0.93 }));
const section: Section = { page: 1, text: '', lines: Array.from({ length: 52 }, (_, l) => { const w = words(l * 50); return { text: w.map((x) => x.text).join(' '), average_confidence: 0.93, bounds: { top_left: { x: 0, y: l * 50 }, top_right: { x: 2000, y: l * 50 }, bottom_left: { x: 0, y: l * 50 + 40 }, bottom_right: { x: 2000, y: l * 50 + 40 }, width: 2000, height: 40 }, words: w }; }) };
section.text = section.lines.map((l) => l.text).join('\n');
const packed = packSections([section]);
const n = Number(process.argv[2] ?? 2000);
const pages: OcrPageResult[] = Array.from({ length: n }, (_, i) => ({ page: i + 1, source: 'ocr', width: 2550, height: 3300, sections: JSON.parse(JSON.stringify(packed)).map((s: any) => ({ ...s, page: i + 1 })), engineMs: 3000, language: 'eng' }));
console.log('packed page JSON bytes', JSON.stringify(pages[0]).length);
const before = process.memoryUsage();
const t0 = performance.now();
const answer = buildOcrAnswer({ request: {}, kind: 'pdf', totalPages: n, pageRange: [1, n], pages, logId: 'x' });
const t1 = performance.now();
const mid = process.memoryUsage();
console.log('build ms', Math.round(t1 - t0), 'heap MB', Math.round((mid.heapUsed - before.heapUsed) / 1e6));
try { const s = JSON.stringify(answer); console.log('json MB', Math.round(s.length / 1e6)); } catch (e) { console.log('stringify failed', (e as Error).message); }
console.log('rss MB', Math.round(process.memoryUsage().rss / 1e6));
void unpackSections;

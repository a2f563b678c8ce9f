import { writeFileSync } from 'node:fs';
import { textPdf } from '../test/fixtures/pdf.ts';
writeFileSync(process.argv[2]!, textPdf(Array.from({ length: 25 }, (_, i) => ({ lines: [`Page ${i + 1} hello world`] }))));

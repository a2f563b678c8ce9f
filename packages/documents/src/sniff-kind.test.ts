import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '@docsvc/schemas';
import { bmp24, bmp8, grayInput, markedPage } from '../test/image-fixtures.js';
import { textPdf } from '../../../test/fixtures/pdf.js';
import { inspectDocument } from './inspect-document.js';
import { decodeImagePixels } from './image-page.js';
import { sniffKind } from './sniff-kind.js';

const limits = { maxImagePixels: 50_000_000, maxRenderPixels: 9_000_000 };
const page = markedPage(64, 48);

/** A one-file ZIP (the container of DOCX, XLSX, ODT ...). */
function zipFile(): Buffer {
  const data = deflateRawSync(Buffer.from('hello'));
  const name = Buffer.from('a.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(5, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

describe('sniffKind', () => {
  it('recognises every supported kind from its bytes', async () => {
    const input = () => grayInput(page);
    const bigTiff = await input().tiff({ bigtiff: true, compression: 'lzw' }).toBuffer();
    expect(bigTiff[2]).toBe(43); // BigTIFF's version number
    const samples: [string, Buffer][] = [
      ['pdf', textPdf([{ lines: ['hello'] }])],
      ['png', await input().png().toBuffer()],
      ['jpeg', await input().jpeg().toBuffer()],
      ['webp', await input().webp().toBuffer()],
      ['tiff', await input().tiff().toBuffer()],
      ['tiff', bigTiff],
      ['gif', await input().gif().toBuffer()],
      ['bmp', bmp24(page)],
      ['bmp', bmp8(page)],
    ];
    for (const [kind, bytes] of samples) expect(sniffKind(bytes), kind).toBe(kind);
  });

  it('finds a PDF header after leading junk, as readers do', () => {
    const pdf = textPdf([{ lines: ['hello'] }]);
    expect(sniffKind(Buffer.concat([Buffer.from('junk before the header\n'), pdf]))).toBe('pdf');
  });

  it('does not trust a name, only the bytes: text, ZIP, SVG and empty input are not supported', () => {
    expect(sniffKind(Buffer.from('hello.pdf: not really a PDF\n'))).toBeUndefined();
    expect(sniffKind(zipFile())).toBeUndefined();
    expect(sniffKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffKind(Buffer.from('BM but not a bitmap at all'))).toBeUndefined();
    expect(sniffKind(new Uint8Array(0))).toBeUndefined();
  });

  it('refuses what it does not recognise with 415 unsupported_media_type', async () => {
    for (const bytes of [Buffer.from('just some text\n'), zipFile()]) {
      const inspected = inspectDocument(bytes, limits);
      await expect(inspected).rejects.toBeInstanceOf(ServiceError);
      await expect(inspected).rejects.toMatchObject({ code: 'unsupported_media_type', status: 415 });
      await expect(decodeImagePixels(bytes, 0, limits)).rejects.toMatchObject({ code: 'unsupported_media_type' });
    }
  });
});

describe('an empty document', () => {
  it('is refused as empty (invalid_document), not as an unsupported type, wherever it is read', async () => {
    for (const read of [() => inspectDocument(new Uint8Array(0), limits), () => decodeImagePixels(new Uint8Array(0), 0, limits)]) {
      await expect(read()).rejects.toMatchObject({ code: 'invalid_document', message: expect.stringMatching(/^the file is empty \(0 bytes\)/) });
    }
  });
});

import { gzipSync } from 'node:zlib';
import type { ConversionOutcome, ConvertFn } from '../modules/models/index.ts';

/** A GLB with nothing in it (valid header + JSON chunk): enough for API tests. */
function tinyGlb(): ArrayBuffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' } }).padEnd(28, ' '));
  const glb = Buffer.alloc(12 + 8 + json.length);
  glb.write('glTF', 0);
  glb.writeUInt32LE(2, 4);
  glb.writeUInt32LE(glb.length, 8);
  glb.writeUInt32LE(json.length, 12);
  glb.write('JSON', 16);
  json.copy(glb, 20);
  return glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.length);
}

/** The thumbnail every fake conversion produces (tests compare served bytes with it). */
export const THUMBNAIL = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

/** A successful conversion of `filename`: the tiny GLB, THUMBNAIL, and small metadata. */
export function convertedOutcome(filename: string): Extract<ConversionOutcome, { ok: true }> {
  const metadata = gzipSync(JSON.stringify({ version: 1, format: 'obj', name: filename }));
  return {
    ok: true,
    glb: tinyGlb(),
    thumbnailPng: THUMBNAIL.slice().buffer,
    metadataGz: new Uint8Array(metadata).buffer,
    format: 'obj',
    stats: {},
  };
}

/** The chunks of a fake chunked conversion (a name with `chunked` in it): distinct bytes each. */
export const CHUNKS = [1, 2].map((n) => new Uint8Array(Buffer.from(`glTF chunk ${n} `.repeat(40))));

/** A real 1x1 PNG: the preview route scales it. */
function pngPixel(): ArrayBuffer {
  const bytes = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
}

/**
 * A drawing's conversion (a `.pdf` name): one PDF page as the sheet viewable's files
 * (`SHEET_FILES`), enough for the sheets API's access tests.
 */
export function drawingOutcome(): Extract<ConversionOutcome, { kind: 'sheets' }> {
  const json = (value: unknown) => {
    const bytes = Buffer.from(JSON.stringify(value));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  };
  const index = {
    version: 1,
    source: 'pdf',
    sheets: [
      {
        id: 'p1',
        name: '1',
        index: 0,
        kind: 'page',
        width: 420,
        height: 297,
        units: 'mm',
        layers: [],
        content: 'pdf',
        pdfPage: 1,
      },
    ],
  };
  return {
    ok: true,
    kind: 'sheets',
    files: [
      { name: 'sheets.json', contentType: 'application/json', bytes: json(index) },
      { name: 'source.pdf', contentType: 'application/pdf', bytes: json('%PDF-1.4') },
      { name: 'sheet-p1.text.json', contentType: 'application/json', bytes: json({ texts: [] }) },
      { name: 'sheet-p1.png', contentType: 'image/png', bytes: pngPixel() },
    ],
    thumbnailPng: THUMBNAIL.slice().buffer,
    format: 'pdf',
    stats: {},
  };
}

/**
 * Instant conversion (the real converter runs in uploads.test.ts), with one progress step: a
 * `.pdf` name is a drawing (drawingOutcome), a name with `chunked` in it the tiny model with
 * CHUNKS, anything else the tiny model.
 */
export const fakeConvert: ConvertFn = async (request, { onProgress }) => {
  onProgress('parse', 0.5);
  if (request.filename.toLowerCase().endsWith('.pdf')) return drawingOutcome();
  const outcome = convertedOutcome(request.filename);
  if (request.filename.includes('chunked'))
    return { ...outcome, chunks: CHUNKS.map((chunk) => chunk.slice().buffer) };
  return outcome;
};

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

/** Instant conversion (the real converter runs in uploads.test.ts), with one progress step. */
export const fakeConvert: ConvertFn = async (request, { onProgress }) => {
  onProgress('parse', 0.5);
  return convertedOutcome(request.filename);
};

import { describe, expect, it } from 'vitest';
import { glbJson, siblingUrl } from './loader.ts';

/** A .glb of one JSON chunk (padded to 4 bytes with spaces) and an empty BIN chunk. */
function glb(json: string, magic = 0x46546c67): ArrayBuffer {
  const text = new TextEncoder().encode(json.padEnd(Math.ceil(json.length / 4) * 4, ' '));
  const bytes = new Uint8Array(12 + 8 + text.length + 8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, magic, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, text.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  bytes.set(text, 20);
  view.setUint32(20 + text.length, 0, true);
  view.setUint32(24 + text.length, 0x004e4942, true);
  return bytes.buffer;
}

describe('glbJson', () => {
  it("reads a .glb's JSON chunk without decoding the rest", () => {
    const json = { asset: { version: '2.0', extras: { trussChunks: { version: 1 } } } };
    expect(glbJson(glb(JSON.stringify(json)))).toEqual(json);
  });

  it('is null for bytes that are no binary glTF or whose JSON is cut or broken', () => {
    expect(glbJson(new ArrayBuffer(8))).toBeNull();
    expect(glbJson(glb('{"asset":{}}', 0x12345678))).toBeNull();
    expect(glbJson(glb('{"asset":'))).toBeNull();
    expect(glbJson(glb('{"asset":{}}').slice(0, 24))).toBeNull();
  });
});

describe('siblingUrl', () => {
  it("puts a chunk beside the model's .glb, keeping its query", () => {
    expect(siblingUrl('/api/models/m/viewable.glb?v=3', 'chunks/2.glb')).toBe(
      '/api/models/m/chunks/2.glb?v=3',
    );
  });
});

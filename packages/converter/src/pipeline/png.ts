import { crc32, deflateSync } from 'node:zlib';

/** A minimal PNG encoder: 8-bit RGBA, "Up" filter on every row, zlib level 6. */
export function encodePng(rgba: Uint8Array, size: { width: number; height: number }): Uint8Array {
  const { width, height } = size;
  const stride = width * 4;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    const row = y * stride;
    filtered[o] = 2;
    if (y === 0) filtered.set(rgba.subarray(0, stride), o + 1);
    else {
      for (let i = 0; i < stride; i++) {
        filtered[o + 1 + i] = (rgba[row + i]! - rgba[row - stride + i]!) & 0xff;
      }
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const chunks = [
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out = new Uint8Array(signature.length + chunks.reduce((sum, c) => sum + c.length, 0));
  out.set(signature, 0);
  let offset = signature.length;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const typeBytes = new TextEncoder().encode(type);
  out.set(typeBytes, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

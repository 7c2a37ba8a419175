/**
 * Texture images for the .glb: PNG and JPEG pass through; TGA (common in DAE/3DS/FBX) is decoded
 * and re-encoded as PNG. Anything else is dropped (the material keeps its colour).
 */
import { resolveObjectURL } from 'node:buffer';
import { PNG } from 'pngjs';
import { findCompanion } from '../importers/context.ts';
import type { SceneTexture } from '../scene.ts';

export function sniffImage(bytes: Uint8Array): SceneTexture | null {
  if (
    bytes.length > 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47
  ) {
    return { image: bytes, mimeType: 'image/png' };
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { image: bytes, mimeType: 'image/jpeg' };
  }
  return null;
}

/** Decodes uncompressed or RLE true-colour/greyscale TGA into a PNG. */
function tgaToPng(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 18) return null;
  const idLength = bytes[0]!;
  const colourMapType = bytes[1]!;
  const imageType = bytes[2]!;
  const width = bytes[12]! | (bytes[13]! << 8);
  const height = bytes[14]! | (bytes[15]! << 8);
  const bits = bytes[16]!;
  const descriptor = bytes[17]!;
  if (colourMapType !== 0 || ![2, 3, 10, 11].includes(imageType) || !width || !height) return null;
  const bytesPerPixel = bits / 8;
  if (![1, 3, 4].includes(bytesPerPixel)) return null;
  const pixels = new Uint8Array(width * height * bytesPerPixel);
  let src = 18 + idLength;
  if (imageType === 2 || imageType === 3) {
    if (src + pixels.length > bytes.length) return null;
    pixels.set(bytes.subarray(src, src + pixels.length));
  } else {
    let dst = 0;
    while (dst < pixels.length && src < bytes.length) {
      const header = bytes[src++]!;
      const count = (header & 0x7f) + 1;
      if (header & 0x80) {
        const pixel = bytes.subarray(src, src + bytesPerPixel);
        src += bytesPerPixel;
        for (let i = 0; i < count && dst < pixels.length; i++, dst += bytesPerPixel)
          pixels.set(pixel, dst);
      } else {
        const run = bytes.subarray(src, src + count * bytesPerPixel);
        src += count * bytesPerPixel;
        pixels.set(run.subarray(0, Math.min(run.length, pixels.length - dst)), dst);
        dst += run.length;
      }
    }
  }
  const png = new PNG({ width, height });
  const topDown = (descriptor & 0x20) !== 0;
  for (let y = 0; y < height; y++) {
    const row = topDown ? y : height - 1 - y;
    for (let x = 0; x < width; x++) {
      const s = (row * width + x) * bytesPerPixel;
      const d = (y * width + x) * 4;
      if (bytesPerPixel === 1) {
        png.data[d] = png.data[d + 1] = png.data[d + 2] = pixels[s]!;
        png.data[d + 3] = 255;
      } else {
        png.data[d] = pixels[s + 2]!;
        png.data[d + 1] = pixels[s + 1]!;
        png.data[d + 2] = pixels[s]!;
        png.data[d + 3] = bytesPerPixel === 4 ? pixels[s + 3]! : 255;
      }
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

function imageFromBytes(bytes: Uint8Array | null): SceneTexture | null {
  if (!bytes) return null;
  const direct = sniffImage(bytes);
  if (direct) return direct;
  const png = tgaToPng(bytes);
  return png ? { image: png, mimeType: 'image/png' } : null;
}

/** Resolves a URL a loader recorded: data: URI, blob: URL (FBX embedded media) or a companion. */
export async function resolveTextureUrl(
  url: string,
  companions: Map<string, Uint8Array>,
): Promise<SceneTexture | null> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    const isBase64 = url.slice(0, comma).endsWith(';base64');
    const payload = url.slice(comma + 1);
    const bytes = isBase64
      ? Buffer.from(payload, 'base64')
      : Buffer.from(decodeURIComponent(payload), 'latin1');
    return imageFromBytes(new Uint8Array(bytes));
  }
  if (url.startsWith('blob:')) {
    const blob = resolveObjectURL(url);
    return blob ? imageFromBytes(new Uint8Array(await blob.arrayBuffer())) : null;
  }
  return imageFromBytes(findCompanion(companions, url));
}

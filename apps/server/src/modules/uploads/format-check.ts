// The narrow entries, not the package's index: that one brings the whole converter (the glTF
// validator, meshoptimizer, image codecs) into the API's main thread, which never converts.
import { isConversionError } from '@truss/converter/errors';
import { detectFormat } from '@truss/converter/formats';

/** Bytes read from the start of an upload before its format is decided. */
export const HEAD_BYTES = 64 * 1024;

/** The decision on an upload's first bytes. */
type HeadVerdict =
  | { kind: 'format'; format: string }
  /** Needs the whole file (a zip's directory is at its end; glTF JSON may name "asset" late). */
  | { kind: 'deferred'; format: 'zip' | 'gltf' }
  | { kind: 'unsupported'; reason: string };

function startsWith(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * The format from the first bytes of a file of `totalSize` bytes. The converter's
 * `detectFormat` looks at whole files; the two checks that compare a header with the file's
 * length (binary STL, 3DS) are redone here against the declared length, and zip and JSON are
 * deferred to the complete file.
 */
export function detectFromHead(head: Uint8Array, totalSize: number, filename: string): HeadVerdict {
  // Same order as the converter: magic numbers first.
  if (startsWith(head, 'glTF')) return { kind: 'format', format: 'glb' };
  if (startsWith(head, 'Kaydara FBX Binary')) return { kind: 'format', format: 'fbx' };
  if (startsWith(head, '3D Geometry File Format')) return { kind: 'format', format: '3dm' };
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b) {
    if ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6)) {
      return { kind: 'deferred', format: 'zip' };
    }
  }
  if (head.length >= 84) {
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const triangles = view.getUint32(80, true);
    if (triangles > 0 && 84 + triangles * 50 === totalSize) {
      return { kind: 'format', format: 'stl' };
    }
    if (head[0] === 0x4d && head[1] === 0x4d) {
      const length = view.getUint32(2, true);
      const child = view.getUint16(6, true);
      if (length >= 16 && length <= totalSize + 16 && (child === 0x0002 || child === 0x3d3d)) {
        return { kind: 'format', format: '3ds' };
      }
    }
  }
  try {
    return { kind: 'format', format: detectFormat(head, filename) };
  } catch (error) {
    if (!isConversionError(error)) throw error;
    const text = new TextDecoder('latin1').decode(head.subarray(0, 64)).replace(/^\uFEFF/, '');
    if (head.length < totalSize && text.trimStart().startsWith('{')) {
      return { kind: 'deferred', format: 'gltf' };
    }
    return { kind: 'unsupported', reason: error.message };
  }
}

/** The final word on a complete file whose head was deferred. */
export function detectComplete(bytes: Uint8Array, filename: string): HeadVerdict {
  try {
    return { kind: 'format', format: detectFormat(bytes, filename) };
  } catch (error) {
    if (!isConversionError(error)) throw error;
    return { kind: 'unsupported', reason: error.message };
  }
}

/** 3D Studio (.3ds) through three's TDSLoader; 3DS scenes are Z up. */
import type { Group } from 'three';
import { TDSLoader } from 'three/examples/jsm/loaders/TDSLoader.js';
import { MalformedFileError } from '../errors.ts';
import type { SceneModel } from '../scene.ts';
import { withBrowserGlobals } from '../three/node-env.ts';
import { sceneFromThree } from '../three/scene-from-three.ts';
import type { ImportContext } from './context.ts';

/** Chunks three's TDSLoader walks into (0x4000 starts with a name before its sub-chunks). */
const CONTAINERS = new Set([
  0x4d4d, 0x3d3d, 0x4000, 0x4100, 0xafff, 0xa010, 0xa020, 0xa030, 0xa040, 0xa041, 0xa200, 0xa204,
  0xa210, 0xa230, 0xb000,
]);

/**
 * TDSLoader loops forever on a zero-length sub-chunk (its cursor never advances) and cannot be
 * interrupted, so the chunk tree is checked first: every child at least 6 bytes, inside its parent.
 */
function checkChunks(view: DataView, start: number, end: number, depth: number): void {
  let offset = start;
  while (offset + 6 <= end) {
    const id = view.getUint16(offset, true);
    const length = view.getUint32(offset + 2, true);
    if (length < 6 || offset + length > end) {
      throw new MalformedFileError(
        `The 3DS file is damaged: chunk 0x${id.toString(16)} at ${offset} has a bad length.`,
      );
    }
    if (CONTAINERS.has(id) && depth < 16) {
      let children = offset + 6;
      if (id === 0x4000) while (children < offset + length && view.getUint8(children++) !== 0);
      checkChunks(view, children, offset + length, depth + 1);
    }
    offset += length;
  }
}

export async function import3ds(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mainLength = Math.min(view.getUint32(2, true), bytes.length);
  checkChunks(view, 0, Math.max(mainLength, 6), 0);
  const buffer = bytes.buffer.slice(
    bytes.byteOffset,
    bytes.byteOffset + bytes.byteLength,
  ) as ArrayBuffer;
  let group: Group;
  try {
    group = withBrowserGlobals(() => new TDSLoader().parse(buffer, ''));
  } catch (error) {
    throw new MalformedFileError(`The 3DS file could not be parsed: ${(error as Error).message}`);
  }
  return sceneFromThree(group, ctx, { upAxis: 'z' });
}

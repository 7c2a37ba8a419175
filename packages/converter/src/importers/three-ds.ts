/** 3D Studio (.3ds) through three's TDSLoader; 3DS scenes are Z up. */
import type { Group } from 'three';
import { TDSLoader } from 'three/examples/jsm/loaders/TDSLoader.js';
import { MalformedFileError } from '../errors.ts';
import type { SceneModel } from '../scene.ts';
import { withBrowserGlobals } from '../three/node-env.ts';
import { sceneFromThree } from '../three/scene-from-three.ts';
import type { ImportContext } from './context.ts';

export async function import3ds(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
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

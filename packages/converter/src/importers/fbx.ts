/** FBX (binary and ASCII) through three's FBXLoader; FBX units are centimetres by default. */
import type { Group } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { MalformedFileError } from '../errors.ts';
import type { SceneModel } from '../scene.ts';
import { withBrowserGlobals } from '../three/node-env.ts';
import { sceneFromThree } from '../three/scene-from-three.ts';
import type { ImportContext } from './context.ts';

export async function importFbx(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const buffer = bytes.buffer.slice(
    bytes.byteOffset,
    bytes.byteOffset + bytes.byteLength,
  ) as ArrayBuffer;
  let group: Group;
  try {
    group = withBrowserGlobals(() => new FBXLoader().parse(buffer, ''));
  } catch (error) {
    throw new MalformedFileError(`The FBX file could not be parsed: ${(error as Error).message}`);
  }
  const unitScale = Number(group.userData.unitScaleFactor ?? 1);
  const centimetres = Number.isFinite(unitScale) && unitScale > 0 ? unitScale : 1;
  return sceneFromThree(group, ctx, {
    upAxis: 'y',
    toMetres: centimetres / 100,
    sourceUnit: centimetres === 1 ? 'cm' : `${centimetres} cm`,
  });
}

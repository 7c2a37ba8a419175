/** STL (ASCII and binary) through three's STLLoader. STL is unitless and conventionally Z up. */
import { Mesh, MeshStandardMaterial } from 'three';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { MalformedFileError } from '../errors.ts';
import type { SceneModel } from '../scene.ts';
import { withBrowserGlobals } from '../three/node-env.ts';
import { sceneFromThree } from '../three/scene-from-three.ts';
import type { ImportContext } from './context.ts';

export async function importStl(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const buffer = bytes.buffer.slice(
    bytes.byteOffset,
    bytes.byteOffset + bytes.byteLength,
  ) as ArrayBuffer;
  let geometry;
  try {
    geometry = withBrowserGlobals(() => new STLLoader().parse(buffer));
  } catch (error) {
    throw new MalformedFileError(`The STL file could not be parsed: ${(error as Error).message}`);
  }
  const material = new MeshStandardMaterial({
    name: 'STL',
    color: 0xb0b4ba,
    vertexColors: !!geometry.attributes.color,
  });
  const mesh = new Mesh(geometry, material);
  mesh.name = ctx.filename.replace(/\.[^.]+$/, '');
  return sceneFromThree(mesh, ctx, { upAxis: 'z' });
}

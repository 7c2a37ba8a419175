/** COLLADA through three's ColladaLoader (it applies the asset's up axis and unit itself). */
import type { Object3D } from 'three';
import { ColladaLoader } from 'three/examples/jsm/loaders/ColladaLoader.js';
import { MalformedFileError } from '../errors.ts';
import type { SceneModel } from '../scene.ts';
import { withBrowserGlobals } from '../three/node-env.ts';
import { sceneFromThree } from '../three/scene-from-three.ts';
import type { ImportContext } from './context.ts';

export async function importDae(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const text = new TextDecoder().decode(bytes);
  let scene: Object3D | undefined;
  try {
    scene = withBrowserGlobals(() => new ColladaLoader().parse(text, '')?.scene);
  } catch (error) {
    throw new MalformedFileError(
      `The COLLADA file could not be parsed: ${(error as Error).message}`,
    );
  }
  if (!scene) throw new MalformedFileError('The COLLADA file has no visual scene.');
  return sceneFromThree(scene, ctx, { upAxis: 'y', sourceUnit: 'm' });
}

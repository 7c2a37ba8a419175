/** PLY (ASCII and binary) through three's PLYLoader, with vertex colours when present. */
import { Mesh, MeshStandardMaterial } from 'three';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { MalformedFileError } from '../errors.ts';
import type { SceneModel } from '../scene.ts';
import { withBrowserGlobals } from '../three/node-env.ts';
import { sceneFromThree } from '../three/scene-from-three.ts';
import type { ImportContext } from './context.ts';

export async function importPly(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64 * 1024));
  const headerEnd = head.indexOf('end_header');
  if (headerEnd < 0) throw new MalformedFileError('The PLY header has no end_header line.');
  const declaredVertices = Number(
    /element\s+vertex\s+(\d+)/.exec(head.slice(0, headerEnd))?.[1] ?? 0,
  );
  const buffer = bytes.buffer.slice(
    bytes.byteOffset,
    bytes.byteOffset + bytes.byteLength,
  ) as ArrayBuffer;
  let geometry;
  try {
    geometry = withBrowserGlobals(() => new PLYLoader().parse(buffer));
  } catch (error) {
    throw new MalformedFileError(`The PLY file could not be parsed: ${(error as Error).message}`);
  }
  if ((geometry.attributes.position?.count ?? 0) < declaredVertices) {
    throw new MalformedFileError(
      `The PLY file is truncated: ${geometry.attributes.position?.count ?? 0} of ${declaredVertices} vertices.`,
    );
  }
  const hasColors = !!geometry.attributes.color;
  const material = new MeshStandardMaterial({
    name: 'PLY',
    color: hasColors ? 0xffffff : 0xb0b4ba,
    vertexColors: hasColors,
  });
  const mesh = new Mesh(geometry, material);
  mesh.name = ctx.filename.replace(/\.[^.]+$/, '');
  return sceneFromThree(mesh, ctx, { upAxis: 'y' });
}

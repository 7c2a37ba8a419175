/**
 * STEP, IGES and BREP through occt-import-js (OpenCascade in WASM): B-rep is tessellated, the
 * assembly tree becomes the element tree, face colours split a part into per-colour pieces.
 */
import { createRequire } from 'node:module';
import { MalformedFileError } from '../errors.ts';
import { emptyScene, MaterialTable, srgbToLinear, type SceneModel } from '../scene.ts';
import type { ImportContext } from './context.ts';

interface OcctMesh {
  name: string;
  color?: [number, number, number];
  brep_faces?: { first: number; last: number; color: [number, number, number] | null }[];
  attributes: { position: { array: number[] }; normal?: { array: number[] } };
  index: { array: number[] };
}
interface OcctNode {
  name: string;
  meshes: number[];
  children: OcctNode[];
}
interface OcctResult {
  success: boolean;
  root: OcctNode;
  meshes: OcctMesh[];
}
interface OcctParams {
  linearUnit?: 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';
  linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
  linearDeflection?: number;
  angularDeflection?: number;
}
interface Occt {
  ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadIgesFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadBrepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
}

// occt-import-js is a CommonJS Emscripten factory without type declarations.
const occtFactory = createRequire(import.meta.url)('occt-import-js') as (
  options?: Record<string, unknown>,
) => Promise<Occt>;

let occtReady: Promise<Occt> | null = null;

function getOcct(): Promise<Occt> {
  // OpenCascade prints progress lines to stdout; keep worker output clean.
  occtReady ??= occtFactory({ print: () => undefined, printErr: () => undefined });
  return occtReady;
}

type Reader = 'ReadStepFile' | 'ReadIgesFile' | 'ReadBrepFile';

async function importWithOcct(
  bytes: Uint8Array,
  ctx: ImportContext,
  reader: Reader,
  label: string,
): Promise<SceneModel> {
  const occt = await getOcct();
  ctx.checkAbort();
  let result: OcctResult;
  try {
    // Metres straight from OpenCascade (BREP has no unit and ignores this).
    result = occt[reader](bytes, { linearUnit: 'meter' });
  } catch (error) {
    throw new MalformedFileError(`The ${label} file could not be read: ${String(error)}`);
  }
  if (!result?.success)
    throw new MalformedFileError(`OpenCascade could not read the ${label} file.`);
  ctx.progress('parse', 1);
  const scene = emptyScene('z');
  scene.sourceUnit = reader === 'ReadBrepFile' ? 'unknown' : 'm';
  const materials = new MaterialTable(scene.materials);
  const materialFor = (rgb: [number, number, number] | null | undefined) => {
    const colour = rgb ?? [0.7, 0.72, 0.75];
    const key = colour.map((c) => c.toFixed(3)).join(',');
    return materials.add(key, () => ({
      name: `color-${key}`,
      color: [srgbToLinear(colour[0]), srgbToLinear(colour[1]), srgbToLinear(colour[2]), 1],
      metallic: 0.1,
      roughness: 0.6,
      doubleSided: true,
    }));
  };

  const addMesh = (meshIndex: number, element: number) => {
    const mesh = result.meshes[meshIndex];
    if (!mesh) return;
    const positions = Float32Array.from(mesh.attributes.position.array);
    const normals = mesh.attributes.normal ? Float32Array.from(mesh.attributes.normal.array) : null;
    const indices = Uint32Array.from(mesh.index.array);
    // Consecutive B-rep faces of one colour form one piece (one geometry per colour per part).
    const runs: {
      colour: [number, number, number] | null | undefined;
      first: number;
      last: number;
    }[] = [];
    for (const face of mesh.brep_faces ?? []) {
      const colour = face.color ?? mesh.color;
      const previous = runs[runs.length - 1];
      if (
        previous &&
        String(previous.colour) === String(colour) &&
        previous.last + 1 === face.first
      )
        previous.last = face.last;
      else runs.push({ colour, first: face.first, last: face.last });
    }
    const byColour = new Map<string, { colour: typeof mesh.color; triangles: number[] }>();
    if (runs.length === 0)
      runs.push({ colour: mesh.color, first: 0, last: indices.length / 3 - 1 });
    for (const run of runs) {
      const key = String(run.colour);
      const entry = byColour.get(key) ?? { colour: run.colour ?? undefined, triangles: [] };
      for (let t = run.first; t <= run.last; t++) entry.triangles.push(t);
      byColour.set(key, entry);
    }
    for (const { colour, triangles } of byColour.values()) {
      const pieceIndices = new Uint32Array(triangles.length * 3);
      triangles.forEach((t, i) => pieceIndices.set(indices.subarray(t * 3, t * 3 + 3), i * 3));
      scene.placements.push({
        element,
        geometry: scene.geometries.push({ positions, normals, indices: pieceIndices }) - 1,
        material: materialFor(colour),
        matrix: null,
      });
    }
  };

  const visit = (node: OcctNode, parent: number | null) => {
    const element = scene.elements.length;
    scene.elements.push({
      type: node.meshes.length > 0 ? 'Part' : 'Assembly',
      name: node.name || null,
      parent,
    });
    for (const meshIndex of node.meshes) addMesh(meshIndex, element);
    for (const child of node.children) visit(child, element);
  };
  visit(result.root, null);
  return scene;
}

export const importStep = (bytes: Uint8Array, ctx: ImportContext) =>
  importWithOcct(bytes, ctx, 'ReadStepFile', 'STEP');
export const importIges = (bytes: Uint8Array, ctx: ImportContext) =>
  importWithOcct(bytes, ctx, 'ReadIgesFile', 'IGES');
export const importBrep = (bytes: Uint8Array, ctx: ImportContext) =>
  importWithOcct(bytes, ctx, 'ReadBrepFile', 'BREP');

/** OFF / COFF (Object File Format): a direct line parser; polygons are fan-triangulated. */
import { MalformedFileError } from '../errors.ts';
import { defaultMaterial, emptyScene, srgbToLinear, type SceneModel } from '../scene.ts';
import type { ImportContext } from './context.ts';

function colour(values: number[]): [number, number, number, number] {
  const scaled = values.map((c) => (values.some((v) => v > 1) ? c / 255 : c));
  return [
    srgbToLinear(scaled[0] ?? 0.7),
    srgbToLinear(scaled[1] ?? 0.7),
    srgbToLinear(scaled[2] ?? 0.7),
    scaled[3] ?? 1,
  ];
}

export async function importOff(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const lines = new TextDecoder()
    .decode(bytes)
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => line.split(/\s+/));
  const first = lines[0] ?? [];
  const header = first[0] ?? '';
  if (!/OFF$/.test(header)) throw new MalformedFileError('The OFF header is missing.');
  const hasColours = header.includes('C');
  const hasNormals = header.includes('N');
  let row = 1;
  const counts = first.length > 1 ? first.slice(1) : (lines[row++] ?? []);
  const vertexCount = Number(counts[0]);
  const faceCount = Number(counts[1]);
  if (!(vertexCount > 0 && vertexCount < 1e8 && faceCount >= 0 && faceCount < 1e8)) {
    throw new MalformedFileError('The OFF vertex or face count is missing or out of range.');
  }
  if (lines.length < row + vertexCount + faceCount) {
    throw new MalformedFileError('The OFF file is truncated: fewer lines than its counts say.');
  }
  const positions = new Float32Array(vertexCount * 3);
  const colors = hasColours ? new Float32Array(vertexCount * 4) : null;
  for (let v = 0; v < vertexCount; v++) {
    const values = lines[row++]!.map(Number);
    positions.set(values.slice(0, 3), v * 3);
    if (colors) colors.set(colour(values.slice(hasNormals ? 6 : 3)), v * 4);
  }
  ctx.progress('parse', 0.5);
  const indices: number[] = [];
  for (let f = 0; f < faceCount; f++) {
    const values = lines[row++]!.map(Number);
    const count = values[0] ?? 0;
    for (let i = 2; i < count; i++) indices.push(values[1]!, values[i]!, values[i + 1]!);
  }
  if (indices.some((index) => !Number.isInteger(index) || index < 0)) {
    throw new MalformedFileError('The OFF file has a face with a bad vertex index.');
  }
  const scene = emptyScene('y');
  scene.materials.push({ ...defaultMaterial('OFF', [0.45, 0.46, 0.5, 1]), vertexColors: !!colors });
  if (colors) scene.materials[0]!.color = [1, 1, 1, 1];
  scene.geometries.push({ positions, colors, indices: Uint32Array.from(indices) });
  scene.elements.push({ type: 'Mesh', name: ctx.filename.replace(/\.[^.]+$/, ''), parent: null });
  scene.placements.push({ element: 0, geometry: 0, material: 0, matrix: null });
  return scene;
}

/**
 * Rhino .3dm through rhino3dm (openNURBS in WASM). rhino3dm cannot tessellate NURBS itself, so
 * we use meshes and the render meshes Rhino cached for B-reps / extrusions; layers form the tree.
 */
import rhino3dm from 'rhino3dm';
import { MalformedFileError } from '../errors.ts';
import { emptyScene, MaterialTable, srgbToLinear, type SceneModel } from '../scene.ts';
import type { ImportContext } from './context.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- rhino3dm's embind objects are loosely typed */
type Rhino = any;

let rhinoReady: Promise<Rhino> | null = null;

function getRhino(): Promise<Rhino> {
  rhinoReady ??= (rhino3dm as unknown as () => Promise<Rhino>)();
  return rhinoReady;
}

const UNIT_NAMES: [string, number, string][] = [
  ['Millimeters', 1e-3, 'mm'],
  ['Centimeters', 1e-2, 'cm'],
  ['Meters', 1, 'm'],
  ['Inches', 0.0254, 'in'],
  ['Feet', 0.3048, 'ft'],
  ['Kilometers', 1e3, 'km'],
];

interface MeshBuffers {
  position: Float32Array;
  normal?: Float32Array;
  index: Uint32Array;
  color?: Float32Array;
}

function meshesOf(rhino: Rhino, geometry: any): any[] {
  const type = geometry.objectType;
  if (type === rhino.ObjectType.Mesh) return [geometry];
  if (type === rhino.ObjectType.Brep) {
    const faces = geometry.faces();
    const meshes = [];
    for (let i = 0; i < faces.count; i++) {
      const mesh = faces.get(i).getMesh(rhino.MeshType.Any);
      if (mesh) meshes.push(mesh);
    }
    return meshes;
  }
  if (type === rhino.ObjectType.Extrusion) {
    const mesh = geometry.getMesh(rhino.MeshType.Any);
    return mesh ? [mesh] : [];
  }
  return [];
}

export async function import3dm(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const rhino = await getRhino();
  const file = rhino.File3dm.fromByteArray(bytes);
  if (!file) throw new MalformedFileError('openNURBS could not read the 3DM file.');
  ctx.progress('parse', 0.5);
  const scene = emptyScene('z');
  const unitSystem = file.settings().modelUnitSystem;
  const unit = UNIT_NAMES.find(([name]) => rhino.UnitSystem[name] === unitSystem);
  scene.toMetres = unit?.[1] ?? 1;
  scene.sourceUnit = unit?.[2] ?? 'unknown';

  const materials = new MaterialTable(scene.materials);
  const layers = file.layers();
  const layerElement = new Map<number, number>();
  scene.elements.push({ type: 'Document', name: null, parent: null });
  const layerFor = (index: number) => {
    let element = layerElement.get(index);
    if (element === undefined) {
      const layer = index >= 0 && index < layers.count ? layers.get(index) : null;
      element = scene.elements.push({ type: 'Layer', name: layer?.name ?? null, parent: 0 }) - 1;
      layerElement.set(index, element);
    }
    return element;
  };
  const colourOf = (attributes: any): [number, number, number] => {
    const renderMaterials = file.materials();
    const materialIndex = attributes.materialIndex;
    if (materialIndex >= 0 && materialIndex < renderMaterials.count) {
      const diffuse = renderMaterials.get(materialIndex).diffuseColor;
      if (diffuse) return [diffuse.r, diffuse.g, diffuse.b];
    }
    const byObject = attributes.colorSource === rhino.ObjectColorSource.ColorFromObject;
    const layer =
      attributes.layerIndex >= 0 && attributes.layerIndex < layers.count
        ? layers.get(attributes.layerIndex)
        : null;
    const colour = byObject ? attributes.objectColor : layer?.color;
    // Black is Rhino's default layer colour for wires; shaded display shows a light surface.
    if (!colour || (colour.r === 0 && colour.g === 0 && colour.b === 0)) return [200, 200, 200];
    return [colour.r, colour.g, colour.b];
  };

  const objects = file.objects();
  for (let i = 0; i < objects.count; i++) {
    ctx.checkAbort();
    const object = objects.get(i);
    const geometry = object.geometry();
    const attributes = object.attributes();
    const meshes = meshesOf(rhino, geometry);
    if (meshes.length === 0) continue;
    const element =
      scene.elements.push({
        type:
          geometry.objectType === rhino.ObjectType.Mesh
            ? 'Mesh'
            : geometry.objectType === rhino.ObjectType.Brep
              ? 'Brep'
              : 'Extrusion',
        name: attributes.name || null,
        parent: layerFor(attributes.layerIndex),
      }) - 1;
    const rgb = colourOf(attributes);
    const key = rgb.join(',');
    const material = materials.add(key, () => ({
      name: `color-${key}`,
      color: [
        srgbToLinear(rgb[0] / 255),
        srgbToLinear(rgb[1] / 255),
        srgbToLinear(rgb[2] / 255),
        1,
      ],
      metallic: 0,
      roughness: 0.7,
      doubleSided: true,
    }));
    for (const mesh of meshes) {
      const buffers = mesh.toThreejsBuffers(false) as MeshBuffers;
      if (!buffers.position?.length || !buffers.index?.length) continue;
      scene.geometries.push({
        positions: Float32Array.from(buffers.position),
        normals: buffers.normal?.length ? Float32Array.from(buffers.normal) : null,
        indices: Uint32Array.from(buffers.index),
      });
      scene.placements.push({
        element,
        geometry: scene.geometries.length - 1,
        material,
        matrix: null,
      });
    }
  }
  return scene;
}

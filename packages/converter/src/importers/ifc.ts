/**
 * IFC (2X3, 4, 4X3) through web-ifc: meshes from StreamAllMeshes (already metres and Y up),
 * one shared scene geometry per IFC geometry express id (so mapped representations become
 * instanceable), materials per surface colour, plus the semantic tables in ifc-structure.ts,
 * ifc-units.ts and ifc-properties.ts.
 */
import { createRequire } from 'node:module';
import type * as WebIFC from 'web-ifc';
import { MalformedFileError, NoGeometryError } from '../errors.ts';
import { stepFileSchema } from '../formats.ts';
import { PropertyTableBuilder } from '../metadata-builder.ts';
import {
  emptyScene,
  MaterialTable,
  srgbToLinear,
  type SceneGeometry,
  type SceneModel,
} from '../scene.ts';
import { openSource, type ByteSource, type ModelBytes } from './byte-source.ts';
import type { ImportContext } from './context.ts';
import { IfcLines } from './ifc-lines.ts';
import { readProperties } from './ifc-properties.ts';
import {
  createElementTable,
  readDoorOperations,
  readSpatialStructure,
  readStoreys,
} from './ifc-structure.ts';
import { readUnits } from './ifc-units.ts';
import { StepFile } from './step.ts';
import { collectGarbage } from '../memory.ts';

/**
 * web-ifc is a 6 MB CommonJS file: `require` loads it in half the CPU time of `import`, which
 * first scans the whole file for its export names.
 */
const webIfc = createRequire(import.meta.url)('web-ifc') as typeof WebIFC;

let apiReady: Promise<WebIFC.IfcAPI> | null = null;

/**
 * web-ifc's WASM memory only grows (133 MiB once any model was open, 469 MiB for the 226 MiB
 * file of the 200,000-element tower) and is given back only with its instance: past this size
 * the instance is dropped once its model is closed, and the next conversion starts a new one.
 */
const KEEP_IFC_API_UP_TO_BYTES = 256 * 1024 * 1024;

/** One web-ifc instance per process (its WASM instance is expensive; models are opened per call). */
export function getIfcApi(): Promise<WebIFC.IfcAPI> {
  apiReady ??= (async () => {
    const api = new webIfc.IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(webIfc.LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return apiReady;
}

/**
 * An IFC from memory or, when the conversion was given a path, from its file: the STEP index
 * and web-ifc both read it in pieces, so the input is never held whole in JavaScript.
 */
export async function importIfc(input: ModelBytes, ctx: ImportContext): Promise<SceneModel> {
  const source = openSource(input);
  try {
    return await importFrom(source, ctx);
  } finally {
    source.close();
  }
}

/**
 * Drops the shared instance when its memory grew too big to keep (KEEP_IFC_API_UP_TO_BYTES);
 * true when it did.
 */
function releaseIfcApi(api: WebIFC.IfcAPI): boolean {
  const memory = (api.wasmModule as { HEAPU8?: Uint8Array } | undefined)?.HEAPU8?.length ?? 0;
  if (memory <= KEEP_IFC_API_UP_TO_BYTES) return false;
  apiReady = null;
  return true;
}

async function importFrom(source: ByteSource, ctx: ImportContext): Promise<SceneModel> {
  const schema = stepFileSchema(source.read(0, 64 * 1024).slice());
  const tail = source.read(Math.max(0, source.size - 256), source.size);
  if (!/END-ISO-10303-21\s*;/.test(new TextDecoder('latin1').decode(tail))) {
    throw new MalformedFileError('The IFC file is truncated: END-ISO-10303-21 is missing.');
  }
  // web-ifc is used in meshScene only, so that its instance can be collected once it returns.
  const { scene, lines, table, units, root, released } = await meshScene(source, schema, ctx);
  if (released) {
    // A dropped instance stays reachable until the current job ends (measured: collected only
    // after a turn of the event loop), then goes with a full collection, before the properties.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
  // Products outside the spatial structure still need a place in the tree.
  if (root !== null) {
    table.elements.forEach((element, index) => {
      if (element.parent === null && index !== root) element.parent = root;
    });
  }
  scene.storeys = readStoreys(lines, table, units.length);
  readDoorOperations(lines, table);
  scene.properties = new PropertyTableBuilder();
  readProperties(lines, table, units, scene.properties, ctx.checkAbort);
  scene.properties.seal();
  scene.elements = table.elements;
  ctx.progress('geometry', 1);
  return scene;
}

/**
 * The semantics web-ifc is needed for and the meshes; the model is closed and web-ifc let go of
 * before it returns (IfcLines.detach): the properties are read from the STEP index alone.
 */
async function meshScene(source: ByteSource, schema: string | null, ctx: ImportContext) {
  const api = await getIfcApi();
  ctx.progress('parse', 0);
  // One pass over the STEP lines for the semantics; web-ifc parses the file for the geometry.
  const step = new StepFile(source);
  let modelId: number;
  try {
    // web-ifc copies each piece it asks for into its own memory at once.
    modelId = api.OpenModelFromCallback((offset, size) => source.read(offset, offset + size), {
      COORDINATE_TO_ORIGIN: false,
    });
  } catch (error) {
    throw new MalformedFileError(`web-ifc could not open the IFC file: ${String(error)}`);
  }
  if (modelId < 0) throw new MalformedFileError('web-ifc could not open the IFC file.');
  let closed = false;
  try {
    const scene = emptyScene('y');
    scene.schema = api.GetModelSchema(modelId) || schema;
    const lines = new IfcLines(step, api, modelId);
    const units = readUnits(lines);
    scene.sourceUnit = units.length.name;
    scene.sourceUnitToMetres = units.length.toMetres;
    const table = createElementTable(lines);
    const root = readSpatialStructure(lines, table);
    ctx.progress('parse', 1);
    ctx.checkAbort();

    ctx.progress('geometry', 0);
    const materials = new MaterialTable(scene.materials);
    const materialByColour = new Map<string, number>();
    const materialFor = (colour: { x: number; y: number; z: number; w: number }): number => {
      const raw = `${colour.x},${colour.y},${colour.z},${colour.w}`;
      let material = materialByColour.get(raw);
      if (material === undefined) {
        const linear = [srgbToLinear(colour.x), srgbToLinear(colour.y), srgbToLinear(colour.z)];
        const rgba = [...linear, colour.w] as [number, number, number, number];
        const key = rgba.map((c) => c.toFixed(3)).join(',');
        material = materials.add(key, () => ({
          name: `ifc-${key}`,
          color: rgba,
          metallic: 0,
          roughness: 0.9,
          doubleSided: true,
        }));
        materialByColour.set(raw, material);
      }
      return material;
    };
    const geometryIndexById = new Map<number, number>();
    // Exporters write the same geometry again and again (every wall of one length in its own
    // local coordinates): identical meshes are kept once, before any further work on them.
    const geometryByContent = new Map<string, number[]>();
    let cancelled = false;
    api.StreamAllMeshes(modelId, (mesh, index, total) => {
      if (cancelled) return;
      try {
        ctx.checkAbort();
      } catch (_error) {
        // Throwing through the WASM frames would leave web-ifc in a bad state: stop quietly.
        cancelled = true;
        return;
      }
      if (index % 50 === 0) ctx.progress('geometry', total > 0 ? index / total : 0);
      const placedGeometries = mesh.geometries;
      if (placedGeometries.size() === 0) return;
      const element = table.elementFor(mesh.expressID);
      for (let i = 0; i < placedGeometries.size(); i++) {
        const placed = placedGeometries.get(i);
        let geometryIndex = geometryIndexById.get(placed.geometryExpressID);
        if (geometryIndex === undefined) {
          const geometry = api.GetGeometry(modelId, placed.geometryExpressID);
          const vertexData = api.GetVertexArray(
            geometry.GetVertexData(),
            geometry.GetVertexDataSize(),
          );
          const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
          geometry.delete();
          const key = contentKey(vertexData, indices);
          const candidates = geometryByContent.get(key) ?? [];
          geometryIndex = candidates.find((candidate) =>
            sameContent(scene.geometries[candidate]!, vertexData, indices),
          );
          if (geometryIndex === undefined) {
            geometryIndex = scene.geometries.length;
            scene.geometries.push(splitVertexData(vertexData, indices));
            candidates.push(geometryIndex);
            geometryByContent.set(key, candidates);
          }
          geometryIndexById.set(placed.geometryExpressID, geometryIndex);
        }
        scene.placements.push({
          element,
          geometry: geometryIndex,
          material: materialFor(placed.color),
          matrix: Float64Array.from(placed.flatTransformation),
        });
      }
    });
    ctx.checkAbort();
    if (!cancelled) {
      try {
        scene.planOnly = streamSpaces(api, modelId, lines, table);
      } catch (_error) {
        // Spaces only label the storey plans: a model whose spaces web-ifc cannot mesh still
        // converts, its plans without room names.
      }
    }
    if (scene.placements.length === 0)
      throw new NoGeometryError('The IFC file has no geometry web-ifc can mesh.');
    ctx.progress('geometry', 0.9);
    lines.detach();
    api.CloseModel(modelId);
    closed = true;
    return { scene, lines, table, units, root, released: releaseIfcApi(api) };
  } finally {
    if (!closed) {
      api.CloseModel(modelId);
      releaseIfcApi(api);
    }
  }
}

/**
 * IfcSpace meshes for the storey plans (web-ifc's StreamAllMeshes leaves spaces out, and the 3D
 * viewable keeps it so): positions and indices only, in the same session as the model's meshes.
 */
function streamSpaces(
  api: WebIFC.IfcAPI,
  modelId: number,
  lines: IfcLines,
  table: ReturnType<typeof createElementTable>,
): NonNullable<SceneModel['planOnly']> {
  const planOnly: NonNullable<SceneModel['planOnly']> = { geometries: [], placements: [] };
  const ids = lines.step.idsOfType('IFCSPACE');
  if (ids.length === 0) return planOnly;
  const geometryIndexById = new Map<number, number>();
  api.StreamMeshes(modelId, ids, (mesh) => {
    const placedGeometries = mesh.geometries;
    const element = table.elementFor(mesh.expressID);
    for (let i = 0; i < placedGeometries.size(); i++) {
      const placed = placedGeometries.get(i);
      let geometry = geometryIndexById.get(placed.geometryExpressID);
      if (geometry === undefined) {
        const data = api.GetGeometry(modelId, placed.geometryExpressID);
        const vertexData = api.GetVertexArray(data.GetVertexData(), data.GetVertexDataSize());
        const indices = api.GetIndexArray(data.GetIndexData(), data.GetIndexDataSize());
        data.delete();
        geometry = planOnly.geometries.length;
        const { positions } = splitVertexData(vertexData, indices);
        planOnly.geometries.push({ positions, indices: Uint32Array.from(indices) });
        geometryIndexById.set(placed.geometryExpressID, geometry);
      }
      planOnly.placements.push({
        element,
        geometry,
        material: 0,
        matrix: Float64Array.from(placed.flatTransformation),
      });
    }
  });
  return planOnly;
}

/** web-ifc's interleaved position + normal floats -> the scene's separate arrays. */
function splitVertexData(vertexData: Float32Array, indices: Uint32Array): SceneGeometry {
  const vertexCount = vertexData.length / 6;
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) {
    positions[v * 3] = vertexData[v * 6]!;
    positions[v * 3 + 1] = vertexData[v * 6 + 1]!;
    positions[v * 3 + 2] = vertexData[v * 6 + 2]!;
    normals[v * 3] = vertexData[v * 6 + 3]!;
    normals[v * 3 + 1] = vertexData[v * 6 + 4]!;
    normals[v * 3 + 2] = vertexData[v * 6 + 5]!;
  }
  return { positions, normals, indices: Uint32Array.from(indices) };
}

function contentKey(vertexData: Float32Array, indices: Uint32Array): string {
  const bits = new Uint32Array(vertexData.buffer, vertexData.byteOffset, vertexData.length);
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < bits.length; i++) {
    h1 = Math.imul(h1 ^ bits[i]!, 0x01000193);
    h2 = Math.imul(h2 + bits[i]!, 0x5bd1e995) ^ (h2 >>> 13);
  }
  for (let i = 0; i < indices.length; i++) {
    h1 = Math.imul(h1 ^ indices[i]!, 0x01000193);
    h2 = Math.imul(h2 + indices[i]!, 0x5bd1e995) ^ (h2 >>> 13);
  }
  return `${bits.length}:${indices.length}:${h1 >>> 0}:${h2 >>> 0}`;
}

function sameContent(geometry: SceneGeometry, vertexData: Float32Array, indices: Uint32Array) {
  const { positions, normals } = geometry;
  if (positions.length * 2 !== vertexData.length) return false;
  if (geometry.indices.length !== indices.length) return false;
  for (let i = 0; i < indices.length; i++) if (geometry.indices[i] !== indices[i]) return false;
  for (let v = 0; v < positions.length / 3; v++) {
    for (let c = 0; c < 3; c++) {
      if (!Object.is(positions[v * 3 + c], vertexData[v * 6 + c])) return false;
      if (!Object.is(normals![v * 3 + c], vertexData[v * 6 + 3 + c])) return false;
    }
  }
  return true;
}

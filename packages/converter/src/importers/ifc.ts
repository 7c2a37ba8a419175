/**
 * IFC (2X3, 4, 4X3) through web-ifc: meshes from StreamAllMeshes (already metres and Y up) into
 * the scene (ifc-meshes.ts), a big model's in parts that web-ifc opens one at a time
 * (ifc-parts.ts), plus the semantic tables in ifc-structure.ts, ifc-units.ts and
 * ifc-properties.ts, read from the STEP index (step.ts).
 */
import { createRequire } from 'node:module';
import type * as WebIFC from 'web-ifc';
import { MalformedFileError, NoGeometryError } from '../errors.ts';
import { stepFileSchema } from '../formats.ts';
import { PropertyTableBuilder } from '../metadata-builder.ts';
import { emptyScene, type SceneModel } from '../scene.ts';
import { openSource, type ByteSource, type ModelBytes } from './byte-source.ts';
import type { ImportContext } from './context.ts';
import { IfcLines } from './ifc-lines.ts';
import { IfcMeshCollector } from './ifc-meshes.ts';
import { PART_PRODUCTS, PartIndex, slices, writePartFile } from './ifc-parts.ts';
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
export async function importIfc(
  input: ModelBytes,
  ctx: ImportContext,
  options: {
    /** Products per part past which a model is meshed in parts (ifc-parts.ts). */
    partProducts?: number;
  } = {},
): Promise<SceneModel> {
  const source = openSource(input);
  try {
    return await importFrom(source, ctx, options.partProducts ?? PART_PRODUCTS);
  } finally {
    source.close();
  }
}

/**
 * Drops the shared instance when its memory grew too big to keep (KEEP_IFC_API_UP_TO_BYTES), or
 * always (`always`: a model big enough to be meshed in parts, whose properties and viewable need
 * the memory more); true when it did.
 */
function releaseIfcApi(api: WebIFC.IfcAPI, always = false): boolean {
  const memory = (api.wasmModule as { HEAPU8?: Uint8Array } | undefined)?.HEAPU8?.length ?? 0;
  if (!always && memory <= KEEP_IFC_API_UP_TO_BYTES) return false;
  apiReady = null;
  return true;
}

async function importFrom(
  source: ByteSource,
  ctx: ImportContext,
  partProducts: number,
): Promise<SceneModel> {
  const schema = stepFileSchema(source.read(0, 64 * 1024).slice());
  const tail = source.read(Math.max(0, source.size - 256), source.size);
  if (!/END-ISO-10303-21\s*;/.test(new TextDecoder('latin1').decode(tail))) {
    throw new MalformedFileError('The IFC file is truncated: END-ISO-10303-21 is missing.');
  }
  // web-ifc is used in meshScene only, so that its instance can be collected once it returns.
  const { scene, lines, table, units, root, collect } = await meshScene(
    source,
    schema,
    ctx,
    partProducts,
  );
  if (collect) {
    // A dropped instance stays reachable until the current job ends, and its WASM memory goes
    // only with a second full collection a turn later (measured at 200,000 elements: 424 MiB of
    // external memory after the first, 170 after the second). Both come before the properties
    // (with the parts' index and closures, ifc-parts.ts, when there were parts).
    for (let pass = 0; pass < 2; pass++) {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
    }
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

/** Types web-ifc's StreamAllMeshes leaves out (spaces are meshed for the plans alone). */
const NOT_STREAMED = new Set(['IFCOPENINGELEMENT', 'IFCOPENINGSTANDARDCASE', 'IFCSPACE']);

/**
 * The semantics web-ifc is needed for and the meshes; web-ifc is let go of before it returns
 * (IfcLines.detach): the properties are read from the STEP index alone. A model of more than
 * `partProducts` products is meshed in parts (ifc-parts.ts), so web-ifc never holds all of it.
 */
async function meshScene(
  source: ByteSource,
  schema: string | null,
  ctx: ImportContext,
  partProducts: number,
) {
  const api = await getIfcApi();
  ctx.progress('parse', 0);
  // One pass over the STEP lines for the semantics; web-ifc parses the file for the geometry.
  const step = new StepFile(source);
  const streamed = streamedTypes(api, step);
  const products = streamed.flatMap((type) => step.idsOfType(type.name));
  const spaces = step.idsOfType('IFCSPACE');
  // IFC 4.3 alignments are meshed from what aggregates and nests them: kept whole.
  const inParts = products.length > partProducts && step.firstOfType('IFCALIGNMENT') === null;
  const index = inParts ? new PartIndex(step) : null;
  // web-ifc copies each piece it asks for into its own memory at once.
  const openWhole = () =>
    api.OpenModelFromCallback(
      (offset, size) => source.read(offset, offset + size),
      WEB_IFC_SETTINGS,
    );
  let modelId: number;
  try {
    // In parts, the model opened first only names the attributes (PartIndex.schemaEntities).
    modelId = index
      ? api.OpenModel(writePartFile(step, index.schemaEntities()), WEB_IFC_SETTINGS)
      : openWhole();
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
    const elementFor = (id: number) => table.elementFor(id);
    let meshed: Meshed | null = null;
    if (index) {
      // The attribute names are all read: the schema's model goes before the first part opens.
      lines.detach();
      api.CloseModel(modelId);
      closed = true;
      meshed = meshInParts(api, step, index, elementFor, {
        streamed,
        products,
        spaces,
        partProducts,
        ctx,
      });
      if (!meshed) {
        // A part would have taken in another part's product: the model is meshed whole.
        modelId = openWhole();
        closed = false;
      }
    }
    meshed ??= meshWhole(api, modelId, elementFor, spaces, ctx);
    ctx.checkAbort();
    meshed.meshes.fill(scene, meshed.spacesMeshed);
    if (scene.placements.length === 0)
      throw new NoGeometryError('The IFC file has no geometry web-ifc can mesh.');
    ctx.progress('geometry', 0.9);
    if (!closed) {
      lines.detach();
      api.CloseModel(modelId);
      closed = true;
    }
    const released = releaseIfcApi(api, index !== null);
    return { scene, lines, table, units, root, collect: released };
  } finally {
    if (!closed) {
      api.CloseModel(modelId);
      releaseIfcApi(api);
    }
  }
}

const WEB_IFC_SETTINGS = { COORDINATE_TO_ORIGIN: false };

/** The product types in the file web-ifc's StreamAllMeshes meshes, in order of first appearance. */
function streamedTypes(api: WebIFC.IfcAPI, step: StepFile): { name: string; code: number }[] {
  const types: { name: string; code: number; first: number }[] = [];
  for (const name of step.typeNames) {
    if (NOT_STREAMED.has(name)) continue;
    const code = api.GetTypeCodeFromName(name);
    const first = step.firstOfType(name);
    if (!code || first === null || !api.IsIfcElement(code)) continue;
    types.push({ name, code, first: step.order(first) });
  }
  return types.sort((a, b) => a.first - b.first);
}

/** Throwing through the WASM frames would leave web-ifc in a bad state: stop quietly. */
function abortCheck(ctx: ImportContext): () => boolean {
  let cancelled = false;
  return () => {
    if (cancelled) return true;
    try {
      ctx.checkAbort();
    } catch (_error) {
      cancelled = true;
    }
    return cancelled;
  };
}

/** The meshes read, and whether the spaces' meshes are all there (false: web-ifc failed). */
interface Meshed {
  meshes: IfcMeshCollector;
  spacesMeshed: boolean;
}

function meshWhole(
  api: WebIFC.IfcAPI,
  modelId: number,
  elementFor: (id: number) => number,
  spaces: number[],
  ctx: ImportContext,
): Meshed {
  const meshes = new IfcMeshCollector(elementFor);
  const cancelled = abortCheck(ctx);
  api.StreamAllMeshes(modelId, (mesh, index, total) => {
    if (cancelled()) return;
    if (index % 50 === 0) ctx.progress('geometry', total > 0 ? index / total : 0);
    meshes.addMesh(api, modelId, mesh);
  });
  return { meshes, spacesMeshed: !cancelled() && meshSpaces(api, modelId, meshes, spaces) };
}

/**
 * The products in slices of `partProducts` (in the order of `streamed`, then of the file, so
 * the scene does not depend on the slice size), each slice a STEP file of its own that web-ifc
 * opens, meshes and closes; the spaces likewise. Null when a slice's entities would take in
 * another slice's product (which web-ifc would then mesh twice): the model is meshed whole.
 */
function meshInParts(
  api: WebIFC.IfcAPI,
  step: StepFile,
  index: PartIndex,
  elementFor: (id: number) => number,
  plan: {
    streamed: { name: string; code: number }[];
    products: number[];
    spaces: number[];
    partProducts: number;
    ctx: ImportContext;
  },
): Meshed | null {
  const { ctx, partProducts } = plan;
  const meshes = new IfcMeshCollector(elementFor);
  const cancelled = abortCheck(ctx);
  const productSlices = slices(plan.products, partProducts);
  const spaceSlices = slices(plan.spaces, partProducts);
  const codes = plan.streamed.map((type) => type.code);
  const meshedTypes = new Set(plan.streamed.map((type) => type.name));
  const meshed = (id: number) => meshedTypes.has(step.typeOf(id) ?? '');
  let done = 0;
  let spacesMeshed = true;
  for (let part = 0; part < Math.max(productSlices.length, spaceSlices.length); part++) {
    if (cancelled()) break;
    const own = productSlices[part] ?? [];
    const ownSpaces = spaceSlices[part] ?? [];
    const entities = index.partEntities([...own, ...ownSpaces], meshed);
    if (!entities) return null;
    const partId = api.OpenModel(writePartFile(step, entities), WEB_IFC_SETTINGS);
    if (partId < 0) throw new MalformedFileError('web-ifc could not open a part of the IFC file.');
    try {
      api.StreamAllMeshesWithTypes(partId, codes, (mesh, at) => {
        if (cancelled()) return;
        if ((done + at) % 50 === 0) ctx.progress('geometry', (done + at) / plan.products.length);
        meshes.addMesh(api, partId, mesh);
      });
      if (!cancelled()) spacesMeshed = meshSpaces(api, partId, meshes, ownSpaces) && spacesMeshed;
    } finally {
      api.CloseModel(partId);
    }
    done += own.length;
  }
  return { meshes, spacesMeshed: !cancelled() && spacesMeshed };
}

/**
 * IfcSpace meshes for the storey plans (web-ifc's StreamAllMeshes leaves spaces out, and the 3D
 * viewable keeps it so); false when web-ifc could not mesh them. Spaces only label the storey
 * plans: a model whose spaces web-ifc cannot mesh still converts, its plans without room names.
 */
function meshSpaces(
  api: WebIFC.IfcAPI,
  modelId: number,
  meshes: IfcMeshCollector,
  spaces: number[],
): boolean {
  if (spaces.length === 0) return true;
  try {
    api.StreamMeshes(modelId, spaces, (mesh) => meshes.addSpace(api, modelId, mesh));
    return true;
  } catch (_error) {
    return false;
  }
}

/**
 * The viewable's metadata from an imported scene and its prepared layout: the element table
 * (types, names, tree, triangles, boxes on a power-of-ten grid, geometry hashes, IFC ids), the
 * storeys with their element counts, units, origin and the property table.
 */
import {
  METADATA_VERSION,
  type ModelMetadata,
  type ModelPropertyTable,
  type ModelStats,
} from '@truss/viewable';
import { stepFileSchema, type ModelFormat } from './formats.ts';
import { StringTable } from './metadata-builder.ts';
import { jsonPieces } from './metadata-file.ts';
import type { PreparedLayout } from './pipeline/prepare.ts';
import type { SceneModel } from './scene.ts';

/** Metres per bbox unit: the power of ten that keeps the model within 100,000 units. */
function bboxStepFor(bbox: PreparedLayout['bbox']): number {
  if (!bbox) return 1e-3;
  const extent = Math.max(bbox[3] - bbox[0], bbox[4] - bbox[1], bbox[5] - bbox[2]);
  if (!(extent > 0)) return 1e-6;
  return 10 ** Math.max(-6, Math.ceil(Math.log10(extent / 1e5)));
}

/**
 * The metadata, and its JSON text in pieces (what encodeMetadata would give, written without the
 * property table's rows existing all at once: they are built a slice at a time from its columns).
 * The in-memory metadata's `properties` is built when first read.
 */
export interface BuiltMetadata {
  metadata: ModelMetadata;
  jsonPieces(): Iterable<string>;
}

export function buildMetadata(
  scene: SceneModel,
  prepared: PreparedLayout,
  format: ModelFormat,
  filename: string,
  input: { head: Uint8Array; size: number },
  stats: ModelStats,
): BuiltMetadata {
  const strings = scene.properties?.strings ?? new StringTable();
  const count = scene.elements.length;
  const bboxStep = bboxStepFor(prepared.bbox);
  const inverse = 1 / bboxStep;
  const bbox = new Array<number>(count * 6).fill(0);
  const isIfc = scene.elements.some((element) => element.expressId !== undefined);
  const elements: ModelMetadata['elements'] = {
    count,
    type: scene.elements.map((element) => strings.add(element.type)),
    name: scene.elements.map((element) => strings.optional(element.name)),
    parent: scene.elements.map((element) => element.parent ?? -1),
    triangles: scene.elements.map((_, id) => prepared.elementTriangles[id] ?? 0),
    bbox,
    bboxStep,
    geometryHash: scene.elements.map((_, id) => prepared.elementGeometryHashes[id] ?? ''),
  };
  if (isIfc) {
    elements.expressId = scene.elements.map((element) => element.expressId ?? 0);
    elements.globalId = scene.elements.map((element) => element.globalId ?? '');
  }
  prepared.elementBoxes.forEach((box, id) => {
    if (!box || !elements.triangles[id]) return;
    // Rounded outwards; the 1/1000 of a unit absorbs float32 noise (-9.7 is -9.6999998).
    for (let c = 0; c < 3; c++) {
      bbox[id * 6 + c] = Math.floor(box[c]! * inverse + 1e-3) + 0;
      bbox[id * 6 + 3 + c] = Math.ceil(box[c + 3]! * inverse - 1e-3) + 0;
    }
  });

  // Storey element counts: descendants in the tree (through aggregates).
  const children = new Map<number, number[]>();
  scene.elements.forEach((element, id) => {
    if (element.parent === null || element.parent === id) return;
    const list = children.get(element.parent);
    if (list) list.push(id);
    else children.set(element.parent, [id]);
  });
  const descendants = (id: number): number => {
    let total = 0;
    const stack = [...(children.get(id) ?? [])];
    const seen = new Set<number>([id]);
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      total++;
      stack.push(...(children.get(next) ?? []));
    }
    return total;
  };

  const metadata: Omit<ModelMetadata, 'properties'> = {
    version: METADATA_VERSION,
    format,
    source: {
      filename,
      bytes: input.size,
      schema:
        scene.schema ?? (format === 'ifc' || format === 'step' ? stepFileSchema(input.head) : null),
    },
    units: { source: scene.sourceUnit, toMetres: scene.sourceUnitToMetres ?? scene.toMetres },
    origin: prepared.origin,
    bbox: prepared.bbox
      ? (prepared.bbox.map((v) => Math.round(v * 1e5) / 1e5 + 0) as ModelMetadata['bbox'])
      : null,
    stats,
    storeys: (scene.storeys ?? []).map((storey) => ({
      id: storey.element,
      name: storey.name,
      elevation: storey.elevation,
      elements: descendants(storey.element),
    })),
    strings: strings.strings,
    elements,
  };
  const builder = scene.properties;
  let table: ModelPropertyTable | null = null;
  // Last, as before: the text's member order is the object's.
  Object.defineProperty(metadata, 'properties', {
    enumerable: true,
    get: () => (table ??= builder?.table() ?? { values: [], sets: [], elements: [] }),
  });
  return {
    metadata: metadata as ModelMetadata,
    jsonPieces: () =>
      jsonPieces(metadata, (key) =>
        key === 'properties' && builder && !table ? builder.jsonPieces() : undefined,
      ),
  };
}

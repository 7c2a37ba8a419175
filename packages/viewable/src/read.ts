/**
 * Readers of the metadata: no Node or DOM APIs, so the viewer, the web app, the server and the
 * converter's tests all read single elements, their property sets and the tree the same way.
 */
import {
  METADATA_VERSION,
  PROPERTY_SET_KINDS,
  type BoundingBox,
  type ModelElement,
  type ModelMetadata,
  type ModelProperty,
  type ModelPropertySet,
  type ModelTreeNode,
} from './metadata.ts';

/**
 * The parsed metadata JSON as metadata of this version, or null when it is something else (an
 * older version, or no metadata at all): callers then show the model without tree or properties.
 */
export function readMetadata(json: unknown): ModelMetadata | null {
  const m = json as Partial<ModelMetadata> | null;
  return !!m && m.version === METADATA_VERSION && typeof m.elements?.count === 'number'
    ? (m as ModelMetadata)
    : null;
}

/**
 * Whether the model has GlobalIds (IFC), without reading them: metadata handed over between
 * threads parses that column at its first read (metadata-transfer.ts).
 */
export function hasGlobalIds(metadata: ModelMetadata): boolean {
  return 'globalId' in metadata.elements;
}

/** The element with this id as an object (bbox in metres). */
export function getElement(metadata: ModelMetadata, id: number): ModelElement {
  const table = metadata.elements;
  if (!(id >= 0 && id < table.count)) throw new RangeError(`No element ${id}.`);
  const element: ModelElement = {
    id,
    type: metadata.strings[table.type[id]!] ?? '',
    name: table.name[id]! >= 0 ? metadata.strings[table.name[id]!]! : null,
    parent: table.parent[id]! >= 0 ? table.parent[id]! : null,
    bbox: null,
    triangles: table.triangles[id]!,
  };
  if (table.expressId) element.expressId = table.expressId[id]!;
  if (table.globalId?.[id]) element.globalId = table.globalId[id]!;
  if (element.triangles > 0) {
    // Read one by one: a typed column's slice would keep its own number type.
    const box = Array.from({ length: 6 }, (_, i) => table.bbox[id * 6 + i]! * table.bboxStep);
    element.bbox = box.map((v) => Math.round(v * 1e9) / 1e9 + 0) as BoundingBox;
  }
  return element;
}

/** Every element as an object (convenient for small models and tests; columns are cheaper). */
export function listElements(metadata: ModelMetadata): ModelElement[] {
  return Array.from({ length: metadata.elements.count }, (_, id) => getElement(metadata, id));
}

/** The property sets of an element, expanded. */
export function getElementProperties(metadata: ModelMetadata, id: number): ModelPropertySet[] {
  const { strings, properties } = metadata;
  return (properties.elements[id] ?? []).map((setIndex) => {
    const [name, kind, ...rows] = properties.sets[setIndex]!;
    return {
      name: strings[name!]!,
      kind: PROPERTY_SET_KINDS[kind!]!,
      properties: rows.map((row) => {
        const [propertyName, value, unit] = properties.values[row]!;
        const property: ModelProperty = { name: strings[propertyName]!, value };
        if (unit !== undefined) property.unit = strings[unit]!;
        return property;
      }),
    };
  });
}

/** The spatial tree from the parent column: one root, or a synthetic root with id -1. */
export function buildElementTree(metadata: ModelMetadata): ModelTreeNode | null {
  const { count, parent } = metadata.elements;
  if (count === 0) return null;
  const nodes = Array.from({ length: count }, (_, id): ModelTreeNode => ({ id, children: [] }));
  const roots: ModelTreeNode[] = [];
  for (let id = 0; id < count; id++) {
    const up = parent[id]!;
    if (up >= 0 && up < count && up !== id) nodes[up]!.children.push(nodes[id]!);
    else roots.push(nodes[id]!);
  }
  if (roots.length === 1) return roots[0]!;
  return { id: -1, children: roots };
}

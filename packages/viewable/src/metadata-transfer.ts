/**
 * The metadata handed from the thread that parsed it to the one that reads it, for a big model
 * (the 200k-element tower's 39 MB of JSON is a 1-1.6 s parse; handing its objects over as they
 * are costs as much again on the receiving side):
 *
 * - the element columns of numbers go as typed arrays, transferred, so they cost nothing to
 *   receive;
 * - the fields only some views read (the property table, GlobalIds, geometry hashes) go as their
 *   JSON text, one string each, and are parsed by the reader's first access;
 * - the rest (header, storeys, the string table the tree names come from) is cloned as it is.
 *
 * Anything that is not metadata of this version goes through unchanged: its reader rejects it.
 */
import { METADATA_VERSION, type ModelElementTable, type ModelMetadata } from './metadata.ts';

/** The element columns of numbers, by name. */
const NUMBER_COLUMNS = ['type', 'name', 'parent', 'triangles', 'bbox', 'expressId'] as const;
type NumberColumnName = (typeof NUMBER_COLUMNS)[number];

/** Element columns read by some views only (search by GlobalId, BCF, version comparison). */
const ON_DEMAND_COLUMNS = ['globalId', 'geometryHash'] as const;
type OnDemandColumn = (typeof ON_DEMAND_COLUMNS)[number];

export interface PackedMetadata {
  kind: 'packed';
  /** The metadata without the element table and the property table. */
  head: Omit<ModelMetadata, 'elements' | 'properties'>;
  count: number;
  bboxStep: number;
  columns: Partial<Record<NumberColumnName, Int32Array | Float64Array>>;
  /** JSON text of each field parsed on first access. */
  onDemand: Partial<Record<OnDemandColumn, string>> & { properties: string };
}

/** Anything else (not metadata of this version, or a column that is not all numbers), as parsed. */
export interface PlainJson {
  kind: 'plain';
  json: unknown;
}

/** How a column of numbers travels: as Int32Array, as Float64Array, or not at all (not numbers). */
function columnKind(values: readonly unknown[]): 'int' | 'float' | null {
  let kind: 'int' | 'float' = 'int';
  for (const value of values) {
    if (typeof value !== 'number') return null;
    if (kind === 'int' && value !== (value | 0)) kind = 'float';
  }
  return kind;
}

/** The parsed metadata JSON packed for postMessage, with the buffers to transfer. */
export function packMetadata(json: unknown): {
  packed: PackedMetadata | PlainJson;
  transfer: ArrayBuffer[];
} {
  const m = json as Partial<ModelMetadata> | null;
  const table = m?.elements;
  const plain = { packed: { kind: 'plain' as const, json }, transfer: [] };
  if (
    !m ||
    m.version !== METADATA_VERSION ||
    !table ||
    typeof table.count !== 'number' ||
    !m.properties
  ) {
    return plain;
  }
  const { elements, properties, ...head } = m as ModelMetadata;
  const columns: PackedMetadata['columns'] = {};
  const transfer: ArrayBuffer[] = [];
  for (const name of NUMBER_COLUMNS) {
    const values = elements[name] as unknown;
    if (values === undefined) continue;
    const kind = Array.isArray(values) ? columnKind(values) : null;
    if (!kind) return plain;
    // Numbers the JSON holds as integers stay integers; anything else keeps every digit.
    const column =
      kind === 'int' ? Int32Array.from(values as number[]) : Float64Array.from(values as number[]);
    columns[name] = column;
    transfer.push(column.buffer as ArrayBuffer);
  }
  const onDemand: PackedMetadata['onDemand'] = { properties: JSON.stringify(properties) };
  for (const name of ON_DEMAND_COLUMNS) {
    if (elements[name]) onDemand[name] = JSON.stringify(elements[name]);
  }
  return {
    packed: {
      kind: 'packed',
      head,
      count: elements.count,
      bboxStep: elements.bboxStep,
      columns,
      onDemand,
    },
    transfer,
  };
}

/** `target[key]` parsed from `text` at its first read, then a plain value. */
function parsedOnDemand(target: object, key: string, text: string): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value: unknown = JSON.parse(text);
      Object.defineProperty(target, key, { value, enumerable: true, writable: true });
      return value;
    },
  });
}

/** What packMetadata packed, as the metadata (or the JSON) it was. */
export function unpackMetadata(packed: PackedMetadata | PlainJson): unknown {
  if (packed.kind === 'plain') return packed.json;
  const elements = {
    count: packed.count,
    bboxStep: packed.bboxStep,
    ...packed.columns,
  } as unknown as ModelElementTable;
  const metadata = { ...packed.head, elements } as ModelMetadata;
  for (const name of ON_DEMAND_COLUMNS) {
    const text = packed.onDemand[name];
    if (text !== undefined) parsedOnDemand(elements, name, text);
  }
  parsedOnDemand(metadata, 'properties', packed.onDemand.properties);
  return metadata;
}

import {
  elementKeys,
  PROPERTY_SET_KINDS,
  type ModelMetadata,
  type ModelPropertyValue,
} from '@truss/viewable';

/** Texts are indexed up to this many characters (a btree entry must stay small). */
const INDEXED_TEXT_MAX = 500;

/** The columns of a model's rows in `elements`, one entry per element. */
export interface ElementColumns {
  elementId: number[];
  guid: string[];
  type: string[];
  name: (string | null)[];
  storey: (string | null)[];
}

/** The columns of a model's rows in `element_properties`, one entry per property. */
export interface PropertyColumns {
  elementId: number[];
  pset: string[];
  name: string[];
  value: (string | null)[];
  num: (number | null)[];
}

/** The set name IFC attributes (OverallHeight, Tag, ...) are queried under. */
export const ATTRIBUTES_SET = 'attributes';
/** The converter names a type object's property sets `Pset_X (type)`. */
const TYPE_SET_SUFFIX = ' (type)';
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const clip = (text: string) =>
  text.length > INDEXED_TEXT_MAX ? text.slice(0, INDEXED_TEXT_MAX) : text;

/** The value as the index keeps it: text in lower case (queries match without regard to case). */
function textOf(value: ModelPropertyValue): string | null {
  if (value === null) return null;
  return clip((typeof value === 'string' ? value : String(value)).toLowerCase());
}

function numberOf(value: ModelPropertyValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * For each element, the nearest storey above it in the tree (its name), from the parent column
 * and the metadata's storey list. A storey itself has none.
 */
function storeyNames(metadata: ModelMetadata): (string | null)[] {
  const { count, parent } = metadata.elements;
  const storeys = new Map(metadata.storeys.map((storey) => [storey.id, storey.name]));
  const result = new Array<string | null | undefined>(count).fill(undefined);
  for (let id = 0; id < count; id++) {
    if (result[id] !== undefined) continue;
    // Walk up until a known answer or a storey; then fill in the whole chain.
    const chain: number[] = [];
    let up = parent[id]!;
    let found: string | null = null;
    let current = id;
    while (true) {
      chain.push(current);
      if (up < 0 || up >= count || up === current || chain.length > count) break;
      if (storeys.has(up)) {
        found = storeys.get(up) ?? null;
        break;
      }
      if (result[up] !== undefined) {
        found = result[up]!;
        break;
      }
      current = up;
      up = parent[up]!;
    }
    for (const member of chain) result[member] = found;
  }
  return result.map((name) => (name ? clip(name) : null));
}

/** The rows of the element index of one model, from its viewable's metadata. */
export function elementRows(metadata: ModelMetadata): {
  elements: ElementColumns;
  properties: PropertyColumns;
} {
  const table = metadata.elements;
  const { strings } = metadata;
  const storeys = storeyNames(metadata);
  const keys = elementKeys(metadata);

  const elements: ElementColumns = { elementId: [], guid: [], type: [], name: [], storey: [] };
  for (let id = 0; id < table.count; id++) {
    elements.elementId.push(id);
    elements.guid.push(keys[id]!);
    elements.type.push(clip(strings[table.type[id]!] ?? ''));
    elements.name.push(table.name[id]! >= 0 ? clip(strings[table.name[id]!]!) : null);
    elements.storey.push(storeys[id]!);
  }

  const properties: PropertyColumns = { elementId: [], pset: [], name: [], value: [], num: [] };
  const { sets, values } = metadata.properties;
  metadata.properties.elements.forEach((setIndices, id) => {
    if (id >= table.count) return;
    // An occurrence's own value wins over its type's (IFC: type properties are defaults).
    const own = new Set<string>();
    const inherited: [string, number][] = [];
    for (const setIndex of setIndices) {
      const [nameIndex, kind, ...rows] = sets[setIndex]!;
      const setName = strings[nameIndex!] ?? '';
      if (PROPERTY_SET_KINDS[kind!] === 'attributes') {
        for (const row of rows) inherited.push([ATTRIBUTES_SET, row]);
      } else if (setName.endsWith(TYPE_SET_SUFFIX)) {
        const base = setName.slice(0, -TYPE_SET_SUFFIX.length).toLowerCase();
        for (const row of rows) inherited.push([base, row]);
      } else {
        const pset = setName.toLowerCase();
        for (const row of rows) {
          const key = `${pset}\u0000${strings[values[row]![0]]!.toLowerCase()}`;
          own.add(key);
          push(id, pset, row);
        }
      }
    }
    for (const [pset, row] of inherited) {
      const key = `${pset}\u0000${strings[values[row]![0]]!.toLowerCase()}`;
      if (own.has(key)) continue;
      own.add(key);
      push(id, pset, row);
    }
  });

  function push(id: number, pset: string, row: number) {
    const [nameIndex, value] = values[row]!;
    properties.elementId.push(id);
    properties.pset.push(clip(pset));
    properties.name.push(clip(strings[nameIndex]!.toLowerCase()));
    properties.value.push(textOf(value));
    properties.num.push(numberOf(value));
  }

  return { elements, properties };
}

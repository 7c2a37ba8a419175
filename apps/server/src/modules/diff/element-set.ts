import { DIFF_ATTRIBUTES_SET, type PropertyChange } from '@truss/contracts';
import {
  elementKeys,
  PROPERTY_SET_KINDS,
  type ModelMetadata,
  type ModelPropertyValue,
} from '@truss/viewable';

/**
 * One version's elements as the comparison sees them: per element its key (GlobalId or path),
 * its geometry fingerprint and a signature of its properties, with the properties themselves
 * expanded only for the few elements whose signatures differ.
 */
export interface ElementSet {
  keys: string[];
  /** Per element: geometry hash, or (older viewables) box in world millimetres and triangles. */
  geometry: string[];
  /** Per element: every property, attribute, Name and class, as one comparable string. */
  signature: string[];
  /** The element's properties: `set\u0000name` -> value. */
  properties(id: number): Map<string, ModelPropertyValue>;
}

const SEP = '\u0000';
const NEXT = '\u0001';

function valueText(value: ModelPropertyValue): string {
  return value === null ? 'n' : `${typeof value === 'string' ? 's' : (typeof value)[0]}${value}`;
}

/** Per element, the geometry fingerprint: the converter's hash, else world box + triangles. */
function geometryColumn(metadata: ModelMetadata): string[] {
  const table = metadata.elements;
  if (table.geometryHash && table.geometryHash.length === table.count) return table.geometryHash;
  const { bbox, bboxStep, triangles } = table;
  const [ox, oy, oz] = metadata.origin;
  const origin = [ox, oy, oz, ox, oy, oz];
  return Array.from({ length: table.count }, (_, id) => {
    if (!triangles[id]) return '';
    const box = origin.map((o, c) => Math.round((bbox[id * 6 + c]! * bboxStep + o) * 1000));
    return `${box.join(',')}/${triangles[id]}`;
  });
}

export function elementSet(metadata: ModelMetadata): ElementSet {
  const { strings, properties } = metadata;
  const table = metadata.elements;
  /** A set's name as compared: attributes under one name, whatever the element's class. */
  const setName = (set: number[]) =>
    PROPERTY_SET_KINDS[set[1]!] === 'attributes' ? DIFF_ATTRIBUTES_SET : strings[set[0]!]!;
  // Distinct sets are stored once and shared: their signatures are made once.
  const setSignatures = new Map<number, string>();
  const setSignature = (index: number) => {
    let signature = setSignatures.get(index);
    if (signature === undefined) {
      const set = properties.sets[index]!;
      const name = setName(set);
      signature = set
        .slice(2)
        .map((row) => {
          const [propertyName, value] = properties.values[row]!;
          return `${name}${SEP}${strings[propertyName]}${SEP}${valueText(value)}`;
        })
        .sort()
        .join(NEXT);
      setSignatures.set(index, signature);
    }
    return signature;
  };
  const own = (id: number) => [
    `${DIFF_ATTRIBUTES_SET}${SEP}Name${SEP}${table.name[id]! >= 0 ? valueText(strings[table.name[id]!]!) : 'n'}`,
    `${DIFF_ATTRIBUTES_SET}${SEP}Class${SEP}${valueText(strings[table.type[id]!] ?? '')}`,
  ];
  const signature = Array.from({ length: table.count }, (_, id) =>
    [...own(id), ...(properties.elements[id] ?? []).map(setSignature)].sort().join(NEXT),
  );

  return {
    keys: elementKeys(metadata),
    geometry: geometryColumn(metadata),
    signature,
    properties(id) {
      const out = new Map<string, ModelPropertyValue>();
      out.set(
        `${DIFF_ATTRIBUTES_SET}${SEP}Name`,
        table.name[id]! >= 0 ? strings[table.name[id]!]! : null,
      );
      out.set(`${DIFF_ATTRIBUTES_SET}${SEP}Class`, strings[table.type[id]!] ?? '');
      for (const index of properties.elements[id] ?? []) {
        const set = properties.sets[index]!;
        const name = setName(set);
        for (const row of set.slice(2)) {
          const [propertyName, value] = properties.values[row]!;
          let key = `${name}${SEP}${strings[propertyName]}`;
          // The same name twice (two sets of one name): the second as `Name [2]`.
          for (let n = 2; out.has(key); n++) key = `${name}${SEP}${strings[propertyName]} [${n}]`;
          out.set(key, value);
        }
      }
      return out;
    },
  };
}

/** The property changes between two elements' properties, sorted by set and name. */
export function propertyChanges(
  from: Map<string, ModelPropertyValue>,
  to: Map<string, ModelPropertyValue>,
): PropertyChange[] {
  const changes: PropertyChange[] = [];
  for (const key of new Set([...from.keys(), ...to.keys()])) {
    const a = from.has(key) ? from.get(key)! : null;
    const b = to.has(key) ? to.get(key)! : null;
    // Present without a value on one side and absent on the other is a change too.
    if (from.has(key) && to.has(key) && a === b) continue;
    const [set, name] = key.split(SEP) as [string, string];
    changes.push({ set, name, from: a, to: b });
  }
  return changes.sort((x, y) =>
    x.set === y.set ? (x.name < y.name ? -1 : x.name > y.name ? 1 : 0) : x.set < y.set ? -1 : 1,
  );
}

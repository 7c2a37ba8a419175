import { DIFF_ATTRIBUTES_SET, type PropertyChange } from '@truss/contracts';
import {
  elementKeys,
  PROPERTY_SET_KINDS,
  type ModelMetadata,
  type ModelPropertyValue,
} from '@truss/viewable';

/**
 * One version's elements as the comparison sees them: per element its key (GlobalId or path),
 * its geometry fingerprint and a 64-bit hash of its properties (two 32-bit lanes), with the
 * properties themselves expanded only for the few elements whose hashes differ.
 */
export interface ElementSet {
  keys: string[];
  /** Per element: geometry hash, or (older viewables) box in world millimetres and triangles. */
  geometry: string[];
  /** Per element: hash of every property, attribute, Name and class (order-independent). */
  signatureLo: Uint32Array;
  signatureHi: Uint32Array;
  /** The element's properties: `set\u0000name` -> value. */
  properties(id: number): Map<string, ModelPropertyValue>;
}

const SEP = '\u0000';

/** Two independent 32-bit hashes of a string (murmur-style mixing). */
function hashText(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const LO = 0x9747b28c;
const HI = 0x1b873593;

/** Two hashes into one (not symmetric: a set's name and its property differ in role). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x27d4eb2f, 0x5bd1e995) ^ b;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

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
  // A property's hash in two lanes: its set's name mixed with its row's (name and typed value)
  // hash, each row hashed once; summed per element, so the order of sets and properties does not
  // count. Distinct sets are hashed once.
  const rowLo = new Uint32Array(properties.values.length);
  const rowHi = new Uint32Array(properties.values.length);
  properties.values.forEach(([propertyName, value], row) => {
    const text = valueText(value);
    rowLo[row] = hashText(text, hashText(strings[propertyName]!, LO));
    rowHi[row] = hashText(text, hashText(strings[propertyName]!, HI));
  });
  const attributeLo = hashText(DIFF_ATTRIBUTES_SET, LO);
  const attributeHi = hashText(DIFF_ATTRIBUTES_SET, HI);
  const setHashes = new Map<number, [number, number]>();
  const setHash = (index: number): [number, number] => {
    let hash = setHashes.get(index);
    if (!hash) {
      const set = properties.sets[index]!;
      const attributes = PROPERTY_SET_KINDS[set[1]!] === 'attributes';
      const nameLo = attributes ? attributeLo : hashText(strings[set[0]!]!, LO);
      const nameHi = attributes ? attributeHi : hashText(strings[set[0]!]!, HI);
      let lo = 0;
      let hi = 0;
      for (let k = 2; k < set.length; k++) {
        lo = (lo + mix(nameLo, rowLo[set[k]!]!)) >>> 0;
        hi = (hi + mix(nameHi, rowHi[set[k]!]!)) >>> 0;
      }
      hash = [lo, hi];
      setHashes.set(index, hash);
    }
    return hash;
  };
  const own = (name: string, text: string, seed: number, setSeed: number) =>
    mix(setSeed, hashText(text, hashText(name, seed)));
  const signatureLo = new Uint32Array(table.count);
  const signatureHi = new Uint32Array(table.count);
  for (let id = 0; id < table.count; id++) {
    const name = table.name[id]! >= 0 ? valueText(strings[table.name[id]!]!) : 'n';
    const type = valueText(strings[table.type[id]!] ?? '');
    let lo = own('Name', name, LO, attributeLo) + own('Class', type, LO, attributeLo);
    let hi = own('Name', name, HI, attributeHi) + own('Class', type, HI, attributeHi);
    for (const index of properties.elements[id] ?? []) {
      const [setLo, setHi] = setHash(index);
      lo += setLo;
      hi += setHi;
    }
    signatureLo[id] = lo >>> 0;
    signatureHi[id] = hi >>> 0;
  }

  return {
    keys: elementKeys(metadata),
    geometry: geometryColumn(metadata),
    signatureLo,
    signatureHi,
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
        for (let k = 2; k < set.length; k++) {
          const [propertyName, value] = properties.values[set[k]!]!;
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

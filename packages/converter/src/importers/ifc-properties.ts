/**
 * Property sets, quantities (the instance's and its type object's) and attributes per element,
 * read from the STEP lines into the metadata's property table.
 */
import type { ModelPropertyValue } from '@truss/viewable';
import { IntColumn, type PropertyTableBuilder } from '../metadata-builder.ts';
import { refs, text, type IfcLines } from './ifc-lines.ts';
import type { IfcElementTable } from './ifc-structure.ts';
import type { IfcUnits } from './ifc-units.ts';
import { StepEnum, StepRef, StepTyped, type StepValue } from './step.ts';

function propertyValue(value: StepValue | undefined): ModelPropertyValue {
  if (value === null || value === undefined || value instanceof StepRef) return null;
  if (Array.isArray(value)) return value.map((item) => String(propertyValue(item))).join(', ');
  if (value instanceof StepTyped) return propertyValue(value.value);
  if (value instanceof StepEnum) {
    // Booleans and logicals (UNKNOWN is no value); other enumerations by name.
    if (value.value === 'T') return true;
    if (value.value === 'F') return false;
    if (value.value === 'U') return null;
    return value.value;
  }
  // + 0 turns -0 (a file's `-0.`) into 0, which is what its JSON reads back as.
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  return value;
}

const QUANTITY_FIELDS: [string, (u: IfcUnits) => string][] = [
  ['LengthValue', (u) => u.length.name],
  ['AreaValue', (u) => u.area],
  ['VolumeValue', (u) => u.volume],
  ['CountValue', () => ''],
  ['WeightValue', () => 'kg'],
  ['TimeValue', () => 's'],
];

/** Attributes that are element columns (GlobalId, Name) or bookkeeping, not properties. */
const SKIPPED_ATTRIBUTES = new Set(['GlobalId', 'Name', 'OwnerHistory']);

/** A value an attribute set shows: not a reference to another entity (nor a list of them). */
const isPlainValue = (value: StepValue | undefined) =>
  !(value instanceof StepRef) &&
  !(Array.isArray(value) && value.some((item) => item instanceof StepRef || Array.isArray(item)));

/** Property sets, quantities (own and from the type object) and attributes per element. */
export function readProperties(
  lines: IfcLines,
  table: IfcElementTable,
  units: IfcUnits,
  builder: PropertyTableBuilder,
  checkAbort: () => void,
): void {
  const readProperty = (id: number, prefix: string, out: number[]): void => {
    const name = `${prefix}${text(lines.get(id, 'Name')) ?? `#${id}`}`;
    const children = lines.get(id, 'HasProperties');
    if (children !== undefined && children !== null) {
      for (const child of refs(children)) readProperty(child, `${name}.`, out);
      return;
    }
    for (const [field, unitOf] of QUANTITY_FIELDS) {
      if (lines.hasField(id, field)) {
        out.push(builder.property(name, propertyValue(lines.get(id, field)), unitOf(units)));
        return;
      }
    }
    if (lines.hasField(id, 'NominalValue')) {
      out.push(builder.property(name, propertyValue(lines.get(id, 'NominalValue'))));
    } else if (lines.hasField(id, 'EnumerationValues')) {
      out.push(builder.property(name, propertyValue(lines.get(id, 'EnumerationValues'))));
    } else if (lines.hasField(id, 'ListValues')) {
      out.push(builder.property(name, propertyValue(lines.get(id, 'ListValues'))));
    } else if (lines.hasField(id, 'UpperBoundValue') || lines.hasField(id, 'LowerBoundValue')) {
      const lower = propertyValue(lines.get(id, 'LowerBoundValue'));
      const upper = propertyValue(lines.get(id, 'UpperBoundValue'));
      out.push(builder.property(name, `${lower ?? ''}..${upper ?? ''}`));
    }
  };

  // Each property set or quantity set is read once per use: as the instance's own, and as its
  // type's (named "... (type)"), however many elements share it.
  const setIndexes = {
    own: new Map<number, number | null>(),
    type: new Map<number, number | null>(),
  };
  const setOf = (id: number, use: 'own' | 'type'): number | null => {
    const cache = setIndexes[use];
    let index = cache.get(id);
    if (index !== undefined) return index;
    index = null;
    const quantities = lines.get(id, 'Quantities');
    const properties = lines.get(id, 'HasProperties');
    const children = properties ?? quantities;
    if (children !== undefined && children !== null) {
      const name = text(lines.get(id, 'Name')) ?? `#${id}`;
      const rows: number[] = [];
      for (const child of refs(children)) readProperty(child, '', rows);
      const kind = quantities !== undefined && quantities !== null ? 'qto' : 'pset';
      index = builder.set(use === 'type' ? `${name} (type)` : name, kind, rows);
    }
    cache.set(id, index);
    return index;
  };

  // Per element, in the relations' order: its own sets, and the type objects it is defined by.
  const own = new ElementLists();
  for (const relId of lines.step.idsOfType('IFCRELDEFINESBYPROPERTIES')) {
    const targets = refs(lines.get(relId, 'RelatedObjects'))
      .map((id) => table.indexByExpressId.get(id))
      .filter((index): index is number => index !== undefined);
    if (targets.length === 0) continue;
    for (const definition of refs(lines.get(relId, 'RelatingPropertyDefinition'))) {
      const set = setOf(definition, 'own');
      if (set === null) continue;
      for (const target of targets) own.add(target, set);
    }
  }
  checkAbort();

  const types = new Map<number, { name: string | null; sets: number[] }>();
  const typed = new ElementLists();
  for (const relId of lines.step.idsOfType('IFCRELDEFINESBYTYPE')) {
    const typeId = refs(lines.get(relId, 'RelatingType'))[0];
    if (typeId === undefined) continue;
    if (!types.has(typeId)) {
      const sets: number[] = [];
      for (const setId of refs(lines.get(typeId, 'HasPropertySets'))) {
        const set = setOf(setId, 'type');
        if (set !== null) sets.push(set);
      }
      types.set(typeId, { name: text(lines.get(typeId, 'Name')), sets });
    }
    for (const target of refs(lines.get(relId, 'RelatedObjects'))) {
      const index = table.indexByExpressId.get(target);
      if (index !== undefined) typed.add(index, typeId);
    }
  }
  checkAbort();

  const count = table.elements.length;
  const ownSets = own.grouped(count);
  const typeIds = typed.grouped(count);
  table.elements.forEach((element, index) => {
    if (element.expressId === undefined) return;
    const rows: number[] = [];
    // Every attribute with a value of its own (Description, Tag, OverallHeight, ...).
    for (const key of lines.fieldNames(element.expressId)) {
      if (SKIPPED_ATTRIBUTES.has(key)) continue;
      const raw = lines.get(element.expressId, key);
      if (!isPlainValue(raw)) continue;
      const value = propertyValue(raw);
      if (value !== null) rows.push(builder.property(key, value));
    }
    const elementTypes = typeIds(index).map((id) => types.get(id)!);
    for (const type of elementTypes) if (type.name) rows.push(builder.property('Type', type.name));
    if (rows.length > 0) builder.assign(index, builder.set(element.type, 'attributes', rows));
    for (const set of ownSets(index)) builder.assign(index, set);
    for (const type of elementTypes) for (const set of type.sets) builder.assign(index, set);
  });
}

/**
 * Numbers gathered per element in any order, read back per element in the order they came: two
 * integer columns and a counting sort, not an array per element (200,000 of them in a tower).
 */
class ElementLists {
  private readonly elements = new IntColumn();
  private readonly items = new IntColumn();

  add(element: number, item: number): void {
    this.elements.push(element);
    this.items.push(item);
  }

  /** The lists of elements 0..count-1: a reader of one element's list. */
  grouped(count: number): (element: number) => number[] {
    const start = new Int32Array(count + 1);
    for (let k = 0; k < this.elements.length; k++) start[this.elements.at(k) + 1]!++;
    for (let e = 0; e < count; e++) start[e + 1]! += start[e]!;
    const next = start.slice(0, count);
    const sorted = new Int32Array(this.items.length);
    for (let k = 0; k < this.elements.length; k++) {
      sorted[next[this.elements.at(k)]!++] = this.items.at(k);
    }
    return (element) => Array.from(sorted.subarray(start[element], start[element + 1]));
  }
}

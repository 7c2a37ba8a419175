/**
 * IFC semantics read straight from the STEP lines (step.ts): the element table (spatial
 * structure + every product with geometry), the spatial tree from IfcRelAggregates /
 * IfcRelContainedInSpatialStructure / IfcRelNests, property sets and quantities (instance and
 * type), the length unit and storeys. Attribute positions come from web-ifc's schema (the
 * attribute names of one parsed instance per entity type), so every IFC version web-ifc knows
 * is read the same way.
 */
import type * as WebIFC from 'web-ifc';
import type { ModelPropertyValue } from '@truss/viewable';
import type { PropertyTableBuilder } from '../metadata-builder.ts';
import type { SceneElement, SceneStorey } from '../scene.ts';
import { StepEnum, StepRef, StepTyped, type StepFile, type StepValue } from './step.ts';

export class IfcLines {
  private readonly fieldsByType = new Map<string, Map<string, number> | null>();
  private readonly nameByType = new Map<string, string>();

  /** web-ifc, for the schema's attribute names; null once detached (detach). */
  private api: WebIFC.IfcAPI | null;

  constructor(
    readonly step: StepFile,
    api: WebIFC.IfcAPI,
    private readonly modelId: number,
  ) {
    this.api = api;
  }

  /**
   * Reads what web-ifc tells of every type in the file (attribute names, type name), then lets
   * go of it: the model can be closed and web-ifc's memory (twice the file at 200,000 elements)
   * released before the properties are read and the viewable is written.
   */
  detach(): void {
    this.step.typeNames.forEach((type) => {
      this.fields(type);
      this.typeNameOf(type);
    });
    this.api = null;
  }

  /** Attribute `name` of entity `id`; undefined when its type has no such attribute. */
  get(id: number, name: string): StepValue | undefined {
    const type = this.step.typeOf(id);
    if (type === null) return undefined;
    const index = this.fields(type)?.get(name);
    if (index === undefined) return undefined;
    const args = this.step.args(id);
    return args ? (args[index] ?? null) : undefined;
  }

  /** The attribute names of the entity's type, in schema order (none when unknown). */
  fieldNames(id: number): string[] {
    const type = this.step.typeOf(id);
    const fields = type === null ? null : this.fields(type);
    return fields ? [...fields.keys()] : [];
  }

  /** True when the entity's type has the attribute (even if the value is `$`). */
  hasField(id: number, name: string): boolean {
    const type = this.step.typeOf(id);
    return type !== null && this.fields(type)?.has(name) === true;
  }

  private fields(type: string): Map<string, number> | null {
    let fields = this.fieldsByType.get(type);
    if (fields !== undefined) return fields;
    fields = null;
    const first = this.step.firstOfType(type);
    if (first !== null && this.api) {
      try {
        // web-ifc's line objects list the attributes in schema order after expressID and type,
        // and it maps a line's arguments to them by position: so do we (files with missing or
        // extra arguments then read as they do in web-ifc).
        const line = this.api.GetLine(this.modelId, first, false) as Record<string, unknown>;
        const names = Object.keys(line).filter((key) => key !== 'expressID' && key !== 'type');
        fields = new Map(names.map((name, index) => [name, index]));
      } catch (_error) {
        fields = null;
      }
    }
    this.fieldsByType.set(type, fields);
    return fields;
  }

  /** `IfcWallStandardCase` for an entity whose STEP type is IFCWALLSTANDARDCASE. */
  typeName(id: number): string | null {
    const upper = this.step.typeOf(id);
    return upper === null ? null : this.typeNameOf(upper);
  }

  private typeNameOf(upper: string): string {
    let name = this.nameByType.get(upper);
    if (name === undefined) {
      try {
        name = this.api?.GetNameFromTypeCode(this.api.GetTypeCodeFromName(upper)) || upper;
      } catch (_error) {
        name = upper;
      }
      this.nameByType.set(upper, name);
    }
    return name;
  }
}

interface IfcElementTable {
  elements: SceneElement[];
  indexByExpressId: Map<number, number>;
  /** Adds (or finds) the element for an express id, reading its type, GlobalId and Name. */
  elementFor(expressId: number): number;
}

export function createElementTable(lines: IfcLines): IfcElementTable {
  const elements: SceneElement[] = [];
  const indexByExpressId = new Map<number, number>();
  return {
    elements,
    indexByExpressId,
    elementFor(expressId: number): number {
      const known = indexByExpressId.get(expressId);
      if (known !== undefined) return known;
      const element: SceneElement = {
        type: lines.typeName(expressId) ?? 'IfcProduct',
        name: text(lines.get(expressId, 'Name')),
        parent: null,
        expressId,
      };
      const globalId = text(lines.get(expressId, 'GlobalId'));
      if (globalId) element.globalId = globalId;
      indexByExpressId.set(expressId, elements.length);
      elements.push(element);
      return elements.length - 1;
    },
  };
}

function text(value: StepValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof StepTyped) return text(value.value);
  if (value instanceof StepEnum) return value.value;
  if (value instanceof StepRef || Array.isArray(value)) return null;
  return String(value);
}

function refs(value: StepValue | undefined): number[] {
  if (value instanceof StepRef) return [value.id];
  if (!Array.isArray(value)) return [];
  const result: number[] = [];
  for (const item of value) if (item instanceof StepRef) result.push(item.id);
  return result;
}

/** Builds the spatial tree: parents come from decomposition, containment and nesting relations. */
export function readSpatialStructure(lines: IfcLines, table: IfcElementTable): number | null {
  const projects = lines.step.idsOfType('IFCPROJECT');
  for (const project of projects) table.elementFor(project);
  const relations: [string, string, string][] = [
    ['IFCRELAGGREGATES', 'RelatingObject', 'RelatedObjects'],
    ['IFCRELCONTAINEDINSPATIALSTRUCTURE', 'RelatingStructure', 'RelatedElements'],
    ['IFCRELNESTS', 'RelatingObject', 'RelatedObjects'],
  ];
  for (const [type, parentKey, childrenKey] of relations) {
    for (const relId of lines.step.idsOfType(type)) {
      const parent = refs(lines.get(relId, parentKey))[0];
      if (parent === undefined || !lines.step.has(parent)) continue;
      const children = refs(lines.get(relId, childrenKey));
      const parentIndex = table.elementFor(parent);
      for (const child of children) {
        if (!lines.step.has(child)) continue;
        const childIndex = table.elementFor(child);
        const element = table.elements[childIndex]!;
        // First relation wins: an element aggregated into a part keeps that part as parent.
        if (element.parent === null && childIndex !== parentIndex) element.parent = parentIndex;
      }
    }
  }
  return projects.length > 0 ? table.indexByExpressId.get(projects[0]!)! : null;
}

interface LengthUnit {
  name: string;
  toMetres: number;
}

/** Unit symbols for quantities: the project's length, area and volume units. */
interface IfcUnits {
  length: LengthUnit;
  area: string;
  volume: string;
}

const SI_PREFIX: Record<string, number> = { MILLI: 1e-3, CENTI: 1e-2, DECI: 1e-1, KILO: 1e3 };
const SI_PREFIX_SYMBOL: Record<string, string> = { MILLI: 'm', CENTI: 'c', DECI: 'd', KILO: 'k' };
const SI_SYMBOL: Record<string, string> = {
  METRE: 'm',
  SQUARE_METRE: 'm²',
  CUBIC_METRE: 'm³',
};

/** The project's units (IfcUnitAssignment); metres (m², m³) when missing. */
export function readUnits(lines: IfcLines): IfcUnits {
  let length: LengthUnit | null = null;
  let area: string | null = null;
  let volume: string | null = null;
  for (const assignmentId of lines.step.idsOfType('IFCUNITASSIGNMENT')) {
    for (const unitId of refs(lines.get(assignmentId, 'Units'))) {
      const unitType = text(lines.get(unitId, 'UnitType'));
      if (unitType === 'LENGTHUNIT' && !length) length = readLength(lines, unitId);
      else if (unitType === 'AREAUNIT' && !area) area = unitSymbol(lines, unitId);
      else if (unitType === 'VOLUMEUNIT' && !volume) volume = unitSymbol(lines, unitId);
    }
  }
  length ??= { name: 'm', toMetres: 1 };
  return { length, area: area ?? `${length.name}²`, volume: volume ?? `${length.name}³` };
}

/** `mm²` for an SI unit, the lower-case name for a conversion-based one ('square foot'). */
function unitSymbol(lines: IfcLines, unitId: number): string | null {
  const name = text(lines.get(unitId, 'Name'));
  if (!name) return null;
  const symbol = SI_SYMBOL[name];
  if (!symbol) return name.toLowerCase();
  const prefix = text(lines.get(unitId, 'Prefix'));
  return prefix ? `${SI_PREFIX_SYMBOL[prefix] ?? prefix.toLowerCase()}${symbol}` : symbol;
}

function readLength(lines: IfcLines, unitId: number): LengthUnit | null {
  const prefix = text(lines.get(unitId, 'Prefix'));
  if (text(lines.get(unitId, 'Name')) === 'METRE') {
    return {
      name: prefix
        ? SI_PREFIX_SYMBOL[prefix]
          ? `${SI_PREFIX_SYMBOL[prefix]}m`
          : `${prefix.toLowerCase()}metre`
        : 'm',
      toMetres: prefix ? (SI_PREFIX[prefix] ?? 1) : 1,
    };
  }
  const factorId = refs(lines.get(unitId, 'ConversionFactor'))[0];
  if (factorId === undefined) return null;
  const value = Number(text(lines.get(factorId, 'ValueComponent')));
  const base = refs(lines.get(factorId, 'UnitComponent'))[0];
  const basePrefix = base !== undefined ? text(lines.get(base, 'Prefix')) : null;
  const baseScale = basePrefix ? (SI_PREFIX[basePrefix] ?? 1) : 1;
  if (!(Number.isFinite(value) && value > 0)) return null;
  const name = text(lines.get(unitId, 'Name')) ?? 'unit';
  return { name: name.toLowerCase(), toMetres: value * baseScale };
}

/** Operation types that say nothing of how a door opens. */
const UNSAID_OPERATIONS = new Set(['NOTDEFINED', 'USERDEFINED']);

/**
 * How each door opens (IfcDoorTypeOperationEnum: SINGLE_SWING_LEFT, DOUBLE_DOOR_SINGLE_SWING,
 * SLIDING_TO_RIGHT, ...), for the storey plans' swings: the door's own OperationType (IFC4),
 * else its type object's (IfcDoorType in IFC4, IfcDoorStyle in IFC2x3).
 */
export function readDoorOperations(lines: IfcLines, table: IfcElementTable): void {
  const operationOf = (id: number): string | null => {
    const value = text(lines.get(id, 'OperationType'));
    return value && !UNSAID_OPERATIONS.has(value) ? value : null;
  };
  const fromType = new Map<number, string>();
  for (const relId of lines.step.idsOfType('IFCRELDEFINESBYTYPE')) {
    const typeId = refs(lines.get(relId, 'RelatingType'))[0];
    const operation = typeId === undefined ? null : operationOf(typeId);
    if (!operation) continue;
    for (const target of refs(lines.get(relId, 'RelatedObjects'))) fromType.set(target, operation);
  }
  for (const element of table.elements) {
    if (element.expressId === undefined || !element.type.startsWith('IfcDoor')) continue;
    const operation = operationOf(element.expressId) ?? fromType.get(element.expressId);
    if (operation) element.operation = operation;
  }
}

export function readStoreys(
  lines: IfcLines,
  table: IfcElementTable,
  unit: LengthUnit,
): SceneStorey[] {
  return lines.step.idsOfType('IFCBUILDINGSTOREY').map((storeyId) => {
    const raw = lines.get(storeyId, 'Elevation');
    const value = raw instanceof StepTyped ? raw.value : raw;
    const elevation = typeof value === 'number' && Number.isFinite(value) ? value : null;
    return {
      element: table.elementFor(storeyId),
      name: text(lines.get(storeyId, 'Name')),
      elevation: elevation === null ? null : round(elevation * unit.toMetres),
    };
  });
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0;
}

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

/** Element attributes listed in its `attributes` set (GlobalId and Name are element columns). */
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

  // Each property set or quantity set is read once, however many elements share it.
  const sets = new Map<number, { name: string; kind: 'pset' | 'qto'; rows: number[] } | null>();
  const setOf = (id: number) => {
    let set = sets.get(id);
    if (set !== undefined) return set;
    set = null;
    const quantities = lines.get(id, 'Quantities');
    const properties = lines.get(id, 'HasProperties');
    const children = properties ?? quantities;
    if (children !== undefined && children !== null) {
      const name = text(lines.get(id, 'Name')) ?? `#${id}`;
      const rows: number[] = [];
      for (const child of refs(children)) readProperty(child, '', rows);
      set = { name, kind: quantities !== undefined && quantities !== null ? 'qto' : 'pset', rows };
    }
    sets.set(id, set);
    return set;
  };

  const own = new Map<number, number[]>();
  for (const relId of lines.step.idsOfType('IFCRELDEFINESBYPROPERTIES')) {
    const targets = refs(lines.get(relId, 'RelatedObjects'))
      .map((id) => table.indexByExpressId.get(id))
      .filter((index): index is number => index !== undefined);
    if (targets.length === 0) continue;
    for (const definition of refs(lines.get(relId, 'RelatingPropertyDefinition'))) {
      const set = setOf(definition);
      if (!set) continue;
      const index = builder.set(set.name, set.kind, set.rows);
      for (const target of targets) {
        const list = own.get(target);
        if (list) list.push(index);
        else own.set(target, [index]);
      }
    }
  }
  checkAbort();

  const typed = new Map<number, { typeNames: string[]; sets: number[] }>();
  for (const relId of lines.step.idsOfType('IFCRELDEFINESBYTYPE')) {
    const typeId = refs(lines.get(relId, 'RelatingType'))[0];
    if (typeId === undefined) continue;
    const typeName = text(lines.get(typeId, 'Name'));
    const typeSets: number[] = [];
    for (const setId of refs(lines.get(typeId, 'HasPropertySets'))) {
      const set = setOf(setId);
      if (set) typeSets.push(builder.set(`${set.name} (type)`, set.kind, set.rows));
    }
    for (const target of refs(lines.get(relId, 'RelatedObjects'))) {
      const index = table.indexByExpressId.get(target);
      if (index === undefined) continue;
      const entry = typed.get(index) ?? { typeNames: [], sets: [] };
      if (typeName) entry.typeNames.push(typeName);
      entry.sets.push(...typeSets);
      typed.set(index, entry);
    }
  }
  checkAbort();

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
    const type = typed.get(index);
    for (const typeName of type?.typeNames ?? []) rows.push(builder.property('Type', typeName));
    if (rows.length > 0) builder.assign(index, builder.set(element.type, 'attributes', rows));
    for (const set of own.get(index) ?? []) builder.assign(index, set);
    for (const set of type?.sets ?? []) builder.assign(index, set);
  });
}

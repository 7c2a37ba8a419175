/**
 * IFC semantics read through web-ifc: the element table (spatial structure + every product with
 * geometry), the spatial tree from IfcRelAggregates / IfcRelContainedInSpatialStructure /
 * IfcRelNests, property sets and quantities (instance and type), the length unit and storeys.
 */
import * as WebIFC from 'web-ifc';
import type { ModelProperty, ModelPropertySet } from '../metadata.ts';
import type { SceneElement, SceneStorey } from '../scene.ts';

type IfcApi = WebIFC.IfcAPI;
/* eslint-disable @typescript-eslint/no-explicit-any -- web-ifc lines are untyped records */
type Line = any;

export interface IfcElementTable {
  elements: SceneElement[];
  indexByExpressId: Map<number, number>;
  /** Adds (or finds) the element for an express id, reading its type, GlobalId and Name. */
  elementFor(expressId: number): number;
}

export function createElementTable(api: IfcApi, modelId: number): IfcElementTable {
  const elements: SceneElement[] = [];
  const indexByExpressId = new Map<number, number>();
  return {
    elements,
    indexByExpressId,
    elementFor(expressId: number): number {
      const known = indexByExpressId.get(expressId);
      if (known !== undefined) return known;
      let line: Line;
      try {
        line = api.GetLine(modelId, expressId, false);
      } catch (_error) {
        line = null;
      }
      const typeCode = api.GetLineType(modelId, expressId) as number;
      const element: SceneElement = {
        type: api.GetNameFromTypeCode(typeCode) || 'IfcProduct',
        name: text(line?.Name),
        parent: null,
        expressId,
      };
      const globalId = text(line?.GlobalId);
      if (globalId) element.globalId = globalId;
      indexByExpressId.set(expressId, elements.length);
      elements.push(element);
      return elements.length - 1;
    },
  };
}

function text(value: Line): string | null {
  if (value === null || value === undefined) return null;
  const raw = typeof value === 'object' ? value.value : value;
  return raw === null || raw === undefined ? null : String(raw);
}

function ids(api: IfcApi, modelId: number, type: number): number[] {
  const vector = api.GetLineIDsWithType(modelId, type);
  const result: number[] = [];
  for (let i = 0; i < vector.size(); i++) result.push(vector.get(i));
  return result;
}

function refs(value: Line): number[] {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((item: Line) => (typeof item === 'object' ? item?.value : item))
    .filter(Number.isFinite);
}

/** Builds the spatial tree: parents come from decomposition, containment and nesting relations. */
export function readSpatialStructure(
  api: IfcApi,
  modelId: number,
  table: IfcElementTable,
): number | null {
  for (const project of ids(api, modelId, WebIFC.IFCPROJECT)) table.elementFor(project);
  const relations: [number, string, string][] = [
    [WebIFC.IFCRELAGGREGATES, 'RelatingObject', 'RelatedObjects'],
    [WebIFC.IFCRELCONTAINEDINSPATIALSTRUCTURE, 'RelatingStructure', 'RelatedElements'],
    [WebIFC.IFCRELNESTS, 'RelatingObject', 'RelatedObjects'],
  ];
  for (const [type, parentKey, childrenKey] of relations) {
    for (const relId of ids(api, modelId, type)) {
      const rel = api.GetLine(modelId, relId, false);
      const parent = refs(rel?.[parentKey])[0];
      if (parent === undefined) continue;
      const parentIndex = table.elementFor(parent);
      for (const child of refs(rel?.[childrenKey])) {
        const childIndex = table.elementFor(child);
        const element = table.elements[childIndex]!;
        // First relation wins: an element aggregated into a part keeps that part as parent.
        if (element.parent === null && childIndex !== parentIndex) element.parent = parentIndex;
      }
    }
  }
  const projects = ids(api, modelId, WebIFC.IFCPROJECT);
  return projects.length > 0 ? table.indexByExpressId.get(projects[0]!)! : null;
}

export interface LengthUnit {
  name: string;
  toMetres: number;
}

const SI_PREFIX: Record<string, number> = { MILLI: 1e-3, CENTI: 1e-2, DECI: 1e-1, KILO: 1e3 };
const SI_SYMBOL: Record<string, string> = { MILLI: 'mm', CENTI: 'cm', DECI: 'dm', KILO: 'km' };

/** The project's length unit (IfcUnitAssignment), metres when missing. */
export function readLengthUnit(api: IfcApi, modelId: number): LengthUnit {
  for (const assignmentId of ids(api, modelId, WebIFC.IFCUNITASSIGNMENT)) {
    const assignment = api.GetLine(modelId, assignmentId, false);
    for (const unitId of refs(assignment?.Units)) {
      const unit = api.GetLine(modelId, unitId, false);
      if (text(unit?.UnitType) !== 'LENGTHUNIT') continue;
      const prefix = text(unit?.Prefix);
      if (text(unit?.Name) === 'METRE') {
        return {
          name: prefix ? (SI_SYMBOL[prefix] ?? `${prefix.toLowerCase()}metre`) : 'm',
          toMetres: prefix ? (SI_PREFIX[prefix] ?? 1) : 1,
        };
      }
      const factorId = refs(unit?.ConversionFactor)[0];
      if (factorId !== undefined) {
        const measure = api.GetLine(modelId, factorId, false);
        const value = Number(measure?.ValueComponent?.value);
        const base = refs(measure?.UnitComponent)[0];
        const baseUnit = base !== undefined ? api.GetLine(modelId, base, false) : null;
        const basePrefix = text(baseUnit?.Prefix);
        const baseScale = basePrefix ? (SI_PREFIX[basePrefix] ?? 1) : 1;
        if (Number.isFinite(value) && value > 0) {
          return { name: (text(unit?.Name) ?? 'unit').toLowerCase(), toMetres: value * baseScale };
        }
      }
    }
  }
  return { name: 'm', toMetres: 1 };
}

export function readStoreys(
  api: IfcApi,
  modelId: number,
  table: IfcElementTable,
  unit: LengthUnit,
): SceneStorey[] {
  return ids(api, modelId, WebIFC.IFCBUILDINGSTOREY).map((storeyId) => {
    const line = api.GetLine(modelId, storeyId, false);
    const raw = line?.Elevation?.value ?? line?.Elevation;
    const elevation =
      raw === null || raw === undefined || !Number.isFinite(Number(raw)) ? null : Number(raw);
    return {
      element: table.elementFor(storeyId),
      name: text(line?.Name),
      elevation: elevation === null ? null : round(elevation * unit.toMetres),
    };
  });
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0;
}

function propertyValue(value: Line): ModelProperty['value'] {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => String(propertyValue(item))).join(', ');
  const raw = typeof value === 'object' ? value.value : value;
  if (raw === null || raw === undefined) return null;
  if (raw === 'T' || raw === '.T.' || raw === true) return true;
  if (raw === 'F' || raw === '.F.' || raw === false) return false;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  return String(raw);
}

const QUANTITY_FIELDS: [string, (u: string) => string][] = [
  ['LengthValue', (u) => u],
  ['AreaValue', (u) => `${u}²`],
  ['VolumeValue', (u) => `${u}³`],
  ['CountValue', () => ''],
  ['WeightValue', () => 'kg'],
  ['TimeValue', () => 's'],
];

function readProperty(
  api: IfcApi,
  modelId: number,
  id: number,
  unit: string,
  prefix = '',
): ModelProperty[] {
  const line = api.GetLine(modelId, id, false);
  const name = `${prefix}${text(line?.Name) ?? `#${id}`}`;
  if (line?.HasProperties) {
    return refs(line.HasProperties).flatMap((child) =>
      readProperty(api, modelId, child, unit, `${name}.`),
    );
  }
  for (const [field, unitOf] of QUANTITY_FIELDS) {
    if (line?.[field] !== undefined) {
      const property: ModelProperty = { name, value: propertyValue(line[field]) };
      const quantityUnit = unitOf(unit);
      if (quantityUnit) property.unit = quantityUnit;
      return [property];
    }
  }
  if (line?.NominalValue !== undefined) return [{ name, value: propertyValue(line.NominalValue) }];
  if (line?.EnumerationValues !== undefined)
    return [{ name, value: propertyValue(line.EnumerationValues) }];
  if (line?.ListValues !== undefined) return [{ name, value: propertyValue(line.ListValues) }];
  if (line?.UpperBoundValue !== undefined || line?.LowerBoundValue !== undefined) {
    const lower = propertyValue(line.LowerBoundValue);
    const upper = propertyValue(line.UpperBoundValue);
    return [{ name, value: `${lower ?? ''}..${upper ?? ''}` }];
  }
  return [];
}

function readPropertySet(
  api: IfcApi,
  modelId: number,
  id: number,
  unit: string,
): ModelPropertySet | null {
  const line = api.GetLine(modelId, id, false);
  const children = line?.HasProperties ?? line?.Quantities;
  if (!children) return null;
  return {
    name: text(line?.Name) ?? `#${id}`,
    kind: line?.Quantities ? 'qto' : 'pset',
    properties: refs(children).flatMap((child) => readProperty(api, modelId, child, unit)),
  };
}

const ATTRIBUTE_KEYS = [
  'GlobalId',
  'Name',
  'Description',
  'ObjectType',
  'LongName',
  'Tag',
  'PredefinedType',
];

/** Property sets, quantities (own and from the type object) and key attributes per element. */
export function readProperties(
  api: IfcApi,
  modelId: number,
  table: IfcElementTable,
  unit: LengthUnit,
  checkAbort: () => void,
): Map<number, ModelPropertySet[]> {
  const result = new Map<number, ModelPropertySet[]>();
  const cache = new Map<number, ModelPropertySet | null>();
  const add = (element: number, set: ModelPropertySet) => {
    const list = result.get(element);
    if (list) list.push(set);
    else result.set(element, [set]);
  };
  const psetOf = (id: number) => {
    if (!cache.has(id)) cache.set(id, readPropertySet(api, modelId, id, unit.name));
    return cache.get(id) ?? null;
  };
  table.elements.forEach((element, index) => {
    if (element.expressId === undefined) return;
    const line = api.GetLine(modelId, element.expressId, false);
    const properties = ATTRIBUTE_KEYS.flatMap((key) => {
      const value = propertyValue(line?.[key]);
      return value === null ? [] : [{ name: key, value }];
    });
    add(index, { name: element.type, kind: 'attributes', properties });
  });
  checkAbort();
  for (const relId of ids(api, modelId, WebIFC.IFCRELDEFINESBYPROPERTIES)) {
    const rel = api.GetLine(modelId, relId, false);
    const definitions = refs(rel?.RelatingPropertyDefinition);
    const targets = refs(rel?.RelatedObjects)
      .map((id) => table.indexByExpressId.get(id))
      .filter((index): index is number => index !== undefined);
    if (targets.length === 0) continue;
    for (const definition of definitions) {
      const set = psetOf(definition);
      if (set) for (const target of targets) add(target, set);
    }
  }
  checkAbort();
  for (const relId of ids(api, modelId, WebIFC.IFCRELDEFINESBYTYPE)) {
    const rel = api.GetLine(modelId, relId, false);
    const typeId = refs(rel?.RelatingType)[0];
    if (typeId === undefined) continue;
    const typeLine = api.GetLine(modelId, typeId, false);
    const sets = refs(typeLine?.HasPropertySets)
      .map(psetOf)
      .filter((set): set is ModelPropertySet => set !== null)
      .map((set) => ({ ...set, name: `${set.name} (type)` }));
    const typeName = text(typeLine?.Name);
    for (const target of refs(rel?.RelatedObjects)) {
      const index = table.indexByExpressId.get(target);
      if (index === undefined) continue;
      if (typeName) result.get(index)?.[0]?.properties.push({ name: 'Type', value: typeName });
      for (const set of sets) add(index, set);
    }
  }
  return result;
}

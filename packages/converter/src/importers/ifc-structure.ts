/**
 * An IFC's structure read straight from the STEP lines (ifc-lines.ts): the element table (spatial
 * structure + every product with geometry), the spatial tree from IfcRelAggregates /
 * IfcRelContainedInSpatialStructure / IfcRelNests, the storeys and how doors open. Units are
 * read in ifc-units.ts, property sets and quantities in ifc-properties.ts.
 */
import type { SceneElement, SceneStorey } from '../scene.ts';
import { refs, text, type IfcLines } from './ifc-lines.ts';
import type { LengthUnit } from './ifc-units.ts';
import { StepTyped } from './step.ts';

export interface IfcElementTable {
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

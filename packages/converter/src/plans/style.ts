/**
 * How a storey plan draws each IFC class: cut walls and columns filled dark (poché), cut slabs
 * and beams mid grey, doors and windows as thin outlines with swings, furniture and the rest
 * below the cut as thin grey lines, spaces as a pale fill under everything with their names.
 * Fills stay at or under luminance 235: the shared drawing routine inks lighter ones black.
 */

export type PlanRole = 'solid' | 'slab' | 'door' | 'window' | 'space' | 'other' | 'skip';

/** Not drawn: no plan meaning (openings are voids already cut from their walls). */
const SKIPPED = new Set([
  'IfcOpeningElement',
  'IfcOpeningStandardCase',
  'IfcVoidingFeature',
  'IfcAnnotation',
  'IfcGrid',
  'IfcSite',
  'IfcBuilding',
  'IfcBuildingStorey',
  'IfcVirtualElement',
  'IfcSpatialZone',
  'IfcExternalSpatialElement',
]);

export function roleOf(type: string): PlanRole {
  if (SKIPPED.has(type)) return 'skip';
  if (type === 'IfcSpace') return 'space';
  if (type.startsWith('IfcDoor')) return 'door';
  if (type.startsWith('IfcWindow')) return 'window';
  if (/^Ifc(Wall|Column|Pile|CurtainWall)/.test(type)) return 'solid';
  if (/^Ifc(Slab|Roof|Beam|Footing|Plate|Member|Covering|Chimney)/.test(type)) return 'slab';
  return 'other';
}

export const ROLE_STYLE: Record<
  Exclude<PlanRole, 'skip'>,
  { stroke: string | null; fill: string | null; layerColor: string }
> = {
  solid: { stroke: '#000000', fill: '#4d4d4d', layerColor: '#4d4d4d' },
  slab: { stroke: '#333333', fill: '#b3b3b3', layerColor: '#b3b3b3' },
  door: { stroke: '#1f1f1f', fill: '#e6e6e6', layerColor: '#1f1f1f' },
  window: { stroke: '#1f4e8c', fill: '#dbe8f6', layerColor: '#1f4e8c' },
  space: { stroke: null, fill: '#e3eaf2', layerColor: '#8fa3bf' },
  other: { stroke: '#7a7a7a', fill: null, layerColor: '#7a7a7a' },
};

/** Projected (below the cut) lines. */
export const PROJECTED_STROKE = '#8c8c8c';
export const SPACE_TEXT = '#2a4a73';

/** Drawing order: pale spaces first, the cut poché last so nothing covers it. */
export const ROLE_ORDER: Exclude<PlanRole, 'skip'>[] = [
  'space',
  'other',
  'slab',
  'window',
  'door',
  'solid',
];

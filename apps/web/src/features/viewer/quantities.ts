import type { ModelPropertySet } from '@truss/viewable';

/** One quantity taken from an element's sets, with where it came from. */
export interface ElementQuantity {
  value: number;
  /** The unit the model gives it ('m²', 'mm³', 'square foot'), '' when it gives none. */
  unit: string;
  set: string;
  name: string;
}

export interface ElementQuantities {
  area: ElementQuantity | null;
  volume: ElementQuantity | null;
}

/**
 * Names in the order preferred: net before gross (what is built, openings deducted), then the
 * side, footprint and outer areas of the standard Qto_* sets, then the plain names authoring
 * tools write into their own sets (ArchiCAD's "BaseQuantities", Revit's "Dimensions").
 */
const AREA_NAMES = [
  'NetArea',
  'NetSideArea',
  'NetFloorArea',
  'NetFootprintArea',
  'NetSurfaceArea',
  'GrossArea',
  'GrossSideArea',
  'GrossFloorArea',
  'GrossFootprintArea',
  'GrossSurfaceArea',
  'OuterSurfaceArea',
  'CrossSectionArea',
  'Area',
];
const VOLUME_NAMES = ['NetVolume', 'GrossVolume', 'Volume'];

/** IfcElementQuantity sets first, then property sets named like quantity sets. */
function rank(set: ModelPropertySet): number {
  if (set.kind === 'qto') return 0;
  if (/^Qto_|quantities/i.test(set.name)) return 1;
  if (set.kind === 'pset') return 2;
  return 3;
}

function pick(sets: ModelPropertySet[], names: string[]): ElementQuantity | null {
  const ordered = sets.filter((s) => s.kind !== 'attributes').sort((a, b) => rank(a) - rank(b));
  // A name of higher preference in a less trusted set still loses to any name in a better set.
  for (const set of ordered) {
    for (const name of names) {
      const property = set.properties.find(
        (p) => p.name === name && typeof p.value === 'number' && Number.isFinite(p.value),
      );
      if (property) {
        return { value: property.value as number, unit: property.unit ?? '', set: set.name, name };
      }
    }
  }
  return null;
}

/** The element's area and volume as the model states them (null where it states none). */
export function elementQuantities(sets: ModelPropertySet[]): ElementQuantities {
  return { area: pick(sets, AREA_NAMES), volume: pick(sets, VOLUME_NAMES) };
}

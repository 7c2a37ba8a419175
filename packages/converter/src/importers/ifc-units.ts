/** The project's units (IfcUnitAssignment): the length unit and the quantities' unit symbols. */
import { refs, text, type IfcLines } from './ifc-lines.ts';

export interface LengthUnit {
  name: string;
  toMetres: number;
}

/** Unit symbols for quantities: the project's length, area and volume units. */
export interface IfcUnits {
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

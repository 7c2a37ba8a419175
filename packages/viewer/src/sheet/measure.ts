/**
 * Measuring on a sheet: distances along a polyline and areas of polygons, in the drawing's units
 * (`SheetInfo.units`) or, once calibrated from a known length, in the unit the user gave.
 */
import type { SheetUnits } from '@truss/viewable';
import { MM_PER_UNIT } from './view.ts';

export type Point = [number, number];

/** Length units a measurement may be shown in. */
export type LengthUnit = Exclude<SheetUnits, 'pt' | 'unitless'> | 'unitless';

/** Sheet units to shown units: `factor` shown units per sheet unit. */
export interface SheetCalibration {
  factor: number;
  unit: LengthUnit;
  /** Set from a known length by the user (not the drawing's own units). */
  calibrated: boolean;
}

export function polylineLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++)
    total += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return total;
}

/** Area of a simple polygon (shoelace), always positive. */
export function polygonArea(points: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

export function polygonPerimeter(points: readonly Point[]): number {
  return points.length < 2 ? 0 : polylineLength([...points, points[0]!]);
}

/**
 * The drawing's own calibration: its units as they are (points shown as millimetres), unitless
 * drawings in plain numbers until calibrated.
 */
export function unitCalibration(units: SheetUnits): SheetCalibration {
  if (units === 'pt') return { factor: MM_PER_UNIT.pt, unit: 'mm', calibrated: false };
  return { factor: 1, unit: units, calibrated: false };
}

/**
 * The calibration that makes the sheet distance between two picked points `knownLength` of
 * `unit`. Throws on a zero-length pick or a non-positive length.
 */
export function calibrateFromKnownLength(
  a: Point,
  b: Point,
  knownLength: number,
  unit: LengthUnit,
): SheetCalibration {
  const picked = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(picked > 0)) throw new RangeError('the two points are the same');
  if (!(knownLength > 0) || !Number.isFinite(knownLength))
    throw new RangeError('the known length must be a positive number');
  return { factor: knownLength / picked, unit, calibrated: true };
}

export function measuredLength(sheetLength: number, calibration: SheetCalibration): number {
  return sheetLength * calibration.factor;
}

export function measuredArea(sheetArea: number, calibration: SheetCalibration): number {
  return sheetArea * calibration.factor * calibration.factor;
}

function digitsFor(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return 0;
  if (magnitude >= 100) return 1;
  if (magnitude >= 1) return 2;
  return 3;
}

/** "1234 mm", "2.50 m", "12.5" (unitless) in the given locale. */
export function formatMeasuredLength(value: number, unit: LengthUnit, locale?: string): string {
  const text = value.toLocaleString(locale, { maximumFractionDigits: digitsFor(value) });
  return unit === 'unitless' ? text : `${text} ${unit}`;
}

/** "12.5 m²", "3.1" (unitless). */
export function formatMeasuredArea(value: number, unit: LengthUnit, locale?: string): string {
  const text = value.toLocaleString(locale, { maximumFractionDigits: digitsFor(value) });
  return unit === 'unitless' ? text : `${text} ${unit}²`;
}

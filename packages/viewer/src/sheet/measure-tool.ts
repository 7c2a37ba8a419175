/**
 * The measure tools' state, without the DOM: clicks add points; a distance is done at two, an
 * area at a double click or Enter (three points at least); calibrate picks two points whose
 * known length the user then gives. Values follow the calibration.
 */
import {
  calibrateFromKnownLength,
  formatMeasuredArea,
  formatMeasuredLength,
  measuredArea,
  measuredLength,
  polygonArea,
  polylineLength,
  unitCalibration,
  type LengthUnit,
  type Point,
  type SheetCalibration,
} from './measure.ts';
import type { SheetUnits } from '@truss/viewable';

export type SheetTool = 'pan' | 'distance' | 'area' | 'calibrate';

export interface SheetMeasurement {
  id: number;
  kind: 'distance' | 'area';
  /** Sheet units. */
  points: Point[];
  /** In the calibration's unit (area: squared). */
  value: number;
  unit: LengthUnit;
  text: string;
}

export type MeasureEvent =
  | { type: 'measure'; measurements: readonly SheetMeasurement[] }
  | { type: 'calibrationpick'; length: number };

export class MeasureTool {
  tool: SheetTool = 'pan';
  draft: Point[] = [];
  measurements: SheetMeasurement[] = [];
  calibration: SheetCalibration;
  private pick: [Point, Point] | null = null;
  private nextId = 1;

  constructor(
    private units: SheetUnits,
    private readonly locale?: string,
  ) {
    this.calibration = unitCalibration(units);
  }

  /** A new sheet: no measurements, its own units. */
  reset(units: SheetUnits): void {
    this.units = units;
    this.draft = [];
    this.measurements = [];
    this.pick = null;
    this.calibration = unitCalibration(units);
  }

  setTool(tool: SheetTool): void {
    this.tool = tool;
    this.draft = [];
  }

  /** A click at a sheet point; what it completed, if anything. */
  click(at: Point, double: boolean): MeasureEvent | null {
    if (this.tool === 'pan') return null;
    if (this.tool === 'area' && double) return this.finishArea();
    this.draft.push(at);
    if (this.tool === 'area' || this.draft.length < 2) return null;
    const [a, b] = this.draft as [Point, Point];
    this.draft = [];
    if (this.tool === 'calibrate') {
      this.pick = [a, b];
      return { type: 'calibrationpick', length: Math.hypot(b[0] - a[0], b[1] - a[1]) };
    }
    return this.add('distance', [a, b]);
  }

  /** Closes the area being drawn (a double click's second click repeats a point: dropped). */
  finishArea(): MeasureEvent | null {
    const points = this.draft.filter(
      (p, i, all) => i === 0 || Math.hypot(p[0] - all[i - 1]![0], p[1] - all[i - 1]![1]) > 1e-9,
    );
    this.draft = [];
    return points.length >= 3 ? this.add('area', points) : null;
  }

  /** The value of `points` measured as `kind` with the current calibration. */
  valueOf(kind: 'distance' | 'area', points: readonly Point[]): { value: number; text: string } {
    const { unit } = this.calibration;
    if (kind === 'distance') {
      const value = measuredLength(polylineLength(points), this.calibration);
      return { value, text: formatMeasuredLength(value, unit, this.locale) };
    }
    const value = measuredArea(polygonArea(points), this.calibration);
    return { value, text: formatMeasuredArea(value, unit, this.locale) };
  }

  private add(kind: 'distance' | 'area', points: Point[]): MeasureEvent {
    const id = this.nextId++;
    const measurement = {
      id,
      kind,
      points,
      unit: this.calibration.unit,
      ...this.valueOf(kind, points),
    };
    this.measurements = [...this.measurements, measurement];
    return { type: 'measure', measurements: this.measurements };
  }

  remove(id: number): MeasureEvent {
    this.measurements = this.measurements.filter((m) => m.id !== id);
    return { type: 'measure', measurements: this.measurements };
  }

  clear(): MeasureEvent {
    this.measurements = [];
    this.draft = [];
    return { type: 'measure', measurements: this.measurements };
  }

  /** Makes the last calibrate pick `length` of `unit` and re-values every measurement. */
  calibrate(length: number, unit: LengthUnit): MeasureEvent {
    if (!this.pick) throw new Error('pick two points with the calibrate tool first');
    this.calibration = calibrateFromKnownLength(this.pick[0], this.pick[1], length, unit);
    return this.revalue();
  }

  resetCalibration(): MeasureEvent {
    this.calibration = unitCalibration(this.units);
    return this.revalue();
  }

  private revalue(): MeasureEvent {
    this.measurements = this.measurements.map((m) => ({
      ...m,
      unit: this.calibration.unit,
      ...this.valueOf(m.kind, m.points),
    }));
    return { type: 'measure', measurements: this.measurements };
  }
}

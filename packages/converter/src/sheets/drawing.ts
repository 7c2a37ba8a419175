/**
 * One in-memory model of a CAD drawing that both readers fill: dxf-parser's output for DXF and
 * LibreDWG's database for DWG. Everything after the reader (block expansion, tessellation, the
 * sheet files, the counts a DWG and its DXF twin are compared by) is one path.
 */

export interface Point {
  x: number;
  y: number;
}

export type Geometry =
  | { kind: 'line'; a: Point; b: Point }
  | { kind: 'polyline'; vertices: (Point & { bulge?: number })[]; closed: boolean }
  | { kind: 'circle'; center: Point; radius: number }
  /** Angles in radians, counter-clockwise from start to end. */
  | { kind: 'arc'; center: Point; radius: number; start: number; end: number }
  | { kind: 'ellipse'; center: Point; major: Point; ratio: number; start: number; end: number }
  | {
      kind: 'spline';
      degree: number;
      controlPoints: Point[];
      knots: number[];
      weights?: number[];
      fitPoints: Point[];
      closed: boolean;
    }
  | {
      kind: 'text';
      text: string;
      /** Lower-left of the first line's baseline box, drawing units. */
      position: Point;
      /** Cap height. */
      height: number;
      /** Degrees counter-clockwise. */
      rotation: number;
      widthFactor: number;
      /** TEXT: where `position` is on the text (0 left, 1 centre, 2 right; valign 0..3). */
      halign: number;
      valign: number;
      /** MTEXT: attachment point 1..9 (top-left … bottom-right), lines split on \P. */
      attachment?: number;
      multiline: boolean;
    }
  | {
      kind: 'insert';
      block: string;
      position: Point;
      scale: Point;
      /** Degrees counter-clockwise. */
      rotation: number;
      columns: number;
      rows: number;
      columnSpacing: number;
      rowSpacing: number;
      /** Attributes (ATTRIB) carried by the insert, already in drawing coordinates. */
      attributes: DrawingEntity[];
    }
  /** A hatch: closed loops already tessellated, filled when solid. */
  | { kind: 'hatch'; loops: Point[][]; solid: boolean }
  /** SOLID (filled) and 3DFACE (outline): 3 or 4 corners. */
  | { kind: 'face'; corners: Point[]; filled: boolean }
  | { kind: 'point'; at: Point }
  /** Counted but not drawn (ATTDEF shows in blocks only as its attribute). */
  | { kind: 'none' };

/**
 * CIRCLE, ARC and ELLIPSE as both readers give them: dxf-parser and LibreDWG name these fields
 * alike (null for any other type).
 */
export function conicOf(r: {
  type?: unknown;
  center?: Partial<Point>;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  majorAxisEndPoint?: Partial<Point>;
  axisRatio?: number;
}): Geometry | null {
  const center = { x: r.center?.x ?? 0, y: r.center?.y ?? 0 };
  switch (String(r.type)) {
    case 'CIRCLE':
      return { kind: 'circle', center, radius: r.radius ?? 0 };
    case 'ARC':
      return {
        kind: 'arc',
        center,
        radius: r.radius ?? 0,
        start: r.startAngle ?? 0,
        end: r.endAngle ?? 0,
      };
    case 'ELLIPSE':
      return {
        kind: 'ellipse',
        center,
        major: { x: r.majorAxisEndPoint?.x ?? 0, y: r.majorAxisEndPoint?.y ?? 0 },
        ratio: r.axisRatio ?? 1,
        start: r.startAngle ?? 0,
        end: r.endAngle ?? 2 * Math.PI,
      };
    default:
      return null;
  }
}

export interface DrawingEntity {
  /** The source entity type, one name for both readers (`POLYLINE` for 2D and 3D ones). */
  type: string;
  layer: string;
  /** AutoCAD colour index: 0 by block, 256 by layer, 1…255 a colour. */
  colorIndex: number;
  /** 0xRRGGBB when the entity has a true colour. */
  trueColor?: number;
  /** Hundredths of a millimetre; negative: by layer/block/default. */
  lineweight?: number;
  /** Mirror X in the entity's coordinate system (extrusion direction (0, 0, -1)). */
  mirrored?: boolean;
  geometry: Geometry;
}

export interface DrawingLayer {
  name: string;
  /** 0xRRGGBB */
  color: number;
  off: boolean;
  frozen: boolean;
}

export interface DrawingBlock {
  name: string;
  base: Point;
  entities: DrawingEntity[];
}

export interface DrawingSpace {
  /** "Model" for model space, else the layout's name. */
  name: string;
  kind: 'model-space' | 'layout';
  /** Paper limits of a layout (paper units), when the source has sensible ones. */
  limits?: { min: Point; max: Point };
  entities: DrawingEntity[];
}

export interface Drawing {
  /** `$INSUNITS`. */
  insUnits: number;
  /** `$MEASUREMENT`: 1 metric (paper in mm), 0 imperial (paper in inches). */
  metric: boolean;
  layers: DrawingLayer[];
  blocks: Map<string, DrawingBlock>;
  /** Model space first, then layouts in tab order. */
  spaces: DrawingSpace[];
  /** Entities of types not converted, by type (reported, never silently a blank sheet). */
  skipped: Record<string, number>;
}

/** Entity types whose counts a DWG and its DXF twin are compared by. */
export const COUNTED_TYPES = [
  'LINE',
  'LWPOLYLINE',
  'POLYLINE',
  'ARC',
  'CIRCLE',
  'ELLIPSE',
  'SPLINE',
  'TEXT',
  'MTEXT',
  'INSERT',
  'HATCH',
  'SOLID',
  '3DFACE',
  'POINT',
  'DIMENSION',
  'ATTDEF',
] as const;

/** Counts of the entities of model space and layouts (before block expansion): type -> layer -> n. */
export function entityCounts(drawing: Drawing): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const space of drawing.spaces) {
    for (const entity of space.entities) {
      const byLayer = (counts[entity.type] ??= {});
      byLayer[entity.layer] = (byLayer[entity.layer] ?? 0) + 1;
    }
  }
  return counts;
}

/** `$INSUNITS` -> the sheet's units. */
export function unitsOf(insUnits: number): 'mm' | 'cm' | 'm' | 'in' | 'ft' | 'unitless' {
  switch (insUnits) {
    case 1:
      return 'in';
    case 2:
      return 'ft';
    case 4:
      return 'mm';
    case 5:
      return 'cm';
    case 6:
      return 'm';
    default:
      return 'unitless';
  }
}

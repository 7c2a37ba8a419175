/**
 * What dxf-parser leaves out, read from the DXF's group codes: HATCH entities (a handler
 * registered on the parser) and the LAYOUT objects of the OBJECTS section.
 */
import type { Point } from './drawing.ts';
import type { HatchPath } from './hatch.ts';

interface Group {
  code: number;
  value: string | number | boolean;
}

interface Scanner {
  next(): Group;
  isEOF(): boolean;
}

/** HATCH entities as `{ type: 'HATCH', layer, colorIndex, color, solid, paths }`. */
export class HatchHandler {
  readonly ForEntityName = 'HATCH';

  parseEntity(scanner: Scanner, first: Group): Record<string, unknown> {
    const groups: Group[] = [];
    let group = scanner.next();
    while (!scanner.isEOF() && group.code !== 0) {
      groups.push(group);
      group = scanner.next();
    }
    // The parser goes on from `lastReadGroup`: the next entity's `0`, where the loop stopped.
    const entity: Record<string, unknown> = { type: first.value, colorIndex: 256 };
    let i = 0;
    for (; i < groups.length && groups[i]!.code !== 91; i++) {
      const { code, value } = groups[i]!;
      if (code === 8) entity.layer = value;
      else if (code === 62) entity.colorIndex = value;
      else if (code === 420) entity.trueColor = value;
      else if (code === 67) entity.inPaperSpace = value !== 0;
      else if (code === 370) entity.lineweight = value;
      else if (code === 70) entity.solid = value === 1;
      else if (code === 2) entity.pattern = value;
      else if (code === 230) entity.extrusionZ = value;
    }
    const num = (code: number): number => {
      while (i < groups.length && groups[i]!.code !== code) i++;
      const value = groups[i++]?.value;
      return typeof value === 'number' ? value : Number(value ?? 0);
    };
    const peek = (offset = 0) => groups[i + offset]?.code;
    const point = (xCode: number): Point => ({ x: num(xCode), y: num(xCode + 10) });
    const paths: HatchPath[] = [];
    const pathCount = num(91);
    for (let p = 0; p < pathCount && i < groups.length; p++) {
      const flag = num(92);
      if (flag & 2) {
        const hasBulge = num(72) !== 0;
        const closed = num(73) !== 0;
        const count = num(93);
        const vertices: (Point & { bulge: number })[] = [];
        for (let v = 0; v < count; v++) {
          const at = point(10);
          const bulge = hasBulge && peek() === 42 ? num(42) : 0;
          vertices.push({ ...at, bulge });
        }
        paths.push({ kind: 'polyline', vertices, closed });
      } else {
        const count = num(93);
        const edges: HatchPath & { kind: 'edges' } = { kind: 'edges', edges: [] };
        for (let e = 0; e < count; e++) {
          const type = num(72);
          if (type === 1) edges.edges.push({ type: 'line', start: point(10), end: point(11) });
          else if (type === 2) {
            const center = point(10);
            const radius = num(40);
            const start = num(50);
            const end = num(51);
            edges.edges.push({ type: 'arc', center, radius, start, end, ccw: num(73) !== 0 });
          } else if (type === 3) {
            const center = point(10);
            const major = point(11);
            const ratio = num(40);
            const start = num(50);
            const end = num(51);
            edges.edges.push({
              type: 'ellipse',
              center,
              major,
              ratio,
              start,
              end,
              ccw: num(73) !== 0,
            });
          } else if (type === 4) {
            const degree = num(94);
            const rational = num(73) !== 0;
            num(74);
            const knotCount = num(95);
            const controlCount = num(96);
            const knots: number[] = [];
            for (let k = 0; k < knotCount; k++) knots.push(num(40));
            const controlPoints: Point[] = [];
            const weights: number[] = [];
            for (let c = 0; c < controlCount; c++) {
              controlPoints.push(point(10));
              if (rational && peek() === 42) weights.push(num(42));
            }
            if (peek() === 97 && (peek(1) === 11 || peek(1) === 12)) {
              const fits = num(97);
              for (let f = 0; f < fits; f++) point(11);
              if (peek() === 12) point(12);
              if (peek() === 13) point(13);
            }
            edges.edges.push({
              type: 'spline',
              degree,
              knots,
              controlPoints,
              weights: weights.length === controlCount ? weights : undefined,
            });
          }
        }
        paths.push(edges);
      }
      const sources = peek() === 97 ? num(97) : 0;
      for (let s = 0; s < sources && peek() === 330; s++) i++;
    }
    entity.paths = paths;
    return entity;
  }
}

export interface LayoutObject {
  name: string;
  tabOrder: number;
  blockRecord: string;
  min: Point;
  max: Point;
}

/** The LAYOUT objects of the OBJECTS section, from their group codes. */
export function readLayouts(text: string): LayoutObject[] {
  const start = text.search(/\nOBJECTS\r?\n/);
  if (start < 0) return [];
  // From the first group after `2 / OBJECTS`: code and value lines alternate.
  const lines = text.slice(start + 1).split(/\r?\n/);
  const layouts: LayoutObject[] = [];
  let current: (LayoutObject & { inLayout: boolean }) | null = null;
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const code = Number(lines[i]!.trim());
    const value = lines[i + 1]!.trim();
    if (code === 0) {
      if (current) layouts.push(current);
      current =
        value === 'LAYOUT'
          ? {
              name: '',
              tabOrder: 0,
              blockRecord: '',
              min: { x: 0, y: 0 },
              max: { x: 0, y: 0 },
              inLayout: false,
            }
          : null;
      if (value === 'ENDSEC') break;
      continue;
    }
    if (!current) continue;
    if (code === 100) current.inLayout = value === 'AcDbLayout';
    else if (!current.inLayout) continue;
    else if (code === 1) current.name = value;
    else if (code === 71) current.tabOrder = Number(value);
    else if (code === 330) current.blockRecord = value;
    else if (code === 10) current.min.x = Number(value);
    else if (code === 20) current.min.y = Number(value);
    else if (code === 11) current.max.x = Number(value);
    else if (code === 21) current.max.y = Number(value);
  }
  return layouts;
}

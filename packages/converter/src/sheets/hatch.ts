/** A hatch's boundary paths (DXF group codes or LibreDWG's) as closed point loops. */
import type { Point } from './drawing.ts';
import { polylinePoints, splinePoints } from './tessellate.ts';

export type HatchEdge =
  | { type: 'line'; start: Point; end: Point }
  /** Angles in degrees; clockwise edges (ccw false) store their angles mirrored. */
  | { type: 'arc'; center: Point; radius: number; start: number; end: number; ccw: boolean }
  | {
      type: 'ellipse';
      center: Point;
      /** Major axis end, relative to the centre. */
      major: Point;
      ratio: number;
      start: number;
      end: number;
      ccw: boolean;
    }
  | { type: 'spline'; degree: number; knots: number[]; controlPoints: Point[]; weights?: number[] };

export type HatchPath =
  | { kind: 'polyline'; vertices: (Point & { bulge: number })[]; closed: boolean }
  | { kind: 'edges'; edges: HatchEdge[] };

const STEP = Math.PI / 90;

function curve(
  center: Point,
  major: Point,
  ratio: number,
  startDeg: number,
  endDeg: number,
  ccw: boolean,
  out: Point[],
): void {
  let start = (startDeg * Math.PI) / 180;
  let end = (endDeg * Math.PI) / 180;
  if (!ccw) {
    start = -start;
    end = -end;
  }
  let sweep = ccw ? end - start : start - end;
  while (sweep <= 0) sweep += 2 * Math.PI;
  if (sweep > 2 * Math.PI) sweep = 2 * Math.PI;
  const steps = Math.max(2, Math.ceil(sweep / STEP));
  const minor = { x: -major.y * ratio, y: major.x * ratio };
  for (let i = 0; i <= steps; i++) {
    const t = start + (ccw ? 1 : -1) * ((sweep * i) / steps);
    out.push({
      x: center.x + major.x * Math.cos(t) + minor.x * Math.sin(t),
      y: center.y + major.y * Math.cos(t) + minor.y * Math.sin(t),
    });
  }
}

export function hatchLoops(paths: HatchPath[]): Point[][] {
  const loops: Point[][] = [];
  for (const path of paths) {
    if (path.kind === 'polyline') {
      const flat = polylinePoints(path.vertices, true);
      const loop: Point[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) loop.push({ x: flat[i]!, y: flat[i + 1]! });
      if (loop.length >= 3) loops.push(loop);
      continue;
    }
    const loop: Point[] = [];
    for (const edge of path.edges) {
      if (edge.type === 'line') loop.push(edge.start, edge.end);
      else if (edge.type === 'arc') {
        curve(edge.center, { x: edge.radius, y: 0 }, 1, edge.start, edge.end, edge.ccw, loop);
      } else if (edge.type === 'ellipse') {
        curve(edge.center, edge.major, edge.ratio, edge.start, edge.end, edge.ccw, loop);
      } else {
        const flat = splinePoints({
          kind: 'spline',
          degree: edge.degree,
          knots: edge.knots,
          controlPoints: edge.controlPoints,
          weights: edge.weights,
          fitPoints: [],
          closed: false,
        });
        for (let i = 0; i + 1 < flat.length; i += 2) loop.push({ x: flat[i]!, y: flat[i + 1]! });
      }
    }
    if (loop.length >= 3) loops.push(loop);
  }
  return loops;
}

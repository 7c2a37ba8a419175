/**
 * Which element a point of a vector sheet is (storey plans carry an element per path): the
 * topmost path drawn there, a filled shape by its inside and a line within a tolerance. Shared by
 * the sheet engine and the model page's minimap. No DOM, no Node.
 */
import type { SheetPath, VectorSheet } from './sheets.ts';

function distanceToSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function inside(px: number, py: number, points: readonly number[]): boolean {
  let result = false;
  const n = points.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[i * 2]!;
    const yi = points[i * 2 + 1]!;
    const xj = points[j * 2]!;
    const yj = points[j * 2 + 1]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

function pathHit(path: SheetPath, x: number, y: number, tolerance: number): boolean {
  const p = path.points;
  if (path.closed && path.fill && inside(x, y, p)) return true;
  const n = p.length / 2;
  const last = path.closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const j = (i + 1) % n;
    if (distanceToSegment(x, y, p[i * 2]!, p[i * 2 + 1]!, p[j * 2]!, p[j * 2 + 1]!) <= tolerance)
      return true;
  }
  return false;
}

/**
 * The element (a row of the model's element table) at a sheet point: the topmost path drawn
 * there (later paths are drawn over earlier ones), a line within `tolerance` sheet units; only
 * shown layers count. Null when nothing with an element is there.
 */
export function elementAtPoint(
  sheet: VectorSheet,
  x: number,
  y: number,
  tolerance: number,
  shown: (layer: number) => boolean = () => true,
): number | null {
  for (let i = sheet.paths.length - 1; i >= 0; i--) {
    const path = sheet.paths[i]!;
    if (path.element === undefined || !shown(path.layer)) continue;
    if (pathHit(path, x, y, tolerance)) return path.element;
  }
  return null;
}

/** The sheet with only the paths of `elements`, restyled in `color` (a highlight to draw over). */
export function highlightOf(
  sheet: VectorSheet,
  elements: ReadonlySet<number>,
  color: string,
): VectorSheet {
  return {
    ...sheet,
    paths: sheet.paths
      .filter((path) => path.element !== undefined && elements.has(path.element))
      .map((path) => ({ ...path, stroke: color, fill: path.closed ? color : null, width: 0 })),
    texts: [],
  };
}

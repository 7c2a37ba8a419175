/**
 * Plan geometry from triangle meshes: a horizontal plane's section (triangles cut into segments,
 * segments chained into loops) and the edges a plan draws of what lies below the cut (creases
 * and boundaries, not every triangle edge). Plan coordinates: x = model x, y = -model z (the
 * viewable is Y-up, so plan y is the IFC model's y), metres.
 */

/** A triangle mesh already in model coordinates (Y up): xyz triples and triangle indices. */
export interface WorldMesh {
  positions: Float64Array;
  indices: Uint32Array;
}

/** x1, y1, x2, y2 per segment, plan coordinates. */
export type Segments = number[];

/** Where the plane y = h cuts each triangle: one segment per crossing triangle. */
export function sectionSegments(mesh: WorldMesh, h: number, out: Segments = []): Segments {
  const p = mesh.positions;
  const idx = mesh.indices;
  const hit: number[] = [];
  for (let t = 0; t + 2 < idx.length; t += 3) {
    hit.length = 0;
    for (let e = 0; e < 3; e++) {
      let a = idx[t + e]!;
      let b = idx[t + ((e + 1) % 3)]!;
      // Each edge is cut from its lower-numbered vertex, so the two triangles sharing it get
      // bit-identical points and the chaining below joins them.
      if (a > b) [a, b] = [b, a];
      const ya = p[a * 3 + 1]! - h;
      const yb = p[b * 3 + 1]! - h;
      if ((ya < 0 && yb >= 0) || (ya >= 0 && yb < 0)) {
        const s = ya / (ya - yb);
        hit.push(
          p[a * 3]! + s * (p[b * 3]! - p[a * 3]!),
          -(p[a * 3 + 2]! + s * (p[b * 3 + 2]! - p[a * 3 + 2]!)),
        );
      }
    }
    if (hit.length === 4) {
      if (Math.abs(hit[0]! - hit[2]!) + Math.abs(hit[1]! - hit[3]!) > 1e-7) out.push(...hit);
    }
  }
  return out;
}

/** Quantised point key (0.1 mm): segments of neighbouring triangles meet at equal keys. */
function key(x: number, y: number): string {
  return `${Math.round(x * 1e4)},${Math.round(y * 1e4)}`;
}

/** A chained polyline: x, y pairs, closed when its ends met. */
export interface Chain {
  points: number[];
  closed: boolean;
}

/**
 * Segments -> polylines: walks shared endpoints (a closed mesh's section gives closed loops),
 * drops collinear middle points. Duplicate segments (the same edge from two meshes) are kept
 * once.
 */
export function chainSegments(segments: Segments): Chain[] {
  const count = segments.length / 4;
  const ends = new Map<string, number[]>();
  const seen = new Set<string>();
  const used = new Uint8Array(count);
  for (let s = 0; s < count; s++) {
    const ka = key(segments[s * 4]!, segments[s * 4 + 1]!);
    const kb = key(segments[s * 4 + 2]!, segments[s * 4 + 3]!);
    const pair = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
    if (ka === kb || seen.has(pair)) {
      used[s] = 1;
      continue;
    }
    seen.add(pair);
    for (const k of [ka, kb]) {
      const list = ends.get(k);
      if (list) list.push(s);
      else ends.set(k, [s]);
    }
  }
  const next = (k: string): number | null => {
    for (const s of ends.get(k) ?? []) if (!used[s]) return s;
    return null;
  };
  const chains: Chain[] = [];
  for (let start = 0; start < count; start++) {
    if (used[start]) continue;
    used[start] = 1;
    const points = [
      segments[start * 4]!,
      segments[start * 4 + 1]!,
      segments[start * 4 + 2]!,
      segments[start * 4 + 3]!,
    ];
    const firstKey = key(points[0]!, points[1]!);
    // Forward from the segment's end, then backward from its start.
    for (const forward of [true, false]) {
      for (;;) {
        const n = points.length;
        const k = forward ? key(points[n - 2]!, points[n - 1]!) : key(points[0]!, points[1]!);
        if (forward && k === firstKey && n > 4) break;
        const s = next(k);
        if (s === null) break;
        used[s] = 1;
        const ax = segments[s * 4]!;
        const ay = segments[s * 4 + 1]!;
        const bx = segments[s * 4 + 2]!;
        const by = segments[s * 4 + 3]!;
        const [fx, fy] = key(ax, ay) === k ? [bx, by] : [ax, ay];
        if (forward) points.push(fx, fy);
        else points.unshift(fx, fy);
      }
    }
    const n = points.length;
    const closed = n > 6 && key(points[0]!, points[1]!) === key(points[n - 2]!, points[n - 1]!);
    if (closed) points.length -= 2;
    chains.push({ points: simplify(points, closed), closed });
  }
  return chains;
}

/** Drops points on the straight line between their neighbours (within 0.1 mm). */
function simplify(points: number[], closed: boolean): number[] {
  const n = points.length / 2;
  if (n < 3) return points;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const atEnd = i === 0 || i === n - 1;
    if (atEnd && !closed) {
      out.push(points[i * 2]!, points[i * 2 + 1]!);
      continue;
    }
    const p = (i + n - 1) % n;
    const q = (i + 1) % n;
    const ax = points[p * 2]!;
    const ay = points[p * 2 + 1]!;
    const bx = points[q * 2]!;
    const by = points[q * 2 + 1]!;
    const x = points[i * 2]!;
    const y = points[i * 2 + 1]!;
    const length = Math.hypot(bx - ax, by - ay);
    const distance =
      length > 1e-9 ? Math.abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / length : 0;
    if (distance > 1e-4) out.push(x, y);
  }
  return out.length >= 4 ? out : points;
}

/** Shoelace area of a closed polygon (x, y pairs), unsigned. */
export function polygonArea(points: number[]): number {
  let sum = 0;
  const n = points.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    sum += points[i * 2]! * points[j * 2 + 1]! - points[j * 2]! * points[i * 2 + 1]!;
  }
  return Math.abs(sum) / 2;
}

/** Area-weighted centroid of a closed polygon. */
export function polygonCentroid(points: number[]): [number, number] {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const n = points.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const cross = points[i * 2]! * points[j * 2 + 1]! - points[j * 2]! * points[i * 2 + 1]!;
    a += cross;
    cx += (points[i * 2]! + points[j * 2]!) * cross;
    cy += (points[i * 2 + 1]! + points[j * 2 + 1]!) * cross;
  }
  if (Math.abs(a) < 1e-12) return [points[0] ?? 0, points[1] ?? 0];
  return [cx / (3 * a), cy / (3 * a)];
}

export function pointInPolygon(x: number, y: number, points: number[]): boolean {
  let inside = false;
  const n = points.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[i * 2]!;
    const yi = points[i * 2 + 1]!;
    const xj = points[j * 2]!;
    const yj = points[j * 2 + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** cos 30°: faces meeting at a sharper angle than this draw their shared edge. */
const CREASE_COS = Math.cos((30 * Math.PI) / 180);

/**
 * The edges a plan shows of a mesh below the cut: boundaries and creases (faces meeting at more
 * than 30°), clipped to y <= `top`, projected onto the plan; edges that project to a point
 * (vertical ones) are left out. Vertices are welded by position (web-ifc splits them per face).
 */
export function projectedEdges(mesh: WorldMesh, top: number, out: Segments = []): Segments {
  const p = mesh.positions;
  const idx = mesh.indices;
  const weld = new Map<string, number>();
  const ids = new Uint32Array(p.length / 3);
  for (let v = 0; v < ids.length; v++) {
    const k = `${Math.round(p[v * 3]! * 1e4)},${Math.round(p[v * 3 + 1]! * 1e4)},${Math.round(p[v * 3 + 2]! * 1e4)}`;
    let id = weld.get(k);
    if (id === undefined) {
      id = v;
      weld.set(k, v);
    }
    ids[v] = id;
  }
  // Edge (welded a < b) -> the first face's normal and how many faces share it.
  const edges = new Map<number, { n: [number, number, number]; count: number; crease: boolean }>();
  const stride = ids.length;
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]! * 3;
    const b = idx[t + 1]! * 3;
    const c = idx[t + 2]! * 3;
    const ux = p[b]! - p[a]!;
    const uy = p[b + 1]! - p[a + 1]!;
    const uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!;
    const vy = p[c + 1]! - p[a + 1]!;
    const vz = p[c + 2]! - p[a + 2]!;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    if (length < 1e-12) continue;
    nx /= length;
    ny /= length;
    nz /= length;
    for (let e = 0; e < 3; e++) {
      let i = ids[idx[t + e]!]!;
      let j = ids[idx[t + ((e + 1) % 3)]!]!;
      if (i === j) continue;
      if (i > j) [i, j] = [j, i];
      const edgeKey = i * stride + j;
      const known = edges.get(edgeKey);
      if (!known) edges.set(edgeKey, { n: [nx, ny, nz], count: 1, crease: false });
      else {
        known.count++;
        const dot = known.n[0] * nx + known.n[1] * ny + known.n[2] * nz;
        if (dot < CREASE_COS) known.crease = true;
      }
    }
  }
  for (const [edgeKey, edge] of edges) {
    if (edge.count > 1 && !edge.crease) continue;
    const i = Math.floor(edgeKey / stride);
    const j = edgeKey - i * stride;
    let ax = p[i * 3]!;
    const ay = p[i * 3 + 1]!;
    let az = p[i * 3 + 2]!;
    let bx = p[j * 3]!;
    const by = p[j * 3 + 1]!;
    let bz = p[j * 3 + 2]!;
    if (ay > top && by > top) continue;
    if (ay > top || by > top) {
      // The part above the cut is not drawn: the end up there moves down to the cut.
      const s = (top - ay) / (by - ay);
      const cx = ax + s * (bx - ax);
      const cz = az + s * (bz - az);
      if (ay > top) [ax, az] = [cx, cz];
      else [bx, bz] = [cx, cz];
    }
    if (Math.abs(ax - bx) + Math.abs(az - bz) < 2e-3) continue;
    out.push(ax, -az, bx, -bz);
  }
  return out;
}

/**
 * One storey plan's drawing: each element met by the band from the floor to the cut becomes
 * paths (its section at the cut, a door's swing, its edges below the cut) and a space its
 * name and area, all in the viewable's shifted frame and layered by IFC class.
 */
import type { SheetLayer, SheetPath, VectorSheet } from '@truss/viewable';
import type { SceneGeometry, SceneModel } from '../scene.ts';
import { doorSwing } from './door.ts';
import {
  chainSegments,
  pointInPolygon,
  polygonArea,
  polygonCentroid,
  projectedEdges,
  sectionSegments,
  type Segments,
  type WorldMesh,
} from './section.ts';
import {
  PROJECTED_STROKE,
  ROLE_ORDER,
  ROLE_STYLE,
  roleOf,
  SPACE_TEXT,
  type PlanRole,
} from './style.ts';

/** Below-the-cut lines of one sheet past which projection stops (keeps huge storeys bounded). */
const MAX_PROJECTED_SEGMENTS = 400_000;

type Role = Exclude<PlanRole, 'skip'>;

export interface PlacementInfo {
  geometry: SceneGeometry;
  matrix: Float64Array | null;
  minY: number;
  maxY: number;
}

export function transformed(g: SceneGeometry, m: Float64Array | null): WorldMesh {
  const src = g.positions;
  const out = new Float64Array(src.length);
  for (let v = 0; v < src.length; v += 3) {
    const x = src[v]!;
    const y = src[v + 1]!;
    const z = src[v + 2]!;
    if (!m) {
      out[v] = x;
      out[v + 1] = y;
      out[v + 2] = z;
    } else {
      out[v] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
      out[v + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
      out[v + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
    }
  }
  return { positions: out, indices: g.indices };
}

export function round(value: number): number {
  return Math.round(value * 1e5) / 1e5 + 0;
}

/** The plans' layers: one per IFC class, shared by every storey of the model. */
export class PlanLayers {
  readonly list: SheetLayer[] = [];
  readonly #index = new Map<string, number>();

  of(type: string, role: Role): number {
    let index = this.#index.get(type);
    if (index === undefined) {
      index = this.list.length;
      this.list.push({ name: type, visible: true, color: ROLE_STYLE[role].layerColor });
      this.#index.set(type, index);
    }
    return index;
  }
}

export class StoreyDrawing {
  readonly #byRole = new Map<Role, SheetPath[]>();
  readonly #projected: SheetPath[] = [];
  readonly #texts: VectorSheet['texts'] = [];
  #projectedCount = 0;

  constructor(
    private readonly scene: SceneModel,
    private readonly layers: PlanLayers,
    /** Model y of the cut, and of the lowest point drawn below it. */
    private readonly cut: number,
    private readonly bottom: number,
    /** Added to plan x, y: the viewable's origin shift. */
    private readonly shiftBy: [number, number],
  ) {}

  /** Adds an element; nothing when it is not in the band from `bottom` to the cut. */
  add(element: number, placements: PlacementInfo[], range: { minY: number; maxY: number }) {
    const { cut, bottom } = this;
    if (range.maxY < bottom || range.minY > cut) return;
    const type = this.scene.elements[element]!.type;
    const role = roleOf(type) as Role;
    const layer = this.layers.of(type, role);
    const crosses = range.minY < cut && range.maxY > cut;
    const meshes = placements
      .filter((p) => p.maxY >= bottom && p.minY <= cut)
      .map((p) => ({ info: p, mesh: transformed(p.geometry, p.matrix) }));
    if (crosses) {
      const segments: Segments = [];
      for (const { info, mesh } of meshes) {
        if (info.minY < cut && info.maxY > cut) sectionSegments(mesh, cut, segments);
      }
      const chains = chainSegments(segments);
      if (role === 'space') return this.#space(element, chains, layer);
      const style = ROLE_STYLE[role];
      for (const chain of chains) {
        const filled = chain.closed && style.fill !== null;
        this.#push(role, {
          layer,
          points: this.#shift(chain.points),
          closed: chain.closed,
          stroke: style.stroke ?? PROJECTED_STROKE,
          fill: filled ? style.fill : null,
          width: 0,
          element,
        });
      }
    }
    if (role === 'door') {
      const swing = doorSwing(
        meshes.map((m) => m.mesh),
        placements[0]!.matrix,
        cut,
        this.scene.elements[element]!.operation,
      );
      for (const points of swing) {
        this.#push(role, {
          layer,
          points: this.#shift(points),
          closed: false,
          stroke: ROLE_STYLE.door.stroke,
          fill: null,
          width: 0,
          element,
        });
      }
      return;
    }
    // Below the cut: what stands on the floor (furniture, stairs, the slab's edges); walls,
    // columns and windows cut here show their section only.
    const project = role !== 'space' && (role === 'other' || !crosses);
    if (!project || this.#projectedCount > MAX_PROJECTED_SEGMENTS) return;
    const segments: Segments = [];
    for (const { mesh } of meshes) projectedEdges(mesh, cut, segments);
    this.#projectedCount += segments.length / 4;
    for (const chain of chainSegments(segments)) {
      this.#projected.push({
        layer,
        points: this.#shift(chain.points),
        closed: chain.closed,
        stroke: PROJECTED_STROKE,
        fill: null,
        width: 0,
        element,
      });
    }
  }

  /** The paths in drawing order (pale spaces first, the cut poché last) and the texts. */
  result(): { paths: SheetPath[]; texts: VectorSheet['texts'] } {
    const paths: SheetPath[] = [];
    for (const role of ROLE_ORDER) {
      if (role === 'other') paths.push(...this.#projected);
      paths.push(...(this.#byRole.get(role) ?? []));
    }
    return { paths, texts: this.#texts };
  }

  #space(element: number, chains: { points: number[]; closed: boolean }[], layer: number) {
    const loops = chains.filter((chain) => chain.closed && chain.points.length >= 6);
    let area = 0;
    let largest: number[] | null = null;
    for (const loop of loops) {
      const a = polygonArea(loop.points);
      area += a;
      if (!largest || a > polygonArea(largest)) largest = loop.points;
    }
    if (largest) {
      for (const text of spaceLabel(this.scene.elements[element]!.name, area, largest, layer)) {
        text.x = round(text.x + this.shiftBy[0]);
        text.y = round(text.y + this.shiftBy[1]);
        this.#texts.push(text);
      }
    }
    for (const loop of loops) {
      this.#push('space', {
        layer,
        points: this.#shift(loop.points),
        closed: true,
        stroke: null,
        fill: ROLE_STYLE.space.fill,
        width: 0,
        element,
      });
    }
  }

  #push(role: Role, path: SheetPath) {
    const list = this.#byRole.get(role);
    if (list) list.push(path);
    else this.#byRole.set(role, [path]);
  }

  /** In place: plan points into the viewable's frame, rounded to 0.01 mm. */
  #shift(points: number[]): number[] {
    for (let i = 0; i < points.length; i += 2) {
      points[i] = round(points[i]! + this.shiftBy[0]);
      points[i + 1] = round(points[i + 1]! + this.shiftBy[1]);
    }
    return points;
  }
}

/** A space's name and area, centred on its largest loop (or inside it when concave). */
function spaceLabel(
  name: string | null,
  area: number,
  loop: number[],
  layer: number,
): VectorSheet['texts'] {
  let [x, y] = polygonCentroid(loop);
  if (!pointInPolygon(x, y, loop)) {
    // An L-shaped room's centroid can fall outside: use the middle of the widest inner run.
    [x, y] = insidePoint(loop, y);
  }
  const size = Math.min(0.3, Math.max(0.12, Math.sqrt(area) / 12));
  const lines = [name ?? '', `${area.toFixed(2)} m²`].filter((line) => line.length > 0);
  return lines.map((line, i) => {
    const height = i === 0 ? size : size * 0.8;
    const width = line.length * height * 0.6;
    const baseline = y + (i === 0 ? size * 0.25 : -size * 1.05);
    return {
      text: line,
      x: x - width / 2,
      y: baseline,
      width,
      height,
      rotation: 0,
      layer,
      color: SPACE_TEXT,
    };
  });
}

/** The middle of the widest span of the horizontal line through `y` inside the polygon. */
function insidePoint(points: number[], y: number): [number, number] {
  const xs: number[] = [];
  const n = points.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = points[i * 2 + 1]!;
    const yj = points[j * 2 + 1]!;
    if (yi > y !== yj > y) {
      const xi = points[i * 2]!;
      const xj = points[j * 2]!;
      xs.push(xi + ((y - yi) / (yj - yi)) * (xj - xi));
    }
  }
  xs.sort((a, b) => a - b);
  let best: [number, number] = [points[0]!, points[1]!];
  let widest = -1;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    if (xs[i + 1]! - xs[i]! > widest) {
      widest = xs[i + 1]! - xs[i]!;
      best = [(xs[i]! + xs[i + 1]!) / 2, y];
    }
  }
  return best;
}

/**
 * IFC storey plans: for every IfcBuildingStorey a `VectorSheet` (metres, plan x = model x,
 * plan y = IFC y, both in the viewable's shifted coordinates so a plan point and a 3D point
 * are the same x and -z) cut 1.2 m above the storey's floor. Built from the scene the 3D pass
 * already has (no second parse): per storey only the placements whose height range meets the
 * band from the floor to the cut are transformed and cut.
 */
import {
  SHEET_FILES,
  SHEETS_VERSION,
  type SheetIndex,
  type SheetInfo,
  type SheetLayer,
  type SheetPath,
  type VectorSheet,
} from '@truss/viewable';
import type { SceneGeometry, SceneModel, ScenePlacement } from '../scene.ts';
import type { SheetFile } from '../sheets/convert.ts';
import { renderVectorPreview } from '../sheets/preview.ts';
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

/** The plan's cut above the storey's floor, metres (the "sensible height"). */
export const CUT_HEIGHT = 1.2;
/** Below-the-cut lines of one sheet past which projection stops (keeps huge storeys bounded). */
const MAX_PROJECTED_SEGMENTS = 400_000;

export interface StoreyPlans {
  index: SheetIndex;
  files: SheetFile[];
  stats: { plans: number; paths: number; texts: number; seconds: number };
}

interface PlacementInfo {
  geometry: SceneGeometry;
  matrix: Float64Array | null;
  minY: number;
  maxY: number;
}

const encoder = new TextEncoder();

function transformed(g: SceneGeometry, m: Float64Array | null): WorldMesh {
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

function heightRange(g: SceneGeometry, m: Float64Array | null): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  const src = g.positions;
  for (let v = 0; v < src.length; v += 3) {
    const y = m
      ? m[1]! * src[v]! + m[5]! * src[v + 1]! + m[9]! * src[v + 2]! + m[13]!
      : src[v + 1]!;
    if (y < min) min = y;
    if (y > max) max = y;
  }
  return [min, max];
}

/** The floor the plan is cut above: the Elevation, unless the storey's own walls and doors
 * stand elsewhere (exporters that write Elevation relative to another datum). */
function floorLevel(
  storey: number,
  elevation: number,
  scene: SceneModel,
  ranges: Map<number, { minY: number }>,
): number {
  const bottoms: number[] = [];
  scene.elements.forEach((element, id) => {
    if (element.parent !== storey) return;
    if (!/^Ifc(Wall|Door|Column)/.test(element.type)) return;
    const range = ranges.get(id);
    if (range) bottoms.push(range.minY);
  });
  if (bottoms.length === 0) return elevation;
  bottoms.sort((a, b) => a - b);
  const median = bottoms[Math.floor(bottoms.length / 2)]!;
  return Math.abs(median - elevation) > 0.5 ? median : elevation;
}

function round(value: number): number {
  return Math.round(value * 1e5) / 1e5 + 0;
}

/** Builds the plans; [] (no files) for a scene without storeys. */
export function storeyPlans(
  scene: SceneModel,
  origin: [number, number, number],
  source: string,
  checkAbort: () => void = () => {},
): StoreyPlans {
  const started = performance.now();
  const storeys = (scene.storeys ?? [])
    .filter((storey) => storey.elevation !== null)
    .sort((a, b) => a.elevation! - b.elevation!);
  const byElement = new Map<number, PlacementInfo[]>();
  const elementRange = new Map<number, { minY: number; maxY: number }>();
  const add = (placement: ScenePlacement, geometries: SceneGeometry[]) => {
    const geometry = geometries[placement.geometry]!;
    if (geometry.indices.length === 0) return;
    const type = scene.elements[placement.element]?.type ?? '';
    if (roleOf(type) === 'skip') return;
    const [minY, maxY] = heightRange(geometry, placement.matrix);
    const info = { geometry, matrix: placement.matrix, minY, maxY };
    const list = byElement.get(placement.element);
    if (list) list.push(info);
    else byElement.set(placement.element, [info]);
    const range = elementRange.get(placement.element);
    if (range) {
      range.minY = Math.min(range.minY, minY);
      range.maxY = Math.max(range.maxY, maxY);
    } else elementRange.set(placement.element, { minY, maxY });
  };
  if (storeys.length > 0) {
    for (const placement of scene.placements) add(placement, scene.geometries);
    for (const placement of scene.planOnly?.placements ?? [])
      add(placement, scene.planOnly!.geometries);
  }

  const sheets: SheetInfo[] = [];
  const files: SheetFile[] = [];
  const layerIndex = new Map<string, number>();
  const layers: SheetLayer[] = [];
  const layerOf = (type: string, role: Exclude<PlanRole, 'skip'>): number => {
    let index = layerIndex.get(type);
    if (index === undefined) {
      index = layers.length;
      layers.push({ name: type, visible: true, color: ROLE_STYLE[role].layerColor });
      layerIndex.set(type, index);
    }
    return index;
  };
  // Plan coordinates in the viewable's shifted frame: x - ox, -(z - oz).
  const dx = -origin[0];
  const dy = origin[2];
  let totalPaths = 0;
  let totalTexts = 0;

  for (const storey of storeys) {
    checkAbort();
    const floor = floorLevel(storey.element, storey.elevation!, scene, elementRange);
    // A hair above the round height, so faces exactly at 1.2 m are not cut along their plane.
    const cut = floor + CUT_HEIGHT + 1.37e-4;
    const bottom = floor - 0.05;
    const byRole = new Map<Exclude<PlanRole, 'skip'>, SheetPath[]>();
    const push = (role: Exclude<PlanRole, 'skip'>, path: SheetPath) => {
      const list = byRole.get(role);
      if (list) list.push(path);
      else byRole.set(role, [path]);
    };
    const projectedPaths: SheetPath[] = [];
    const texts: VectorSheet['texts'] = [];
    let projectedCount = 0;
    const shift = (points: number[]) => {
      for (let i = 0; i < points.length; i += 2) {
        points[i] = round(points[i]! + dx);
        points[i + 1] = round(points[i + 1]! + dy);
      }
      return points;
    };

    for (const [element, placements] of byElement) {
      const range = elementRange.get(element)!;
      if (range.maxY < bottom || range.minY > cut) continue;
      const type = scene.elements[element]!.type;
      const role = roleOf(type) as Exclude<PlanRole, 'skip'>;
      const style = ROLE_STYLE[role];
      const layer = layerOf(type, role);
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
        if (role === 'space') {
          const loops = chains.filter((chain) => chain.closed && chain.points.length >= 6);
          let area = 0;
          let largest: number[] | null = null;
          for (const loop of loops) {
            const a = polygonArea(loop.points);
            area += a;
            if (!largest || a > polygonArea(largest)) largest = loop.points;
          }
          // Labelled before the loops are shifted in place (texts are shifted below).
          if (largest)
            texts.push(...spaceLabel(scene.elements[element]!.name, area, largest, layer));
          for (const loop of loops) {
            push(role, {
              layer,
              points: shift(loop.points),
              closed: true,
              stroke: null,
              fill: style.fill,
              width: 0,
              element,
            });
          }
          continue;
        }
        for (const chain of chains) {
          const filled = chain.closed && style.fill !== null;
          push(role, {
            layer,
            points: shift(chain.points),
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
        );
        for (const points of swing) {
          push(role, {
            layer,
            points: shift(points),
            closed: false,
            stroke: style.stroke,
            fill: null,
            width: 0,
            element,
          });
        }
        continue;
      }
      // Below the cut: what stands on the floor (furniture, stairs, the slab's edges); walls,
      // columns and windows cut here show their section only.
      const project = role === 'other' || role === 'slab' ? !crosses || role === 'other' : !crosses;
      if (!project || role === 'space' || projectedCount > MAX_PROJECTED_SEGMENTS) continue;
      const segments: Segments = [];
      for (const { mesh } of meshes) projectedEdges(mesh, cut, segments);
      projectedCount += segments.length / 4;
      for (const chain of chainSegments(segments)) {
        projectedPaths.push({
          layer,
          points: shift(chain.points),
          closed: chain.closed,
          stroke: PROJECTED_STROKE,
          fill: null,
          width: 0,
          element,
        });
      }
    }

    const paths: SheetPath[] = [];
    for (const role of ROLE_ORDER) {
      if (role === 'other') paths.push(...projectedPaths);
      paths.push(...(byRole.get(role) ?? []));
    }
    if (paths.length === 0) continue;
    const bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const path of paths) {
      for (let i = 0; i < path.points.length; i += 2) {
        bounds[0] = Math.min(bounds[0], path.points[i]!);
        bounds[1] = Math.min(bounds[1], path.points[i + 1]!);
        bounds[2] = Math.max(bounds[2], path.points[i]!);
        bounds[3] = Math.max(bounds[3], path.points[i + 1]!);
      }
    }
    for (const text of texts) {
      text.x = round(text.x + dx);
      text.y = round(text.y + dy);
    }
    const vector: VectorSheet = { version: SHEETS_VERSION, bounds, paths, texts };
    const globalId = scene.elements[storey.element]?.globalId;
    const id = `s${globalId && /^[A-Za-z0-9_$-]{1,63}$/.test(globalId) ? globalId : storey.element}`;
    const pad = Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1]) * 0.02;
    const frame: [number, number, number, number] = [
      bounds[0] - pad,
      bounds[1] - pad,
      bounds[2] + pad,
      bounds[3] + pad,
    ];
    sheets.push({
      id,
      name: storey.name ?? `Storey ${sheets.length + 1}`,
      index: sheets.length,
      kind: 'storey-plan',
      width: round(bounds[2] - bounds[0]),
      height: round(bounds[3] - bounds[1]),
      units: 'm',
      layers,
      content: 'vector',
      storey: {
        globalId: globalId ?? '',
        elevation: storey.elevation!,
        cutHeight: CUT_HEIGHT,
      },
    });
    files.push(
      { ...SHEET_FILES.vector(id), bytes: encoder.encode(JSON.stringify(vector)) },
      { ...SHEET_FILES.preview(id), bytes: renderVectorPreview(vector, frame) },
    );
    totalPaths += paths.length;
    totalTexts += texts.length;
  }
  // Every plan lists every layer (a class first met on a later storey included).
  for (const sheet of sheets) sheet.layers = layers;
  const index: SheetIndex = { version: SHEETS_VERSION, source, sheets };
  if (sheets.length > 0)
    files.unshift({ ...SHEET_FILES.index, bytes: encoder.encode(JSON.stringify(index)) });
  return {
    index,
    files,
    stats: {
      plans: sheets.length,
      paths: totalPaths,
      texts: totalTexts,
      seconds: (performance.now() - started) / 1000,
    },
  };
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

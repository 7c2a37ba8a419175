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
  type VectorSheet,
} from '@truss/viewable';
import type { SceneGeometry, SceneModel, ScenePlacement, SceneStorey } from '../scene.ts';
import type { SheetFile } from '../sheets/convert.ts';
import { createHash } from 'node:crypto';
import { renderVectorPreview } from '../sheets/preview.ts';
import { PlanLayers, round, StoreyDrawing, type PlacementInfo } from './storey-drawing.ts';
import { roleOf } from './style.ts';

/** The plan's cut above the storey's floor, metres (the "sensible height"). */
export const CUT_HEIGHT = 1.2;

export interface StoreyPlans {
  index: SheetIndex;
  files: SheetFile[];
  stats: { plans: number; paths: number; texts: number; seconds: number };
}

const encoder = new TextEncoder();

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

/**
 * The floor the plan is cut above: the Elevation, unless the storey's own walls and doors stand
 * elsewhere (exporters that write Elevation relative to another datum) or it has none; null
 * when neither tells.
 */
function floorLevel(
  storey: number,
  elevation: number | null,
  scene: SceneModel,
  children: ReadonlyMap<number, number[]>,
  ranges: Map<number, { minY: number }>,
): number | null {
  const bottoms: number[] = [];
  (children.get(storey) ?? []).forEach((id) => {
    const element = scene.elements[id]!;
    if (!/^Ifc(Wall|Door|Column)/.test(element.type)) return;
    const range = ranges.get(id);
    if (range) bottoms.push(range.minY);
  });
  if (bottoms.length === 0) return elevation;
  bottoms.sort((a, b) => a - b);
  const median = bottoms[Math.floor(bottoms.length / 2)]!;
  return elevation === null || Math.abs(median - elevation) > 0.5 ? median : elevation;
}

/** Builds the plans; [] (no files) for a scene without storeys. */
/**
 * The key of what a plan's preview shows: its frame, its paths' shapes and styles and its texts,
 * not the elements the paths belong to. Typical floors of a tower draw the same picture: one
 * render and PNG for all of them (a 200-storey tower: 200 previews took 13 of its 58 s).
 */
export function previewKey(vector: VectorSheet, frame: readonly number[]): string {
  const hash = createHash('sha1');
  hash.update(Float64Array.from(frame));
  for (const path of vector.paths) {
    hash.update(`|${path.layer}|${path.closed}|${path.stroke}|${path.fill}|${path.width}|`);
    hash.update(Float64Array.from(path.points));
  }
  for (const text of vector.texts) hash.update(JSON.stringify(text));
  return hash.digest('base64');
}

export function storeyPlans(
  scene: SceneModel,
  origin: [number, number, number],
  source: string,
  checkAbort: () => void = () => {},
): StoreyPlans {
  const started = performance.now();
  // Previews by what they show (previewKey): a storey like one drawn already shares its PNG.
  const previews = new Map<string, Uint8Array>();
  const preview = (vector: VectorSheet, frame: [number, number, number, number]) => {
    const key = previewKey(vector, frame);
    let png = previews.get(key);
    if (!png) previews.set(key, (png = renderVectorPreview(vector, frame)));
    return png;
  };
  const storeys = scene.storeys ?? [];
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
  const layers = new PlanLayers();
  // Plan coordinates in the viewable's shifted frame: x - ox, -(z - oz).
  const dx = -origin[0];
  const dy = origin[2];
  let totalPaths = 0;
  let totalTexts = 0;

  // The storeys' own elements, found once (not by a pass over every element per storey).
  const children = new Map<number, number[]>();
  if (storeys.length > 0) {
    scene.elements.forEach((element, id) => {
      if (element.parent === null) return;
      const list = children.get(element.parent);
      if (list) list.push(id);
      else children.set(element.parent, [id]);
    });
  }
  const floors = storeys
    .map((storey) => ({
      storey,
      floor: floorLevel(storey.element, storey.elevation, scene, children, elementRange),
    }))
    .filter((entry): entry is { storey: SceneStorey; floor: number } => entry.floor !== null)
    .sort((a, b) => a.floor - b.floor);
  const band = new HeightBand([...byElement.keys()], elementRange);
  for (const { storey, floor } of floors) {
    checkAbort();
    // A hair above the round height, so faces exactly at 1.2 m are not cut along their plane.
    const cut = floor + CUT_HEIGHT + 1.37e-4;
    const bottom = floor - 0.05;
    const drawing = new StoreyDrawing(scene, layers, cut, bottom, [dx, dy]);
    for (const element of band.within(bottom, cut)) {
      drawing.add(element, byElement.get(element)!, elementRange.get(element)!);
    }
    const { paths, texts } = drawing.result();
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
    const vector: VectorSheet = { version: SHEETS_VERSION, bounds, paths, texts };
    const globalId = scene.elements[storey.element]?.globalId;
    const id = planSheetId(globalId, storey.element);
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
      layers: layers.list,
      content: 'vector',
      storey: {
        globalId: globalId ?? '',
        // A storey without an Elevation: the floor its walls stand on.
        elevation: storey.elevation ?? round(floor),
        cutHeight: CUT_HEIGHT,
      },
    });
    files.push(
      { ...SHEET_FILES.vector(id), bytes: encoder.encode(JSON.stringify(vector)) },
      { ...SHEET_FILES.preview(id), bytes: preview(vector, frame) },
    );
    totalPaths += paths.length;
    totalTexts += texts.length;
  }
  // Every plan lists every layer (a class first met on a later storey included).
  for (const sheet of sheets) sheet.layers = layers.list;
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

/**
 * The elements whose height range meets a band, for bands asked for from the bottom up (the
 * floors in order): each element joins once the band reaches its bottom and leaves once the
 * band is above its top, so a tower's storeys each look at their own elements and the few tall
 * ones, not at every element (800 storeys x 200,000 elements took most of the 200k tower's plans).
 * The elements come in the order they were given, as a pass over all of them would give them.
 */
export class HeightBand {
  /** Element positions in `elements`, lowest bottom first. */
  private readonly byBottom: number[];
  private next = 0;
  private active: number[] = [];
  private lastBottom = -Infinity;

  constructor(
    private readonly elements: readonly number[],
    private readonly ranges: ReadonlyMap<number, { minY: number; maxY: number }>,
  ) {
    const range = (position: number) => ranges.get(elements[position]!)!;
    this.byBottom = elements.map((_, position) => position);
    this.byBottom.sort((a, b) => range(a).minY - range(b).minY || a - b);
  }

  /** Elements with minY <= top and maxY >= bottom; `bottom` never below the last call's. */
  within(bottom: number, top: number): number[] {
    if (bottom < this.lastBottom) throw new Error('HeightBand: bands go from the bottom up.');
    this.lastBottom = bottom;
    const range = (position: number) => this.ranges.get(this.elements[position]!)!;
    while (this.next < this.byBottom.length && range(this.byBottom[this.next]!).minY <= top) {
      this.active.push(this.byBottom[this.next++]!);
    }
    // Below this band, below every later one too.
    this.active = this.active.filter((position) => range(position).maxY >= bottom);
    return this.active
      .filter((position) => range(position).minY <= top)
      .sort((a, b) => a - b)
      .map((position) => this.elements[position]!);
  }
}

/**
 * A plan's sheet id from its storey's GlobalId (element row if it has none fit for one). The id
 * names the plan's stored files, whose keys allow no `$`: a GlobalId's `$` becomes `-`, which
 * GlobalIds do not use, so two storeys never share an id.
 */
export function planSheetId(globalId: string | undefined, element: number): string {
  return `s${globalId && /^[A-Za-z0-9_$]{1,63}$/.test(globalId) ? globalId.replaceAll('$', '-') : element}`;
}

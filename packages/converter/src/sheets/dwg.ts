/**
 * DWG -> Drawing with LibreDWG's WebAssembly build (`@mlightcad/libredwg-web`, GPL-3.0), run in
 * the converter's worker thread. Its database is mapped onto the same Drawing the DXF reader
 * fills, so a DWG and its DXF twin take one path from there.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import AutoCadColorIndex from 'dxf-parser/dist/AutoCadColorIndex.js';
import { DrawingDamagedError } from '../errors.ts';
import {
  conicOf,
  type Drawing,
  type DrawingEntity,
  type DrawingSpace,
  type Geometry,
  type Point,
} from './drawing.ts';
import { hatchLoops, type HatchEdge, type HatchPath } from './hatch.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- LibreDWG's database is loosely typed JSON */

/** DWG_ERR_CRITICAL: from this bit up, LibreDWG could not read the file as a whole. */
const DWG_ERR_CRITICAL = 128;

interface LibreDwgModule {
  FS: {
    writeFile(name: string, bytes: Uint8Array): void;
    unlink(name: string): void;
  };
  dwg_read_file(name: string): { error: number; data: unknown };
}

interface LibreDwgApi {
  wasmInstance: LibreDwgModule;
  convert(data: unknown): any;
  dwg_free(data: unknown): void;
}

let libredwg: Promise<LibreDwgApi> | null = null;

/** One WebAssembly instance per worker thread, made on the first DWG. */
async function loadLibreDwg(): Promise<LibreDwgApi> {
  libredwg ??= (async () => {
    const { LibreDwg } = await import('@mlightcad/libredwg-web');
    const main = createRequire(import.meta.url).resolve('@mlightcad/libredwg-web');
    const wasmDir = join(dirname(main), '..', 'wasm');
    return (await LibreDwg.create(wasmDir)) as unknown as LibreDwgApi;
  })();
  return libredwg;
}

function pt(p: { x?: number; y?: number } | undefined): Point {
  return { x: p?.x ?? 0, y: p?.y ?? 0 };
}

const TYPE_NAMES: Record<string, string> = {
  POLYLINE2D: 'POLYLINE',
  POLYLINE3D: 'POLYLINE',
  POLYLINE_PFACE: 'POLYLINE',
  POLYLINE_MESH: 'POLYLINE',
};

function hatchPaths(paths: any[]): HatchPath[] {
  const deg = (radians: number) => (radians * 180) / Math.PI;
  return (paths ?? []).map((path: any): HatchPath => {
    if (Array.isArray(path.vertices)) {
      return {
        kind: 'polyline',
        vertices: path.vertices.map((v: any) => ({ ...pt(v), bulge: v.bulge ?? 0 })),
        closed: path.isClosed !== false,
      };
    }
    const edges: HatchEdge[] = [];
    for (const edge of path.edges ?? []) {
      if (edge.type === 1) edges.push({ type: 'line', start: pt(edge.start), end: pt(edge.end) });
      else if (edge.type === 2) {
        edges.push({
          type: 'arc',
          center: pt(edge.center),
          radius: edge.radius,
          start: deg(edge.startAngle),
          end: deg(edge.endAngle),
          ccw: edge.isCCW !== false,
        });
      } else if (edge.type === 3) {
        edges.push({
          type: 'ellipse',
          center: pt(edge.center),
          major: pt(edge.end),
          ratio: edge.lengthOfMinorAxis,
          start: deg(edge.startAngle),
          end: deg(edge.endAngle),
          ccw: edge.isCCW !== false,
        });
      } else if (edge.type === 4) {
        const weights = (edge.controlPoints ?? []).map((p: any) => p.weight);
        edges.push({
          type: 'spline',
          degree: edge.degree,
          knots: edge.knots ?? [],
          controlPoints: (edge.controlPoints ?? []).map(pt),
          weights: weights.every((w: unknown) => typeof w === 'number') ? weights : undefined,
        });
      }
    }
    return { kind: 'edges', edges };
  });
}

function insertGeometry(block: string, r: any, attributes: DrawingEntity[]): Geometry {
  return {
    kind: 'insert',
    block,
    position: pt(r.insertionPoint),
    scale: { x: r.xScale ?? 1, y: r.yScale ?? 1 },
    rotation: ((r.rotation ?? 0) * 180) / Math.PI,
    columns: r.columnCount || 1,
    rows: r.rowCount || 1,
    columnSpacing: r.columnSpacing ?? 0,
    rowSpacing: r.rowSpacing ?? 0,
    attributes,
  };
}

function textGeometry(r: any): Geometry {
  const aligned = (r.halign ?? 0) !== 0 || (r.valign ?? 0) !== 0;
  return {
    kind: 'text',
    text: String(r.text ?? ''),
    position: pt(aligned ? r.endPoint : r.startPoint),
    height: r.textHeight ?? 0,
    rotation: ((r.rotation ?? 0) * 180) / Math.PI,
    widthFactor: r.xScale || 1,
    halign: r.halign ?? 0,
    valign: r.valign ?? 0,
    multiline: false,
  };
}

function entityOf(r: any): DrawingEntity | null {
  const type = TYPE_NAMES[r.type] ?? String(r.type);
  let geometry: Geometry;
  switch (r.type) {
    case 'LINE':
      geometry = { kind: 'line', a: pt(r.startPoint), b: pt(r.endPoint) };
      break;
    case 'LWPOLYLINE':
      geometry = {
        kind: 'polyline',
        vertices: (r.vertices ?? []).map((v: any) => ({ ...pt(v), bulge: v.bulge ?? 0 })),
        closed: (r.flag & 512) !== 0 || (r.flag & 1) !== 0,
      };
      break;
    case 'POLYLINE2D':
    case 'POLYLINE3D':
      geometry = {
        kind: 'polyline',
        vertices: (r.vertices ?? [])
          .filter((v: any) => !((v.flag ?? 0) & 16))
          .map((v: any) => ({ ...pt(v.point ?? v), bulge: v.bulge ?? 0 })),
        closed: ((r.flag ?? 0) & 1) !== 0,
      };
      break;
    case 'POLYLINE_PFACE':
    case 'POLYLINE_MESH':
      geometry = { kind: 'none' };
      break;
    case 'CIRCLE':
    case 'ARC':
    case 'ELLIPSE':
      geometry = conicOf(r)!;
      break;
    case 'SPLINE':
      geometry = {
        kind: 'spline',
        degree: r.degree ?? 3,
        controlPoints: (r.controlPoints ?? []).map(pt),
        knots: r.knots ?? [],
        weights: r.weights?.length === r.controlPoints?.length ? r.weights : undefined,
        fitPoints: (r.fitPoints ?? []).map(pt),
        closed: ((r.flag ?? 0) & 1) !== 0,
      };
      break;
    case 'TEXT':
      geometry = textGeometry(r);
      break;
    case 'MTEXT': {
      const direction = r.direction as Point | undefined;
      geometry = {
        kind: 'text',
        text: String(r.text ?? ''),
        position: pt(r.insertionPoint),
        height: r.textHeight ?? 0,
        rotation:
          direction && (direction.x || direction.y)
            ? (Math.atan2(direction.y, direction.x) * 180) / Math.PI
            : ((r.rotation ?? 0) * 180) / Math.PI,
        widthFactor: 1,
        halign: 0,
        valign: 0,
        attachment: r.attachmentPoint || 1,
        multiline: true,
      };
      break;
    }
    case 'INSERT': {
      const attributes = (r.attribs ?? [])
        .map((a: any) => common({ ...a, type: 'TEXT' }, textGeometry({ ...a, ...a.text })))
        .filter((a: DrawingEntity) => a.geometry.kind === 'text');
      geometry = insertGeometry(String(r.name ?? ''), r, attributes);
      break;
    }
    case 'DIMENSION':
      geometry = insertGeometry(String(r.name ?? ''), { insertionPoint: { x: 0, y: 0 } }, []);
      break;
    case 'SOLID':
    case '3DFACE': {
      const corners = [r.corner1, r.corner2, r.corner3, r.corner4].filter(Boolean).map(pt);
      if (r.type === 'SOLID' && corners.length === 4)
        corners.splice(2, 2, corners[3]!, corners[2]!);
      geometry = { kind: 'face', corners, filled: r.type === 'SOLID' };
      break;
    }
    case 'POINT':
      geometry = { kind: 'point', at: pt(r.position ?? r) };
      break;
    case 'ATTDEF':
      geometry = { kind: 'none' };
      break;
    case 'HATCH':
      geometry = {
        kind: 'hatch',
        loops: hatchLoops(hatchPaths(r.boundaryPaths)),
        solid: r.solidFill === 1 || r.solidFill === true,
      };
      break;
    default:
      return null;
  }
  return common({ ...r, type }, geometry);
}

function common(r: any, geometry: Geometry): DrawingEntity {
  const colorIndex = typeof r.colorIndex === 'number' ? r.colorIndex : 256;
  // LibreDWG gives `color` (0xRRGGBB) for true colours; an index colour has colorIndex 1…255.
  const trueColor =
    typeof r.color === 'number' &&
    r.color >= 0 &&
    (colorIndex === 256 || colorIndex === 257) &&
    r.colorName
      ? r.color
      : undefined;
  return {
    type: r.type,
    layer: String(r.layer ?? '0'),
    colorIndex,
    trueColor,
    lineweight: typeof r.lineweight === 'number' && r.lineweight < 256 ? r.lineweight : undefined,
    mirrored: (r.extrusionDirection?.z ?? 1) < 0,
    geometry,
  };
}

/** A layer's colour: its index colour from the ACI table, else its true colour. */
function layerColor(layer: any): number {
  const index = Math.abs(layer.colorIndex ?? 7);
  if (index >= 1 && index <= 255) return (AutoCadColorIndex as number[])[index] ?? 0xffffff;
  return typeof layer.color === 'number' && layer.color >= 0 ? layer.color & 0xffffff : 0xffffff;
}

function entitiesOf(raws: any[], skipped: Record<string, number> | null): DrawingEntity[] {
  const out: DrawingEntity[] = [];
  for (const raw of raws ?? []) {
    if (raw.type === 'ATTRIB') continue; // drawn with its INSERT
    const entity = entityOf(raw);
    if (entity) out.push(entity);
    else if (skipped) skipped[String(raw.type)] = (skipped[String(raw.type)] ?? 0) + 1;
  }
  return out;
}

export async function readDwg(bytes: Uint8Array): Promise<Drawing> {
  const lib = await loadLibreDwg();
  const module = lib.wasmInstance;
  const name = `in-${process.pid}-${Date.now()}.dwg`;
  module.FS.writeFile(name, bytes);
  let result: { error: number; data: unknown };
  try {
    result = module.dwg_read_file(name);
  } catch (error) {
    throw new DrawingDamagedError('The DWG file could not be read.', { cause: error });
  } finally {
    module.FS.unlink(name);
  }
  if (result.error >= DWG_ERR_CRITICAL || !result.data) {
    if (result.data) lib.dwg_free(result.data);
    throw new DrawingDamagedError(
      `The DWG file is damaged or incomplete (LibreDWG error ${result.error}).`,
    );
  }
  let db: any;
  try {
    db = lib.convert(result.data);
  } finally {
    lib.dwg_free(result.data);
  }
  const skipped: Record<string, number> = {};
  const header = db.header ?? {};
  const layers = (db.tables?.LAYER?.entries ?? []).map((layer: any) => ({
    name: String(layer.name),
    color: layerColor(layer),
    off: layer.off === true || layer.colorIndex < 0,
    frozen: layer.frozen === true,
  }));
  const blocks: Drawing['blocks'] = new Map();
  const records = new Map<string, any>();
  for (const record of db.tables?.BLOCK_RECORD?.entries ?? []) {
    records.set(record.handle, record);
    blocks.set(record.name, {
      name: record.name,
      base: pt(record.basePoint),
      entities: entitiesOf(record.entities, null),
    });
  }
  const spaces: DrawingSpace[] = [];
  const modelRecord = [...records.values()].find(
    (record) => String(record.name).toLowerCase() === '*model_space',
  );
  spaces.push({
    name: 'Model',
    kind: 'model-space',
    entities: entitiesOf(modelRecord?.entities ?? [], skipped),
  });
  const layouts = [...(db.objects?.LAYOUT ?? [])]
    .filter((layout: any) => String(layout.layoutName).toLowerCase() !== 'model')
    .sort((a: any, b: any) => (a.tabOrder ?? 0) - (b.tabOrder ?? 0));
  for (const layout of layouts) {
    const record = records.get(layout.paperSpaceTableId);
    spaces.push({
      name: String(layout.layoutName),
      kind: 'layout',
      limits: { min: pt(layout.minLimit), max: pt(layout.maxLimit) },
      entities: entitiesOf(record?.entities ?? [], skipped),
    });
  }
  return {
    insUnits: typeof header.INSUNITS === 'number' ? header.INSUNITS : 0,
    metric: header.MEASUREMENT === undefined ? true : header.MEASUREMENT === 1,
    layers,
    blocks,
    spaces,
    skipped,
  };
}

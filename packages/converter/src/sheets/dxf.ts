/**
 * DXF -> Drawing with dxf-parser (MIT). dxf-parser reads the header, tables, blocks and entities
 * but not HATCH nor the OBJECTS section: a HATCH handler is registered on the parser (boundary
 * paths by their group codes), and the layouts' names, limits and block records are read from
 * the LAYOUT objects' group codes.
 */
import DxfParser from 'dxf-parser';
import type { IDxf, IEntity } from 'dxf-parser';
import { MalformedFileError } from '../errors.ts';
import {
  conicOf,
  type Drawing,
  type DrawingEntity,
  type DrawingSpace,
  type Geometry,
  type Point,
} from './drawing.ts';
/* eslint-disable @typescript-eslint/no-explicit-any -- dxf-parser's entities are loosely typed */
import { HatchHandler, readLayouts } from './dxf-objects.ts';
import { hatchLoops } from './hatch.ts';

function pt(p: { x?: number; y?: number } | undefined): Point {
  return { x: p?.x ?? 0, y: p?.y ?? 0 };
}

type Raw = IEntity & Record<string, unknown>;

/** Lines and curves (null for any other type; a mesh POLYLINE is `none`). */
function curveOf(r: Record<string, any>): Geometry | null {
  let geometry: Geometry;
  switch (String(r.type)) {
    case 'LINE':
      geometry = { kind: 'line', a: pt(r.vertices?.[0]), b: pt(r.vertices?.[1]) };
      break;
    case 'LWPOLYLINE':
      geometry = {
        kind: 'polyline',
        vertices: (r.vertices ?? []).map((v: Record<string, number>) => ({
          ...pt(v),
          bulge: v.bulge ?? 0,
        })),
        closed: !!r.shape,
      };
      break;
    case 'POLYLINE':
      // Polyface and polygon meshes are 3D surfaces (LibreDWG's reader skips them too).
      if (r.isPolyfaceMesh || r.is3dPolygonMesh) return null;
      else {
        geometry = {
          kind: 'polyline',
          vertices: (r.vertices ?? [])
            .filter((v: Record<string, unknown>) => !v.splineControlPoint)
            .map((v: Record<string, number>) => ({ ...pt(v), bulge: v.bulge ?? 0 })),
          closed: !!r.shape,
        };
      }
      break;
    case 'CIRCLE':
    case 'ARC':
    case 'ELLIPSE':
      geometry = conicOf(r)!;
      break;
    case 'SPLINE':
      geometry = {
        kind: 'spline',
        degree: r.degreeOfSplineCurve ?? 3,
        controlPoints: (r.controlPoints ?? []).map(pt),
        knots: r.knotValues ?? [],
        fitPoints: (r.fitPoints ?? []).map(pt),
        closed: !!r.closed,
      };
      break;
    default:
      return null;
  }
  return geometry;
}

/** One dxf-parser entity in the common model (null: a type not converted). */
function entityOf(raw: Raw): DrawingEntity | null {
  const r = raw as Record<string, any>;
  let geometry: Geometry;
  let type = String(r.type);
  const mirrored = (r.extrusionDirectionZ ?? r.extrusionDirection?.z ?? r.extrusionZ ?? 1) < 0;
  const curve = curveOf(r);
  switch (curve ? '' : type) {
    case '':
      geometry = curve!;
      break;
    case 'TEXT':
    case 'ATTRIB': {
      const aligned = (r.halign ?? 0) !== 0 || (r.valign ?? 0) !== 0;
      geometry = {
        kind: 'text',
        text: String(r.text ?? ''),
        position: pt(aligned && r.endPoint ? r.endPoint : r.startPoint),
        height: r.textHeight ?? 0,
        rotation: r.rotation ?? 0,
        widthFactor: r.xScale ?? 1,
        halign: r.halign ?? 0,
        valign: r.valign ?? 0,
        multiline: false,
      };
      break;
    }
    case 'MTEXT': {
      const direction = r.directionVector as Point | undefined;
      geometry = {
        kind: 'text',
        text: String(r.text ?? ''),
        position: pt(r.position),
        height: r.height ?? 0,
        rotation: direction
          ? (Math.atan2(direction.y, direction.x) * 180) / Math.PI
          : (r.rotation ?? 0),
        widthFactor: 1,
        halign: 0,
        valign: 0,
        attachment: r.attachmentPoint ?? 1,
        multiline: true,
      };
      break;
    }
    case 'INSERT':
      geometry = {
        kind: 'insert',
        block: String(r.name ?? ''),
        position: pt(r.position),
        scale: { x: r.xScale ?? 1, y: r.yScale ?? 1 },
        rotation: r.rotation ?? 0,
        columns: r.columnCount ?? 1,
        rows: r.rowCount ?? 1,
        columnSpacing: r.columnSpacing ?? 0,
        rowSpacing: r.rowSpacing ?? 0,
        attributes: [],
      };
      break;
    case 'DIMENSION':
      // Drawn from its anonymous block (*D…), already in drawing coordinates.
      geometry = {
        kind: 'insert',
        block: String(r.block ?? ''),
        position: { x: 0, y: 0 },
        scale: { x: 1, y: 1 },
        rotation: 0,
        columns: 1,
        rows: 1,
        columnSpacing: 0,
        rowSpacing: 0,
        attributes: [],
      };
      break;
    case 'SOLID':
    case '3DFACE': {
      const corners = ((r.points ?? r.vertices ?? []) as Point[]).map(pt);
      // SOLID's third and fourth corners are in zig-zag order.
      if (type === 'SOLID' && corners.length === 4) corners.splice(2, 2, corners[3]!, corners[2]!);
      geometry = { kind: 'face', corners, filled: type === 'SOLID' };
      break;
    }
    case 'POINT':
      geometry = { kind: 'point', at: pt(r.position) };
      break;
    case 'ATTDEF':
      geometry = { kind: 'none' };
      break;
    case 'HATCH':
      geometry = { kind: 'hatch', loops: hatchLoops(r.paths ?? []), solid: !!r.solid };
      break;
    default:
      return null;
  }
  if (type === 'ATTRIB') type = 'TEXT';
  return {
    type,
    layer: String(r.layer ?? '0'),
    colorIndex: typeof r.colorIndex === 'number' ? r.colorIndex : 256,
    trueColor:
      typeof r.trueColor === 'number'
        ? r.trueColor
        : typeof r.color === 'number' && r.colorIndex === undefined
          ? r.color
          : undefined,
    lineweight: typeof r.lineweight === 'number' ? r.lineweight : undefined,
    mirrored,
    geometry,
  };
}

function entitiesOf(raws: Raw[], skipped: Record<string, number>): DrawingEntity[] {
  const out: DrawingEntity[] = [];
  for (const raw of raws) {
    const entity = entityOf(raw);
    if (entity) out.push(entity);
    else skipped[String(raw.type)] = (skipped[String(raw.type)] ?? 0) + 1;
  }
  return out;
}

export function readDxf(text: string): Drawing {
  const parser = new DxfParser();
  parser.registerEntityHandler(HatchHandler as never);
  let dxf: IDxf | null;
  try {
    dxf = parser.parseSync(text);
  } catch (error) {
    throw new MalformedFileError(
      `The DXF file could not be read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!dxf) throw new MalformedFileError('The DXF file could not be read.');
  const skipped: Record<string, number> = {};
  const header = (dxf.header ?? {}) as Record<string, unknown>;
  const layers = Object.values(dxf.tables?.layer?.layers ?? {}).map((layer) => {
    const l = layer as unknown as Record<string, unknown>;
    return {
      name: String(l.name),
      color: typeof l.color === 'number' ? l.color : 0xffffff,
      off: l.visible === false,
      frozen: l.frozen === true,
    };
  });
  const blocks = new Map<string, Drawing['blocks'] extends Map<string, infer B> ? B : never>();
  const blockByRecord = new Map<string, string>();
  for (const block of Object.values(dxf.blocks ?? {})) {
    blocks.set(block.name, {
      name: block.name,
      base: pt(block.position),
      entities: entitiesOf((block.entities ?? []) as Raw[], {}),
    });
    if (block.ownerHandle) blockByRecord.set(block.ownerHandle, block.name);
  }
  const all = (dxf.entities ?? []) as Raw[];
  const model: DrawingSpace = {
    name: 'Model',
    kind: 'model-space',
    entities: entitiesOf(
      all.filter((e) => !e.inPaperSpace),
      skipped,
    ),
  };
  const activePaper = all.filter((e) => e.inPaperSpace);
  const spaces: DrawingSpace[] = [model];
  const layouts = readLayouts(text)
    .filter((layout) => layout.name.toLowerCase() !== 'model')
    .sort((a, b) => a.tabOrder - b.tabOrder);
  for (const layout of layouts) {
    const blockName = blockByRecord.get(layout.blockRecord) ?? '';
    const block = blocks.get(blockName);
    const raws = blockName.toLowerCase() === '*paper_space' ? activePaper : [];
    const entities = [
      ...entitiesOf(raws, skipped),
      ...(blockName.toLowerCase() === '*paper_space' ? [] : (block?.entities ?? [])),
    ];
    spaces.push({
      name: layout.name,
      kind: 'layout',
      limits: { min: layout.min, max: layout.max },
      entities,
    });
  }
  return {
    insUnits: typeof header.$INSUNITS === 'number' ? header.$INSUNITS : 0,
    metric: header.$MEASUREMENT === undefined ? true : header.$MEASUREMENT === 1,
    layers,
    blocks,
    spaces,
    skipped,
  };
}

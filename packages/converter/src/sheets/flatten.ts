/**
 * A Drawing's spaces -> vector sheets: blocks expanded with their transforms (layer 0 and "by
 * block" colours taking the insert's), curves tessellated finely enough for 1:1, texts kept as
 * text, solid hatches as filled polygons.
 */
import type { SheetLayer, SheetPath, SheetText, VectorSheet } from '@truss/viewable';
import { SHEETS_VERSION } from '@truss/viewable';
import AutoCadColorIndex from 'dxf-parser/dist/AutoCadColorIndex.js';
import type { Drawing, DrawingEntity, DrawingSpace, Geometry, Point } from './drawing.ts';
import { arcPoints, polylinePoints, splinePoints, TOLERANCE } from './tessellate.ts';

/** An affine 2D transform: x' = a x + c y + e, y' = b x + d y + f. */
type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** Nested inserts deeper than this are cut (a block that contains itself). */
const MAX_DEPTH = 16;
/** Bounds the work of one sheet: paths past this fail the conversion as too large. */
const MAX_PATHS = 2_000_000;
const MIN_LINE_WIDTH_MM = 0.05;

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** `#rrggbb` of an AutoCAD colour index (1..255). */
export function aciToHex(index: number): string {
  const rgb = (AutoCadColorIndex as number[])[Math.abs(index)] ?? 0xffffff;
  return rgbToHex(rgb);
}

export function rgbToHex(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

export class TooManyPathsError extends Error {}

interface Inherited {
  layer: number;
  color: string;
}

/** Removes DXF MTEXT formatting (\P new line, {\f…;}, \H…;, %%c …) and returns its lines. */
export function plainTextLines(text: string, multiline: boolean): string[] {
  let value = text
    .replace(/%%[cC]/g, 'Ø')
    .replace(/%%[dD]/g, '°')
    .replace(/%%[pP]/g, '±')
    .replace(/%%[uUoO]/g, '');
  if (multiline) {
    value = value
      .replace(/\\[Pp]/g, '\n')
      .replace(/\\[ACcFfHhQTtWw][^;\\{}]*;/g, '')
      .replace(/\\S([^;]*)[#^/]([^;]*);/g, '$1/$2')
      .replace(/\\[LlOoKk]/g, '')
      .replace(/\\~/g, ' ')
      .replace(/\\([\\{}])/g, '$1')
      .replace(/[{}]/g, '');
  }
  return value.split('\n').map((line) => line.replace(/\s+$/, ''));
}

/** Width of a text of `chars` characters at cap height `height` (no font metrics at hand). */
function estimatedWidth(chars: number, height: number, widthFactor: number): number {
  return chars * height * 0.8 * widthFactor;
}

/** The extent of a space's own entities (inserts by their position only): the scale of it. */
function roughExtent(space: DrawingSpace): number {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const see = (p: Point) => {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  };
  for (const { geometry: g } of space.entities) {
    if (g.kind === 'line') {
      see(g.a);
      see(g.b);
    } else if (g.kind === 'polyline') g.vertices.forEach(see);
    else if (g.kind === 'circle' || g.kind === 'arc') {
      see({ x: g.center.x - g.radius, y: g.center.y - g.radius });
      see({ x: g.center.x + g.radius, y: g.center.y + g.radius });
    } else if (g.kind === 'text' || g.kind === 'insert') see(g.position);
  }
  const extent = Math.max(maxX - minX, maxY - minY);
  return Number.isFinite(extent) && extent > 0 ? extent : 0;
}

interface SheetBuild {
  paths: SheetPath[];
  texts: VectorSheet['texts'];
  bounds: [number, number, number, number];
  /** Scale applied to every coordinate (inches of paper to mm). */
  unitScale: number;
}

export class SheetFlattener {
  readonly layers: SheetLayer[];
  readonly #layerIndex = new Map<string, number>();
  readonly #drawing: Drawing;
  /** Chord error of the current sheet, sheet units. */
  #tolerance = 0;

  constructor(drawing: Drawing) {
    this.#drawing = drawing;
    this.layers = drawing.layers.map((layer) => ({
      name: layer.name,
      visible: !layer.off && !layer.frozen,
      color: rgbToHex(layer.color),
    }));
    this.layers.forEach((layer, index) => this.#layerIndex.set(layer.name, index));
  }

  #layer(name: string): number {
    let index = this.#layerIndex.get(name);
    if (index === undefined) {
      // Entities on a layer the table lacks: a visible white layer, as CAD programs show it.
      index = this.layers.length;
      this.layers.push({ name, visible: true, color: '#ffffff' });
      this.#layerIndex.set(name, index);
    }
    return index;
  }

  /** One space as a vector sheet: its paths and texts in sheet units, and their bounds. */
  flatten(space: DrawingSpace, transform: Matrix = IDENTITY, unitScale = 1): SheetBuild {
    const build: SheetBuild = {
      paths: [],
      texts: [],
      bounds: [Infinity, Infinity, -Infinity, -Infinity],
      unitScale,
    };
    const m = multiply([unitScale, 0, 0, unitScale, 0, 0], transform);
    this.#tolerance = roughExtent(space) * unitScale * TOLERANCE;
    for (const entity of space.entities) this.#entity(build, entity, m, null, 0);
    return build;
  }

  #entity(
    build: SheetBuild,
    entity: DrawingEntity,
    m: Matrix,
    inherited: Inherited | null,
    depth: number,
  ): void {
    const layerName = entity.layer === '0' && inherited ? null : entity.layer;
    const layer = layerName === null ? inherited!.layer : this.#layer(layerName);
    let color: string;
    if (entity.trueColor !== undefined) color = rgbToHex(entity.trueColor);
    else if (entity.colorIndex === 0) color = inherited?.color ?? '#ffffff';
    else if (entity.colorIndex === 256 || entity.colorIndex < 0) {
      color = layerName === null ? inherited!.color : (this.layers[layer]?.color ?? '#ffffff');
    } else color = aciToHex(entity.colorIndex);
    const weight =
      entity.lineweight !== undefined && entity.lineweight > 0
        ? Math.max(entity.lineweight / 100, MIN_LINE_WIDTH_MM)
        : 0;
    const local: Matrix = entity.mirrored ? multiply(m, [-1, 0, 0, 1, 0, 0]) : m;
    // The sheet's chord error in the entity's own units (inserts scale it).
    const tol =
      this.#tolerance / (Math.sqrt(Math.abs(local[0] * local[3] - local[1] * local[2])) || 1);
    const g = entity.geometry;
    const add = (points: number[], closed: boolean, fill: boolean) => {
      if (points.length < 4) return;
      const out = new Array<number>(points.length);
      for (let i = 0; i + 1 < points.length; i += 2) {
        const [x, y] = apply(local, points[i]!, points[i + 1]!);
        out[i] = x;
        out[i + 1] = y;
        this.#extend(build, x, y);
      }
      if (build.paths.length >= MAX_PATHS) {
        throw new TooManyPathsError(`A sheet has more than ${MAX_PATHS} paths.`);
      }
      build.paths.push({
        layer,
        points: out,
        closed,
        stroke: fill ? null : color,
        fill: fill ? color : null,
        // Line weights are millimetres of paper; in model space they stay hairlines.
        width: weight * (build.unitScale === 1 ? 0 : 1),
      });
    };
    switch (g.kind) {
      case 'line':
        add([g.a.x, g.a.y, g.b.x, g.b.y], false, false);
        return;
      case 'polyline':
        add(polylinePoints(g.vertices, g.closed, tol), g.closed, false);
        return;
      case 'circle': {
        const points = arcPoints(
          g.center.x,
          g.center.y,
          { x: g.radius, y: 0 },
          1,
          0,
          2 * Math.PI,
          tol,
        );
        points.splice(points.length - 2, 2);
        add(points, true, false);
        return;
      }
      case 'arc':
        add(
          arcPoints(g.center.x, g.center.y, { x: g.radius, y: 0 }, 1, g.start, g.end, tol),
          false,
          false,
        );
        return;
      case 'ellipse': {
        const full = Math.abs(g.end - g.start - 2 * Math.PI) < 1e-9 || g.end === g.start;
        const end = full ? g.start + 2 * Math.PI : g.end;
        const points = arcPoints(g.center.x, g.center.y, g.major, g.ratio, g.start, end, tol);
        if (full) points.splice(points.length - 2, 2);
        add(points, full, false);
        return;
      }
      case 'spline':
        add(splinePoints(g), g.closed, false);
        return;
      case 'face':
        add(
          g.corners.flatMap((p) => [p.x, p.y]),
          true,
          g.filled,
        );
        return;
      case 'point':
        return; // a point marker is not drawn (PDMODE 0 draws a dot one pixel wide)
      case 'hatch':
        if (!g.solid) return; // pattern hatches: boundary only in the source, not drawn here
        for (const loop of g.loops)
          add(
            loop.flatMap((p) => [p.x, p.y]),
            true,
            true,
          );
        return;
      case 'text':
        this.#text(build, g, local, layer, color);
        return;
      case 'insert': {
        for (const attribute of g.attributes) {
          this.#entity(build, attribute, m, { layer, color }, depth + 1);
        }
        const block = this.#drawing.blocks.get(g.block);
        if (!block || depth >= MAX_DEPTH) return;
        const rad = (g.rotation * Math.PI) / 180;
        const cos = Math.cos(rad);
        const sin = Math.sin(rad);
        const base: Matrix = [1, 0, 0, 1, -block.base.x, -block.base.y];
        const scaled: Matrix = [g.scale.x, 0, 0, g.scale.y, 0, 0];
        const rotated: Matrix = [cos, sin, -sin, cos, 0, 0];
        const columns = Math.max(1, Math.min(g.columns, 1000));
        const rows = Math.max(1, Math.min(g.rows, 1000));
        for (let row = 0; row < rows; row++) {
          for (let column = 0; column < columns; column++) {
            // Array cells step along the insert's rotated axes.
            const [ox, oy] = apply(rotated, column * g.columnSpacing, row * g.rowSpacing);
            const placed: Matrix = [1, 0, 0, 1, g.position.x + ox, g.position.y + oy];
            const child = multiply(
              local,
              multiply(placed, multiply(rotated, multiply(scaled, base))),
            );
            for (const inner of block.entities) {
              this.#entity(build, inner, child, { layer, color }, depth + 1);
            }
          }
        }
        return;
      }
      case 'none':
        return;
    }
  }

  #text(
    build: SheetBuild,
    g: Extract<Geometry, { kind: 'text' }>,
    m: Matrix,
    layer: number,
    color: string,
  ): void {
    const lines = plainTextLines(g.text, g.multiline);
    if (!(g.height > 0) || lines.every((line) => !line.trim())) return;
    const spacing = (g.height * 5) / 3;
    const widest = Math.max(
      ...lines.map((line) => estimatedWidth(line.length, g.height, g.widthFactor)),
    );
    // Offset of the first line's baseline-left from `position`, in the text's own axes.
    let dx = 0;
    let dy = 0;
    if (g.attachment) {
      const column = (g.attachment - 1) % 3;
      const row = Math.floor((g.attachment - 1) / 3);
      const total = g.height + spacing * (lines.length - 1);
      dx = -widest * (column / 2);
      dy = row === 0 ? -g.height : row === 1 ? total / 2 - g.height : total - g.height;
    } else {
      const width = estimatedWidth(lines[0]!.length, g.height, g.widthFactor);
      if (g.halign === 1 || g.halign === 4) dx = -width / 2;
      else if (g.halign === 2) dx = -width;
      if (g.valign === 1) dy = 0;
      else if (g.valign === 2 || g.halign === 4) dy = -g.height / 2;
      else if (g.valign === 3) dy = -g.height;
    }
    const rad = (g.rotation * Math.PI) / 180;
    const cos = Math.cos(rad);
    const sin = Math.sin(rad);
    const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])) || 1;
    const angle = (Math.atan2(m[1], m[0]) * 180) / Math.PI + g.rotation;
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const lx = dx;
      const ly = dy - index * spacing;
      const [x, y] = apply(
        m,
        g.position.x + lx * cos - ly * sin,
        g.position.y + lx * sin + ly * cos,
      );
      const text: SheetText & { color: string } = {
        text: line,
        x,
        y,
        width: estimatedWidth(line.length, g.height, g.widthFactor) * scale,
        height: g.height * scale,
        rotation: Math.round(angle * 1000) / 1000,
        layer,
        color,
      };
      build.texts.push(text);
      const r = (angle * Math.PI) / 180;
      this.#extend(build, x, y);
      this.#extend(build, x + text.width * Math.cos(r), y + text.width * Math.sin(r));
      this.#extend(build, x - text.height * Math.sin(r), y + text.height * Math.cos(r));
    });
  }

  #extend(build: SheetBuild, x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const b = build.bounds;
    if (x < b[0]) b[0] = x;
    if (y < b[1]) b[1] = y;
    if (x > b[2]) b[2] = x;
    if (y > b[3]) b[3] = y;
  }
}

/** Rounds coordinates to 1/1000 of a unit at most 7 significant digits: smaller JSON. */
export function toVectorSheet(
  build: SheetBuild,
  bounds: [number, number, number, number],
): VectorSheet {
  const round = (v: number) => Math.round(v * 1e4) / 1e4 + 0;
  return {
    version: SHEETS_VERSION,
    bounds: bounds.map(round) as VectorSheet['bounds'],
    paths: build.paths.map((path) => ({ ...path, points: path.points.map(round) })),
    texts: build.texts.map((text) => ({
      ...text,
      x: round(text.x),
      y: round(text.y),
      width: round(text.width),
      height: round(text.height),
    })),
  };
}

export { IDENTITY, type Matrix, type SheetBuild };

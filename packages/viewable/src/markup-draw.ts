/**
 * Markup (red-lines) geometry and drawing, shared by the browser (the markup layer over the 3D
 * view and the sheet view, through @truss/viewer/markup) and the server (the BCF export draws the
 * markup into the snapshot with @napi-rs/canvas). No DOM, no Node: only a 2D context's methods.
 *
 * A markup lives in its own space (contracts' markup.ts): a sheet's units (y up) or 0..1 of the
 * 3D view's frame (y down, the frame of the aspect it was drawn at). `MarkupMapping` takes a point of that space to device pixels and
 * says how many device pixels one unit of length is; every size (line width, text size, cloud
 * scallops, arrow heads) is derived from mapped lengths, so a markup looks the same at any zoom
 * and in a snapshot of any size.
 */

export type MarkupPoint = [number, number];

interface Stroke {
  color: string;
  lineWidth: number;
}
/** The shapes of contracts' `MarkupShape` (structurally: this package depends on no other). */
export type MarkupShapeLike = Stroke &
  (
    | { type: 'arrow' | 'cloud' | 'rectangle' | 'ellipse'; from: MarkupPoint; to: MarkupPoint }
    | { type: 'text'; at: MarkupPoint; text: string; size: number }
    | { type: 'freehand'; points: MarkupPoint[] }
  );

export interface MarkupMapping {
  toDevice(point: MarkupPoint): MarkupPoint;
  /** Device pixels per unit of length (line widths, text sizes). */
  scale: number;
}

/**
 * The frame a 3D markup was drawn in, inside a `width` x `height` view: the largest box of the
 * markup's `aspect` (width / height of the view it was drawn on) centred in it, as the camera
 * shows that view at another aspect (vertical field of view kept on a wider screen; a narrower
 * screen widens it so the whole frame shows: see the web's fromViewState). Without an aspect
 * (markup saved before it was kept) the frame is the whole view.
 */
export function viewFrame(
  width: number,
  height: number,
  aspect?: number | null,
): { x: number; y: number; width: number; height: number } {
  if (!aspect || !(aspect > 0) || !Number.isFinite(aspect) || !(height > 0)) {
    return { x: 0, y: 0, width, height };
  }
  const fitted =
    width / height > aspect ? { w: height * aspect, h: height } : { w: width, h: width / aspect };
  return {
    x: (width - fitted.w) / 2,
    y: (height - fitted.h) / 2,
    width: fitted.w,
    height: fitted.h,
  };
}

/**
 * The 3D view's space: x and y in 0..1 of the markup's frame (`viewFrame`) in a width x height
 * image, lengths in the frame's widths. A shape keeps its proportions on any screen.
 */
export function viewMapping(width: number, height: number, aspect?: number | null): MarkupMapping {
  const frame = viewFrame(width, height, aspect);
  return {
    toDevice: ([x, y]) => [frame.x + x * frame.width, frame.y + y * frame.height],
    scale: frame.width,
  };
}

/** A sheet's space (y up) seen through a sheet view (device pixels per unit, origin in pixels). */
export function sheetMapping(view: { scale: number; x: number; y: number }): MarkupMapping {
  return {
    toDevice: ([x, y]) => [view.x + x * view.scale, view.y - y * view.scale],
    scale: view.scale,
  };
}

/** The inverse of `viewMapping`/`sheetMapping`: a device point back into the markup's space. */
export function fromDevice(
  space:
    | { kind: 'view'; width: number; height: number; aspect?: number | null }
    | ({ kind: 'sheet' } & SheetViewLike),
  [px, py]: MarkupPoint,
): MarkupPoint {
  if (space.kind === 'view') {
    const frame = viewFrame(space.width, space.height, space.aspect);
    return [(px - frame.x) / frame.width, (py - frame.y) / frame.height];
  }
  return [(px - space.x) / space.scale, (space.y - py) / space.scale];
}
interface SheetViewLike {
  scale: number;
  x: number;
  y: number;
}

/**
 * A revision cloud around the box of two device corners: scallops (half circles bulging
 * outwards) of about `scallop` pixels along each edge, as one closed polyline (clockwise on
 * screen), `segments` points per scallop.
 */
export function cloudOutline(
  a: MarkupPoint,
  b: MarkupPoint,
  scallop: number,
  segments = 8,
): MarkupPoint[] {
  const [x0, x1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
  const [y0, y1] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
  const corners: MarkupPoint[] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  const out: MarkupPoint[] = [];
  for (let e = 0; e < 4; e++) {
    const [sx, sy] = corners[e]!;
    const [ex, ey] = corners[(e + 1) % 4]!;
    const length = Math.hypot(ex - sx, ey - sy);
    const count = Math.max(1, Math.round(length / Math.max(scallop, 1e-9)));
    // The outward normal of a clockwise (on screen, y down) edge is its direction turned left.
    const dx = (ex - sx) / (length || 1);
    const dy = (ey - sy) / (length || 1);
    const nx = dy;
    const ny = -dx;
    const r = length / count / 2;
    for (let i = 0; i < count; i++) {
      const cx = sx + dx * r * (2 * i + 1);
      const cy = sy + dy * r * (2 * i + 1);
      for (let s = 0; s < segments; s++) {
        // From the scallop's start (-direction) over the outside (normal) to its end.
        const t = Math.PI - (Math.PI * s) / segments;
        out.push([
          cx + r * (dx * Math.cos(t) + nx * Math.sin(t)),
          cy + r * (dy * Math.cos(t) + ny * Math.sin(t)),
        ]);
      }
    }
  }
  return out;
}

/** The two barbs of an arrow head at `to`, `size` pixels long, 25 degrees off the shaft. */
export function arrowHead(
  from: MarkupPoint,
  to: MarkupPoint,
  size: number,
): [MarkupPoint, MarkupPoint] {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const spread = (25 * Math.PI) / 180;
  const barb = (a: number): MarkupPoint => [to[0] - size * Math.cos(a), to[1] - size * Math.sin(a)];
  return [barb(angle - spread), barb(angle + spread)];
}

/**
 * A hand-drawn stroke smoothed: Chaikin's corner cutting, `rounds` times (each doubles the
 * points and takes the jitter of a mouse or a finger out), ends kept where they were.
 */
export function smoothStroke(points: readonly MarkupPoint[], rounds = 2): MarkupPoint[] {
  let current = points.slice();
  for (let round = 0; round < rounds && current.length > 2; round++) {
    const next: MarkupPoint[] = [current[0]!];
    for (let i = 0; i < current.length - 1; i++) {
      const [ax, ay] = current[i]!;
      const [bx, by] = current[i + 1]!;
      next.push([0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by]);
      next.push([0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by]);
    }
    next.push(current[current.length - 1]!);
    current = next;
  }
  return current;
}

/**
 * Widths along a stroke as a pen's pressure would give them: thinner where the hand moved fast,
 * fuller where it slowed, tapered at both ends. One factor per segment (0.45..1.25 of the width),
 * eased from segment to segment so the line swells rather than steps.
 */
export function strokeWidths(points: readonly MarkupPoint[], width: number): number[] {
  const n = points.length - 1;
  if (n < 1) return [];
  const lengths: number[] = [];
  for (let i = 0; i < n; i++) {
    lengths.push(Math.hypot(points[i + 1]![0] - points[i]![0], points[i + 1]![1] - points[i]![1]));
  }
  const mean = lengths.reduce((s, l) => s + l, 0) / n || 1;
  const widths: number[] = [];
  let eased = 1;
  for (let i = 0; i < n; i++) {
    const speed = lengths[i]! / mean;
    const target = Math.min(1.25, Math.max(0.45, 1.35 - 0.4 * speed));
    eased = i === 0 ? target : eased + (target - eased) * 0.35;
    const taper = Math.min(
      1,
      0.35 + (0.65 * Math.min(i + 1, n - i)) / Math.min(4, Math.ceil(n / 2)),
    );
    widths.push(width * eased * taper);
  }
  return widths;
}

/** What `drawMarkup` uses of a CanvasRenderingContext2D (the browser's or @napi-rs/canvas's). */
export interface MarkupDrawContext {
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  lineJoin: string;
  lineCap: string;
  font: string;
  textBaseline: string;
  save(): void;
  restore(): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rotation: number,
    start: number,
    end: number,
  ): void;
  fillText(text: string, x: number, y: number): void;
}

function polyline(ctx: MarkupDrawContext, points: readonly MarkupPoint[], closed: boolean): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
  ctx.stroke();
}

/** Scallop size of a cloud: a fifth of its shorter side, within 4 and 14 line widths. */
export function cloudScallop(a: MarkupPoint, b: MarkupPoint, lineWidth: number): number {
  const short = Math.min(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
  return Math.min(Math.max(short / 5, lineWidth * 4), lineWidth * 14);
}

/** One shape, mapped to device pixels. */
export function drawShape(
  ctx: MarkupDrawContext,
  shape: MarkupShapeLike,
  map: MarkupMapping,
): void {
  const width = Math.max(shape.lineWidth * map.scale, 0.5);
  ctx.save();
  ctx.strokeStyle = shape.color;
  ctx.fillStyle = shape.color;
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  switch (shape.type) {
    case 'arrow': {
      const from = map.toDevice(shape.from);
      const to = map.toDevice(shape.to);
      polyline(ctx, [from, to], false);
      const [left, right] = arrowHead(from, to, Math.max(width * 5, 8));
      polyline(ctx, [left, to, right], false);
      break;
    }
    case 'rectangle': {
      const [x0, y0] = map.toDevice(shape.from);
      const [x1, y1] = map.toDevice(shape.to);
      polyline(
        ctx,
        [
          [x0, y0],
          [x1, y0],
          [x1, y1],
          [x0, y1],
        ],
        true,
      );
      break;
    }
    case 'cloud': {
      const a = map.toDevice(shape.from);
      const b = map.toDevice(shape.to);
      polyline(ctx, cloudOutline(a, b, cloudScallop(a, b, width)), true);
      break;
    }
    case 'ellipse': {
      const [x0, y0] = map.toDevice(shape.from);
      const [x1, y1] = map.toDevice(shape.to);
      ctx.beginPath();
      ctx.ellipse(
        (x0 + x1) / 2,
        (y0 + y1) / 2,
        Math.abs(x1 - x0) / 2,
        Math.abs(y1 - y0) / 2,
        0,
        0,
        2 * Math.PI,
      );
      ctx.stroke();
      break;
    }
    case 'text': {
      const [x, y] = map.toDevice(shape.at);
      const size = Math.max(shape.size * map.scale, 1);
      ctx.font = `${size}px sans-serif`;
      ctx.textBaseline = 'top';
      shape.text.split('\n').forEach((line, i) => ctx.fillText(line, x, y + i * size * 1.2));
      break;
    }
    case 'freehand': {
      const points = smoothStroke(shape.points.map((p) => map.toDevice(p)));
      const widths = strokeWidths(points, width);
      for (let i = 0; i < widths.length; i++) {
        ctx.lineWidth = widths[i]!;
        polyline(ctx, [points[i]!, points[i + 1]!], false);
      }
      break;
    }
  }
  ctx.restore();
}

export function drawMarkup(
  ctx: MarkupDrawContext,
  shapes: readonly MarkupShapeLike[],
  map: MarkupMapping,
): void {
  for (const shape of shapes) drawShape(ctx, shape, map);
}

/** The box of a shape in its own space (for fitting a sheet's crop around a markup). */
export function shapeBounds(shape: MarkupShapeLike): [number, number, number, number] {
  const points =
    shape.type === 'freehand'
      ? shape.points
      : shape.type === 'text'
        ? [shape.at]
        : [shape.from, shape.to];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * A small software rasterizer for the model thumbnail (no GPU on the servers): orthographic iso
 * view, z-buffer, flat shading by material colour times the vertex colours (interpolated, as the
 * viewer draws COLOR_0), 2x supersampling, transparent background.
 * Written as flat loops over typed arrays (no per-pixel closures or allocations): the thumbnail
 * is part of every conversion's time, so it must stay in the tens of milliseconds.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { linearToSrgb, srgbToLinear, type SceneMaterial } from '../scene.ts';
import { encodePng } from './png.ts';
import type { PreparedBatch, PreparedScene } from './prepare.ts';
import { emptyTransform, type InstanceTransform } from './instance-list.ts';

/** What the thumbnail draws: the batches may be built one at a time as they are drawn. */
type ThumbnailScene = Pick<PreparedScene, 'bbox' | 'instanceGroups'> & {
  batches: Iterable<PreparedBatch>;
};

export { encodePng };

interface ThumbnailOptions {
  width: number;
  height: number;
  /** Stop drawing after this many triangles (thumbnails of huge models stay fast). */
  maxTriangles: number;
}

const DEFAULT_THUMBNAIL: ThumbnailOptions = {
  width: 512,
  height: 384,
  maxTriangles: 3_000_000,
};

const SUPERSAMPLE = 2;

type Vec3 = [number, number, number];

/** The view: screen x/y/depth as affine functions of world coordinates. */
interface View {
  /** Rows of a 3x4 matrix: screen = M * (x, y, z, 1). */
  m: Float64Array;
  light: Vec3;
  toward: Vec3;
}

function makeView(prepared: ThumbnailScene, width: number, height: number): View {
  // Looking from (+1, +0.8, +1) towards the model centre, Y up.
  const view = normalise([1, 0.8, 1]);
  const right = normalise(cross([0, 1, 0], view));
  const up = cross(view, right);
  const box = prepared.bbox ?? [0, 0, 0, 1, 1, 1];
  const centre: Vec3 = [(box[0] + box[3]) / 2, (box[1] + box[4]) / 2, (box[2] + box[5]) / 2];
  let extentX = 1e-9;
  let extentY = 1e-9;
  for (let corner = 0; corner < 8; corner++) {
    const p: Vec3 = [
      (corner & 1 ? box[3] : box[0]) - centre[0],
      (corner & 2 ? box[4] : box[1]) - centre[1],
      (corner & 4 ? box[5] : box[2]) - centre[2],
    ];
    extentX = Math.max(extentX, Math.abs(dot(p, right)));
    extentY = Math.max(extentY, Math.abs(dot(p, up)));
  }
  const scale = 0.9 * Math.min(width / 2 / extentX, height / 2 / extentY);
  const m = new Float64Array(12);
  // sx = w/2 + scale * right.(p - c); sy = h/2 - scale * up.(p - c); depth = -view.(p - c)
  const rows: [Vec3, number, number][] = [
    [right, scale, width / 2],
    [up, -scale, height / 2],
    [view, -1, 0],
  ];
  rows.forEach(([axis, factor, offset], row) => {
    m[row * 4] = axis[0] * factor;
    m[row * 4 + 1] = axis[1] * factor;
    m[row * 4 + 2] = axis[2] * factor;
    m[row * 4 + 3] = offset - factor * dot(axis, centre);
  });
  return { m, light: normalise([0.4, 1, 0.6]), toward: view };
}

export function renderThumbnail(
  prepared: ThumbnailScene,
  materials: SceneMaterial[],
  options: ThumbnailOptions = DEFAULT_THUMBNAIL,
): Uint8Array {
  const width = options.width * SUPERSAMPLE;
  const height = options.height * SUPERSAMPLE;
  const depth = new Float32Array(width * height).fill(Infinity);
  const colour = new Float32Array(width * height * 3);
  const coverage = new Uint8Array(width * height);
  const { m, light, toward } = makeView(prepared, width, height);
  let budget = options.maxTriangles;
  let world = new Float32Array(0);
  let screen = new Float32Array(0);

  /**
   * Draws positions (transformed by the 3x4 row-major `local`, or as they are) with flat shading;
   * linear RGBA `colors` per vertex multiply the material colour, like the viewer's COLOR_0.
   */
  const draw = (
    positions: Float32Array,
    indices: Uint32Array,
    material: SceneMaterial | undefined,
    local: Float64Array | null,
    colors: Float32Array | null,
  ) => {
    if (budget <= 0) return;
    const base = material ? shadeColour(material) : [0.6, 0.6, 0.6, 1];
    const count = positions.length / 3;
    if (world.length < count * 3) {
      world = new Float32Array(count * 3);
      screen = new Float32Array(count * 3);
    }
    for (let v = 0; v < count; v++) {
      let x = positions[v * 3]!;
      let y = positions[v * 3 + 1]!;
      let z = positions[v * 3 + 2]!;
      if (local) {
        const lx = x,
          ly = y,
          lz = z;
        x = local[0]! * lx + local[1]! * ly + local[2]! * lz + local[3]!;
        y = local[4]! * lx + local[5]! * ly + local[6]! * lz + local[7]!;
        z = local[8]! * lx + local[9]! * ly + local[10]! * lz + local[11]!;
      }
      world[v * 3] = x;
      world[v * 3 + 1] = y;
      world[v * 3 + 2] = z;
      screen[v * 3] = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
      screen[v * 3 + 1] = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
      screen[v * 3 + 2] = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
    }
    const triangles = Math.min(indices.length / 3, budget);
    budget -= triangles;
    for (let t = 0; t < triangles; t++) {
      const a = indices[t * 3]! * 3;
      let b = indices[t * 3 + 1]! * 3;
      let c = indices[t * 3 + 2]! * 3;
      const ax = screen[a]!,
        ay = screen[a + 1]!;
      let bx = screen[b]!,
        by = screen[b + 1]!,
        cx = screen[c]!,
        cy = screen[c + 1]!;
      let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
      if (area > -1e-12 && area < 1e-12) continue;
      const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
      const maxX = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
      const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
      const maxY = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
      if (minX > maxX || minY > maxY) continue;
      // Flat shading from the world-space face normal, lit from both sides.
      const e1x = world[b]! - world[a]!,
        e1y = world[b + 1]! - world[a + 1]!,
        e1z = world[b + 2]! - world[a + 2]!;
      const e2x = world[c]! - world[a]!,
        e2y = world[c + 1]! - world[a + 1]!,
        e2z = world[c + 2]! - world[a + 2]!;
      const nx = e1y * e2z - e1z * e2y,
        ny = e1z * e2x - e1x * e2z,
        nz = e1x * e2y - e1y * e2x;
      const length = Math.hypot(nx, ny, nz) || 1;
      const facing = nx * toward[0] + ny * toward[1] + nz * toward[2] < 0 ? -1 : 1;
      const lit = (facing * (nx * light[0] + ny * light[1] + nz * light[2])) / length;
      const shade = 0.35 + 0.65 * Math.max(0, lit);
      const r = base[0]! * shade,
        g = base[1]! * shade,
        bl = base[2]! * shade;
      if (area < 0) {
        // Counter-clockwise on screen: swap two corners so the edge functions are positive inside.
        [b, c] = [c, b];
        [bx, by, cx, cy] = [cx, cy, bx, by];
        area = -area;
      }
      const az = screen[a + 2]!,
        bz = screen[b + 2]!,
        cz = screen[c + 2]!;
      const inv = 1 / area;
      // Edge functions w(px, py) = A * px + B * py + C, normalised by the area.
      const a0 = (by - cy) * inv,
        b0 = (cx - bx) * inv,
        c0 = (bx * cy - by * cx) * inv;
      const a1 = (cy - ay) * inv,
        b1 = (ax - cx) * inv,
        c1 = (cx * ay - cy * ax) * inv;
      // w2 = 1 - w0 - w1 = a2 * px + b2 * py + c2.
      const a2 = -a0 - a1,
        b2 = -b0 - b1,
        c2 = 1 - c0 - c1;
      // Depth is affine in screen space too: z = dzx * px + dzy * py + dz0.
      const dzx = a0 * az + a1 * bz + a2 * cz,
        dzy = b0 * az + b1 * bz + b2 * cz,
        dz0 = c0 * az + c1 * bz + c2 * cz;
      // Vertex colours are affine in screen space the same way (a, b, c index RGBA by / 3 * 4).
      let crx = 0,
        cry = 0,
        cr0 = 0,
        cgx = 0,
        cgy = 0,
        cg0 = 0,
        cbx = 0,
        cby = 0,
        cb0 = 0;
      if (colors) {
        const ca = (a / 3) * 4,
          cb = (b / 3) * 4,
          cc = (c / 3) * 4;
        const plane = (k: number): [number, number, number] => [
          a0 * colors[ca + k]! + a1 * colors[cb + k]! + a2 * colors[cc + k]!,
          b0 * colors[ca + k]! + b1 * colors[cb + k]! + b2 * colors[cc + k]!,
          c0 * colors[ca + k]! + c1 * colors[cb + k]! + c2 * colors[cc + k]!,
        ];
        [crx, cry, cr0] = plane(0);
        [cgx, cgy, cg0] = plane(1);
        [cbx, cby, cb0] = plane(2);
      }
      for (let y = minY; y <= maxY; y++) {
        const py = y + 0.5;
        // The row's span: where all three edge functions are >= 0 (pixel centres at x + 0.5).
        let lo = minX;
        let hi = maxX;
        const r0 = b0 * py + c0,
          r1 = b1 * py + c1,
          r2 = b2 * py + c2;
        if (a0 > 0) lo = Math.max(lo, Math.ceil(-r0 / a0 - 0.5));
        else if (a0 < 0) hi = Math.min(hi, Math.floor(-r0 / a0 - 0.5));
        else if (r0 < 0) continue;
        if (a1 > 0) lo = Math.max(lo, Math.ceil(-r1 / a1 - 0.5));
        else if (a1 < 0) hi = Math.min(hi, Math.floor(-r1 / a1 - 0.5));
        else if (r1 < 0) continue;
        if (a2 > 0) lo = Math.max(lo, Math.ceil(-r2 / a2 - 0.5));
        else if (a2 < 0) hi = Math.min(hi, Math.floor(-r2 / a2 - 0.5));
        else if (r2 < 0) continue;
        let z = dzx * (lo + 0.5) + dzy * py + dz0;
        for (let x = lo, index = y * width + lo; x <= hi; x++, index++, z += dzx) {
          if (z >= depth[index]!) continue;
          depth[index] = z;
          if (colors) {
            const px = x + 0.5;
            colour[index * 3] = r * (crx * px + cry * py + cr0);
            colour[index * 3 + 1] = g * (cgx * px + cgy * py + cg0);
            colour[index * 3 + 2] = bl * (cbx * px + cby * py + cb0);
          } else {
            colour[index * 3] = r;
            colour[index * 3 + 1] = g;
            colour[index * 3 + 2] = bl;
          }
          coverage[index] = 1;
        }
      }
    }
  };

  for (const batch of prepared.batches) {
    draw(batch.positions, batch.indices, materials[batch.material], null, batch.colors);
  }
  const local = new Float64Array(12);
  const scratch = emptyTransform();
  for (const group of prepared.instanceGroups) {
    for (let k = 0; k < group.instances.length; k++) {
      trsRows(group.instances.read(k, scratch), local);
      for (const part of group.parts) {
        const { positions, indices, colors } = part.geometry;
        draw(positions, indices, materials[part.material], local, colors ?? null);
      }
    }
  }
  return encodePng(resolvePixels(colour, coverage, width, options), options);
}

/** T * R * S as the rows of a 3x4 matrix. */
function trsRows(transform: InstanceTransform, out: Float64Array): void {
  const { tx, ty, tz, qx: x, qy: y, qz: z, qw: w, sx, sy, sz } = transform;
  out[0] = (1 - 2 * (y * y + z * z)) * sx;
  out[1] = 2 * (x * y - z * w) * sy;
  out[2] = 2 * (x * z + y * w) * sz;
  out[3] = tx;
  out[4] = 2 * (x * y + z * w) * sx;
  out[5] = (1 - 2 * (x * x + z * z)) * sy;
  out[6] = 2 * (y * z - x * w) * sz;
  out[7] = ty;
  out[8] = 2 * (x * z - y * w) * sx;
  out[9] = 2 * (y * z + x * w) * sy;
  out[10] = (1 - 2 * (x * x + y * y)) * sz;
  out[11] = tz;
}

const averageCache = new WeakMap<Uint8Array, [number, number, number]>();

/** Linear average colour of a texture image (a textured duck should look yellow, not white). */
function averageTextureColour(
  texture: NonNullable<SceneMaterial['texture']>,
): [number, number, number] {
  const cached = averageCache.get(texture.image);
  if (cached) return cached;
  let average: [number, number, number] = [1, 1, 1];
  try {
    const { data } =
      texture.mimeType === 'image/png'
        ? PNG.sync.read(Buffer.from(texture.image))
        : jpeg.decode(texture.image, { useTArray: true, maxMemoryUsageInMB: 256 });
    const sum = [0, 0, 0];
    const step = Math.max(4, Math.floor(data.length / 4 / 4096) * 4);
    let count = 0;
    for (let i = 0; i + 3 < data.length; i += step) {
      for (let c = 0; c < 3; c++) sum[c]! += srgbToLinear(data[i + c]! / 255);
      count++;
    }
    if (count > 0) average = [sum[0]! / count, sum[1]! / count, sum[2]! / count];
  } catch (_error) {
    average = [1, 1, 1];
  }
  averageCache.set(texture.image, average);
  return average;
}

function shadeColour(material: SceneMaterial): [number, number, number, number] {
  const [r, g, b, a] = material.color;
  if (!material.texture) return [r, g, b, a];
  const [tr, tg, tb] = averageTextureColour(material.texture);
  return [r * tr, g * tg, b * tb, a];
}

const SRGB_STEPS = 4096;
let srgbTable: Uint8Array | null = null;

/** Linear [0, 1] -> sRGB byte through a lookup table (Math.pow per pixel is measurable). */
function srgbByte(linear: number): number {
  if (!srgbTable) {
    srgbTable = new Uint8Array(SRGB_STEPS + 1);
    for (let i = 0; i <= SRGB_STEPS; i++) {
      srgbTable[i] = Math.round(255 * linearToSrgb(i / SRGB_STEPS));
    }
  }
  return srgbTable[Math.round(Math.min(1, Math.max(0, linear)) * SRGB_STEPS)]!;
}

/** Averages the supersampled pixels into straight-alpha RGBA bytes. */
function resolvePixels(
  colour: Float32Array,
  coverage: Uint8Array,
  width: number,
  options: ThumbnailOptions,
): Uint8Array {
  const rgba = new Uint8Array(options.width * options.height * 4);
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let y = 0; y < options.height; y++) {
    for (let x = 0; x < options.width; x++) {
      let r = 0,
        g = 0,
        b = 0,
        covered = 0;
      for (let dy = 0; dy < SUPERSAMPLE; dy++) {
        let index = (y * SUPERSAMPLE + dy) * width + x * SUPERSAMPLE;
        for (let dx = 0; dx < SUPERSAMPLE; dx++, index++) {
          if (!coverage[index]) continue;
          covered++;
          r += colour[index * 3]!;
          g += colour[index * 3 + 1]!;
          b += colour[index * 3 + 2]!;
        }
      }
      if (!covered) continue;
      const o = (y * options.width + x) * 4;
      rgba[o] = srgbByte(r / covered);
      rgba[o + 1] = srgbByte(g / covered);
      rgba[o + 2] = srgbByte(b / covered);
      rgba[o + 3] = Math.round((255 * covered) / samples);
    }
  }
  return rgba;
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalise(a: Vec3): Vec3 {
  const length = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / length, a[1] / length, a[2] / length];
}

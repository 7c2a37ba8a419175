/**
 * A small software rasterizer for the model thumbnail (no GPU on the servers): orthographic iso
 * view, z-buffer, flat shading by material colour, 2x supersampling, transparent background.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { linearToSrgb, srgbToLinear, type SceneMaterial } from '../scene.ts';
import type { PreparedScene } from './prepare.ts';

export interface ThumbnailOptions {
  width: number;
  height: number;
  /** Stop drawing after this many triangles (thumbnails of huge models stay fast). */
  maxTriangles: number;
}

export const DEFAULT_THUMBNAIL: ThumbnailOptions = {
  width: 512,
  height: 384,
  maxTriangles: 3_000_000,
};

const SUPERSAMPLE = 2;

export function renderThumbnail(
  prepared: PreparedScene,
  materials: SceneMaterial[],
  options: ThumbnailOptions = DEFAULT_THUMBNAIL,
): Uint8Array {
  const width = options.width * SUPERSAMPLE;
  const height = options.height * SUPERSAMPLE;
  const depth = new Float32Array(width * height).fill(Infinity);
  const colour = new Float32Array(width * height * 3);
  const coverage = new Uint8Array(width * height);

  // View basis: looking from (+1, +0.8, +1) towards the model centre, Y up.
  const view = normalise([1, 0.8, 1]);
  const right = normalise(cross([0, 1, 0], view));
  const up = cross(view, right);
  const light = normalise([0.4, 1, 0.6]);
  const box = prepared.bbox ?? [0, 0, 0, 1, 1, 1];
  const centre = [0, 1, 2].map((a) => (box[a]! + box[a + 3]!) / 2) as [number, number, number];
  let extentX = 1e-9;
  let extentY = 1e-9;
  for (let corner = 0; corner < 8; corner++) {
    const p = [
      (corner & 1 ? box[3] : box[0]) - centre[0],
      (corner & 2 ? box[4] : box[1]) - centre[1],
      (corner & 4 ? box[5] : box[2]) - centre[2],
    ] as [number, number, number];
    extentX = Math.max(extentX, Math.abs(dot(p, right)));
    extentY = Math.max(extentY, Math.abs(dot(p, up)));
  }
  const scale = 0.9 * Math.min(width / 2 / extentX, height / 2 / extentY);
  let budget = options.maxTriangles;

  const drawTriangles = (
    positions: ArrayLike<number>,
    indices: ArrayLike<number>,
    material: SceneMaterial | undefined,
    transform: (x: number, y: number, z: number) => [number, number, number],
  ) => {
    const base: [number, number, number, number] = material
      ? shadeColour(material)
      : [0.6, 0.6, 0.6, 1];
    const screen = new Float32Array((positions.length / 3) * 3);
    const world = new Float32Array(positions.length);
    for (let v = 0; v < positions.length / 3; v++) {
      const p = transform(positions[v * 3]!, positions[v * 3 + 1]!, positions[v * 3 + 2]!);
      const q: [number, number, number] = [p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]];
      world.set(p, v * 3);
      screen[v * 3] = width / 2 + dot(q, right) * scale;
      screen[v * 3 + 1] = height / 2 - dot(q, up) * scale;
      screen[v * 3 + 2] = -dot(q, view);
    }
    for (let t = 0; t + 2 < indices.length && budget > 0; t += 3, budget--) {
      const a = indices[t]!,
        b = indices[t + 1]!,
        c = indices[t + 2]!;
      const e1 = sub(world, b, a);
      const e2 = sub(world, c, a);
      const n = normalise(cross(e1, e2));
      // Double-sided lighting: faces pointing away from the camera are lit from their front side.
      const facing = dot(n, view) < 0 ? -1 : 1;
      const shade = 0.35 + 0.65 * Math.max(0, facing * dot(n, light));
      fillTriangle(screen, a, b, c, (index, z) => {
        if (z >= depth[index]!) return;
        depth[index] = z;
        colour[index * 3] = base[0] * shade;
        colour[index * 3 + 1] = base[1] * shade;
        colour[index * 3 + 2] = base[2] * shade;
        coverage[index] = 1;
      });
    }
  };

  const fillTriangle = (
    s: Float32Array,
    a: number,
    b: number,
    c: number,
    plot: (index: number, z: number) => void,
  ) => {
    const ax = s[a * 3]!,
      ay = s[a * 3 + 1]!,
      az = s[a * 3 + 2]!;
    const bx = s[b * 3]!,
      by = s[b * 3 + 1]!,
      bz = s[b * 3 + 2]!;
    const cx = s[c * 3]!,
      cy = s[c * 3 + 1]!,
      cz = s[c * 3 + 2]!;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-12) return;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const maxX = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
    const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const maxY = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5;
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        plot(y * width + x, w0 * az + w1 * bz + w2 * cz);
      }
    }
  };

  for (const batch of prepared.batches) {
    drawTriangles(batch.positions, batch.indices, materials[batch.material], (x, y, z) => [
      x,
      y,
      z,
    ]);
  }
  for (const group of prepared.instanceGroups) {
    for (const { trs } of group.instances) {
      const [qx, qy, qz, qw] = trs.rotation;
      drawTriangles(
        group.geometry.positions,
        group.geometry.indices,
        materials[group.material],
        (x, y, z) => {
          const sx = x * trs.scale[0],
            sy = y * trs.scale[1],
            sz = z * trs.scale[2];
          // Quaternion rotation: v + 2w(q x v) + 2 q x (q x v).
          const tx = 2 * (qy * sz - qz * sy),
            ty = 2 * (qz * sx - qx * sz),
            tz = 2 * (qx * sy - qy * sx);
          return [
            sx + qw * tx + (qy * tz - qz * ty) + trs.translation[0],
            sy + qw * ty + (qz * tx - qx * tz) + trs.translation[1],
            sz + qw * tz + (qx * ty - qy * tx) + trs.translation[2],
          ];
        },
      );
    }
  }
  return encodePng(colour, coverage, width, options);
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

function encodePng(
  colour: Float32Array,
  coverage: Uint8Array,
  width: number,
  options: ThumbnailOptions,
): Uint8Array {
  const png = new PNG({ width: options.width, height: options.height });
  for (let y = 0; y < options.height; y++) {
    for (let x = 0; x < options.width; x++) {
      let r = 0,
        g = 0,
        b = 0,
        covered = 0;
      for (let dy = 0; dy < SUPERSAMPLE; dy++) {
        for (let dx = 0; dx < SUPERSAMPLE; dx++) {
          const index = (y * SUPERSAMPLE + dy) * width + x * SUPERSAMPLE + dx;
          if (!coverage[index]) continue;
          covered++;
          r += colour[index * 3]!;
          g += colour[index * 3 + 1]!;
          b += colour[index * 3 + 2]!;
        }
      }
      const o = (y * options.width + x) * 4;
      const samples = SUPERSAMPLE * SUPERSAMPLE;
      png.data[o] = covered ? Math.round(255 * linearToSrgb(Math.min(1, r / covered))) : 0;
      png.data[o + 1] = covered ? Math.round(255 * linearToSrgb(Math.min(1, g / covered))) : 0;
      png.data[o + 2] = covered ? Math.round(255 * linearToSrgb(Math.min(1, b / covered))) : 0;
      png.data[o + 3] = Math.round((255 * covered) / samples);
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

type Vec3 = [number, number, number];

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

function sub(array: Float32Array, i: number, j: number): Vec3 {
  return [
    array[i * 3]! - array[j * 3]!,
    array[i * 3 + 1]! - array[j * 3 + 1]!,
    array[i * 3 + 2]! - array[j * 3 + 2]!,
  ];
}

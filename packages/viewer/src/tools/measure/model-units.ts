/**
 * From the viewer's world (metres, glTF's Y-up axes, recentred) back to the model's own frame:
 * its file's axes (Z up for IFC, STEP, STL...) and length unit, so coordinates read as in the
 * authoring tool. Pure: no WebGL, usable by a host page as well as by the engine.
 */
import type { ModelFormat } from '@truss/viewable';
import type { LoadedModelInfo, Vec3 } from '../../api-types.ts';

export interface ModelFrame {
  /** What the converter subtracted (metres, glTF axes): metadata `origin`. */
  origin: Vec3;
  /** world = the file's coordinates + translation (LoadedModelInfo.translation). */
  translation: Vec3;
  /** The source unit's factor to metres (1 for metres, 0.001 for millimetres). */
  toMetres: number;
  /** The source unit's symbol or name ('mm', 'm', 'foot'), or 'm' when unknown. */
  unit: string;
  /** Whether the source file's axes have Z up (the converter turned them to Y-up). */
  zUp: boolean;
}

/** Formats whose files are Y-up already; every other one was turned from Z-up (IFC included). */
const Y_UP_FORMATS: ReadonlySet<ModelFormat> = new Set([
  'gltf',
  'glb',
  'obj',
  'ply',
  'fbx',
  'dae',
  'off',
]);

/** World coordinates as they are, in metres: for scenes without metadata. */
export const WORLD_FRAME: ModelFrame = {
  origin: [0, 0, 0],
  translation: [0, 0, 0],
  toMetres: 1,
  unit: 'm',
  zUp: false,
};

/** The frame of a loaded model (the world frame in metres when it came without metadata). */
export function modelFrameOf(info: Pick<LoadedModelInfo, 'translation' | 'metadata'>): ModelFrame {
  const metadata = info.metadata;
  if (!metadata) return { ...WORLD_FRAME, translation: [...info.translation] };
  const { source, toMetres } = metadata.units;
  const known = source !== 'unknown' && Number.isFinite(toMetres) && toMetres > 0;
  return {
    origin: [...metadata.origin],
    translation: [...info.translation],
    toMetres: known ? toMetres : 1,
    unit: known ? source : 'm',
    zUp: !Y_UP_FORMATS.has(metadata.format),
  };
}

/** Y-up (glTF) axes back to Z-up: the inverse of (x, y, z) -> (x, z, -y). */
function toFileAxes(p: Vec3, zUp: boolean): Vec3 {
  return zUp ? [p[0], -p[2], p[1]] : [p[0], p[1], p[2]];
}

/** A world point in the model's own coordinates and unit. */
export function toModelCoordinates(world: Vec3, frame: ModelFrame): Vec3 {
  const metres: Vec3 = [
    world[0] - frame.translation[0] + frame.origin[0],
    world[1] - frame.translation[1] + frame.origin[1],
    world[2] - frame.translation[2] + frame.origin[2],
  ];
  const [x, y, z] = toFileAxes(metres, frame.zUp);
  return [x / frame.toMetres, y / frame.toMetres, z / frame.toMetres];
}

/**
 * A distance's components along the model's axes (dx, dy, dz), in metres like the distance:
 * with Z up, dz is the height difference whatever the file's up axis.
 */
export function distanceComponents(a: Vec3, b: Vec3, frame: Pick<ModelFrame, 'zUp'>): Vec3 {
  return toFileAxes([b[0] - a[0], b[1] - a[1], b[2] - a[2]], frame.zUp);
}

/** Decimals that resolve a millimetre (or a thousandth of an imperial unit) in `unit`. */
export function lengthDecimals(unit: string): number {
  switch (unit) {
    case 'mm':
      return 1;
    case 'cm':
      return 2;
    case 'dm':
      return 2;
    case 'km':
      return 6;
    default:
      return 3;
  }
}

/** A length in `unit` with its symbol, e.g. `1234.5 mm`; -0 is shown as 0. */
export function formatLength(value: number, unit: string): string {
  const text = value.toFixed(lengthDecimals(unit));
  // toFixed keeps the sign of a value that rounds to zero ("-0.000"): noise, not information.
  const clean = /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
  return `${clean} ${unit}`;
}

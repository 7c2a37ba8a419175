/**
 * Pure section maths (no WebGL): plane conventions, the section box's six planes, face dragging
 * and the state the viewpoints store. Convention (as in api.ts and three.js clipping): a plane is
 * `normal · p + constant = 0` and the side where `normal · p + constant < 0` is cut away, so the
 * normal points into the part that stays visible.
 */
import * as THREE from 'three';
import type { SectionBoxState, SectionPlaneState, Vec3 } from '../../api-types.ts';

export interface PlaneEquation {
  normal: Vec3;
  constant: number;
}

export interface SectionState {
  planes: SectionPlaneState[];
  box: SectionBoxState | null;
}

const v = (p: Vec3) => new THREE.Vector3(p[0], p[1], p[2]);
// `+ 0` turns -0 into 0, so states compare and serialise cleanly.
const arr = (p: THREE.Vector3): Vec3 => [p.x + 0, p.y + 0, p.z + 0];

function assertFiniteVec(p: unknown, what: string): asserts p is Vec3 {
  if (!Array.isArray(p) || p.length !== 3 || !p.every((c) => Number.isFinite(c))) {
    throw new Error(`${what} must be three finite numbers`);
  }
}

/** The plane through `point` whose kept side is where `normal` points (normal is normalised). */
export function planeFromPointNormal(point: Vec3, normal: Vec3): PlaneEquation {
  assertFiniteVec(point, 'Section point');
  assertFiniteVec(normal, 'Section normal');
  const n = v(normal);
  if (n.lengthSq() < 1e-24) throw new Error('Section normal must not be zero');
  n.normalize();
  return { normal: arr(n), constant: -n.dot(v(point)) };
}

/**
 * The normal the section-plane tool gives a clicked face: it points away from the viewer (along
 * the view ray), so everything between the face and the camera is cut away and the arrow handle
 * points into the model, the way the plane is pushed to look inside. Without a face normal the
 * plane faces the viewer squarely.
 */
export function cutNormalForFace(faceNormal: Vec3 | null, viewDirection: Vec3): Vec3 {
  const d = v(viewDirection).normalize();
  if (!faceNormal) return arr(d);
  const n = v(faceNormal);
  if (n.lengthSq() < 1e-24) return arr(d);
  n.normalize();
  // A face seen edge-on has no meaningful side; the view direction decides then.
  return n.dot(d) >= 0 ? arr(n) : arr(n.negate());
}

export function toThreePlane(plane: PlaneEquation): THREE.Plane {
  return new THREE.Plane(v(plane.normal), plane.constant);
}

/** Signed distance of a point to the plane (negative = cut away). */
export function signedDistance(plane: PlaneEquation, point: Vec3): number {
  return v(plane.normal).dot(v(point)) + plane.constant;
}

/** Move the plane by `distance` along its normal (positive = more is cut away). */
export function offsetPlane(plane: PlaneEquation, distance: number): PlaneEquation {
  return { normal: [...plane.normal], constant: plane.constant - distance };
}

/** Sort each axis so min <= max. */
export function normalizeBox(min: Vec3, max: Vec3): { min: Vec3; max: Vec3 } {
  assertFiniteVec(min, 'Section box min');
  assertFiniteVec(max, 'Section box max');
  return {
    min: [Math.min(min[0], max[0]), Math.min(min[1], max[1]), Math.min(min[2], max[2])],
    max: [Math.max(min[0], max[0]), Math.max(min[1], max[1]), Math.max(min[2], max[2])],
  };
}

/**
 * The six inward planes of a box, in face order -x, +x, -y, +y, -z, +z. Each keeps the inside, so
 * with three.js's default union clipping everything outside the box is cut away.
 */
export function boxPlanes(min: Vec3, max: Vec3): PlaneEquation[] {
  const planes: PlaneEquation[] = [];
  for (let axis = 0; axis < 3; axis += 1) {
    const inward: Vec3 = [0, 0, 0];
    inward[axis] = 1;
    planes.push({ normal: [...inward], constant: -(min[axis] ?? 0) });
    const outward: Vec3 = [0, 0, 0];
    outward[axis] = -1;
    planes.push({ normal: outward, constant: max[axis] ?? 0 });
  }
  return planes;
}

/** Face index 0..5 (-x, +x, -y, +y, -z, +z) -> axis and whether it is the max face. */
export function boxFace(face: number): { axis: 0 | 1 | 2; isMax: boolean } {
  return { axis: Math.floor(face / 2) as 0 | 1 | 2, isMax: face % 2 === 1 };
}

/** Move one face of the box to `value`, keeping at least `minGap` to the opposite face. */
export function moveBoxFace(
  box: { min: Vec3; max: Vec3 },
  face: number,
  value: number,
  minGap: number,
): { min: Vec3; max: Vec3 } {
  const { axis, isMax } = boxFace(face);
  const min: Vec3 = [...box.min];
  const max: Vec3 = [...box.max];
  if (isMax) max[axis] = Math.max(value, min[axis] + minGap);
  else min[axis] = Math.min(value, max[axis] - minGap);
  return { min, max };
}

/** All planes to clip with: enabled planes plus the enabled box's six. */
export function clippingPlanes(state: SectionState): THREE.Plane[] {
  const planes = state.planes.filter((p) => p.enabled).map(toThreePlane);
  if (state.box?.enabled) planes.push(...boxPlanes(state.box.min, state.box.max).map(toThreePlane));
  return planes;
}

/** Validate and copy a state from a viewpoint (which may come from a URL, so trust nothing). */
export function parseSectionState(input: unknown): SectionState {
  const obj = (input ?? {}) as { planes?: unknown; box?: unknown };
  const rawPlanes = obj.planes ?? [];
  if (!Array.isArray(rawPlanes)) throw new Error('Section planes must be an array');
  const ids = new Set<string>();
  const planes = rawPlanes.map((raw: unknown): SectionPlaneState => {
    const p = raw as Partial<SectionPlaneState>;
    if (typeof p.id !== 'string' || p.id === '' || ids.has(p.id)) {
      throw new Error('Section plane ids must be unique non-empty strings');
    }
    ids.add(p.id);
    if (typeof p.constant !== 'number' || !Number.isFinite(p.constant)) {
      throw new Error('Section plane constant must be a finite number');
    }
    // Re-normalise through a point on the plane so a slightly denormalised normal stays exact.
    assertFiniteVec(p.normal, 'Section normal');
    const n = v(p.normal);
    const len = n.length();
    if (len < 1e-12) throw new Error('Section normal must not be zero');
    return {
      id: p.id,
      normal: arr(n.divideScalar(len)),
      constant: p.constant / len,
      enabled: p.enabled !== false,
    };
  });
  let box: SectionBoxState | null = null;
  if (obj.box != null) {
    const b = obj.box as Partial<SectionBoxState>;
    const sorted = normalizeBox(b.min as Vec3, b.max as Vec3);
    box = { ...sorted, enabled: b.enabled !== false };
  }
  return { planes, box };
}

/** Deep copy, so callers can never mutate the extension's state. */
export function cloneSectionState(state: SectionState): SectionState {
  return {
    planes: state.planes.map((p) => ({ ...p, normal: [...p.normal] })),
    box: state.box
      ? { min: [...state.box.min], max: [...state.box.max], enabled: state.box.enabled }
      : null,
  };
}

/**
 * Parameter along an axis line (origin + t * dir, dir unit) of the point closest to a ray; null
 * when the ray runs (nearly) parallel to the axis, where dragging along it is ill-defined.
 */
export function closestAxisParam(origin: Vec3, dir: Vec3, ray: THREE.Ray): number | null {
  const u = v(dir).normalize();
  const d = ray.direction.clone().normalize();
  const w0 = v(origin).sub(ray.origin);
  const b = u.dot(d);
  const denom = 1 - b * b;
  if (denom < 1e-6) return null;
  return (b * d.dot(w0) - u.dot(w0)) / denom;
}

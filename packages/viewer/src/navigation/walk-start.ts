/**
 * Where walk mode starts: at eye height above the floor of the storey under the view centre (or
 * the lowest storey), looking level at the model. Pure functions over the metadata's tree and the
 * element boxes, so they are tested without a GPU.
 */
import * as THREE from 'three';
import type { ModelMetadata } from '@truss/viewable';

/** Eye height above a floor, metres. */
export const EYE_HEIGHT = 1.6;

/**
 * The floor height (world Y) of each storey, lowest first: the median of the bottoms of the
 * storey's drawn elements (walls, doors and furniture stand on the floor; a slab's underside or
 * a footing is one element among many). Storeys without drawn elements are left out.
 * `boxes`: six numbers per element id (min x, y, z, max x, y, z), min > max for no geometry.
 */
export function storeyFloors(
  metadata: Pick<ModelMetadata, 'storeys' | 'elements'>,
  boxes: ArrayLike<number>,
): number[] {
  const { parent, count } = metadata.elements;
  const children = new Map<number, number[]>();
  for (let id = 0; id < count; id++) {
    const p = parent[id] ?? -1;
    if (p < 0) continue;
    const list = children.get(p);
    if (list) list.push(id);
    else children.set(p, [id]);
  }
  const floors: number[] = [];
  for (const storey of metadata.storeys) {
    const bottoms: number[] = [];
    const stack = [storey.id];
    while (stack.length) {
      const id = stack.pop()!;
      const o = id * 6;
      if (o + 5 < boxes.length && boxes[o]! <= boxes[o + 3]!) bottoms.push(boxes[o + 1]!);
      stack.push(...(children.get(id) ?? []));
    }
    if (!bottoms.length) continue;
    bottoms.sort((a, b) => a - b);
    floors.push(bottoms[Math.floor((bottoms.length - 1) / 2)]!);
  }
  return floors.sort((a, b) => a - b);
}

/**
 * The floor to stand on: the highest storey floor at or below `pointY` (the model point under
 * the view centre), else the lowest storey; without storeys the model's bottom.
 */
export function floorUnder(pointY: number | null, floors: number[], modelBottom: number): number {
  if (!floors.length) return modelBottom;
  if (pointY === null) return floors[0]!;
  let floor = floors[0]!;
  for (const f of floors) if (f <= pointY + 0.05) floor = f;
  return floor;
}

/**
 * The walk camera: where the orbit camera stands (in plan), at eye height above `floor`, looking
 * level towards `lookAt` (the point under the view centre or the orbit target).
 */
export function walkCamera(
  from: THREE.Vector3,
  lookAt: THREE.Vector3,
  floor: number,
): { position: THREE.Vector3; target: THREE.Vector3 } {
  const eye = floor + EYE_HEIGHT;
  const position = new THREE.Vector3(from.x, eye, from.z);
  const ahead = new THREE.Vector3(lookAt.x - from.x, 0, lookAt.z - from.z);
  if (ahead.lengthSq() < 1e-6) ahead.set(0, 0, -1);
  const distance = Math.max(ahead.length(), 1);
  return { position, target: position.clone().addScaledVector(ahead.normalize(), distance) };
}

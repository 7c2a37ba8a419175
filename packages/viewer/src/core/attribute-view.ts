/**
 * Reading a geometry attribute's components straight from its typed array, for the loops that
 * touch every vertex of a model at load (baking instances, element boxes): three's per-component
 * accessors (getX, fromBufferAttribute, applyMatrix4) cost a call and a type check per number,
 * which made baking a model's small instance groups the largest part of its load (196 ms of a
 * 420 ms prepare on ISSUE_021_Mini_Project, SwiftShader machine).
 */
import * as THREE from 'three';

// prettier-ignore
type Matrix4Elements = [
  number, number, number, number, number, number, number, number,
  number, number, number, number, number, number, number, number,
];

export type AnyAttribute = THREE.BufferAttribute | THREE.InterleavedBufferAttribute;

/** The raw (not denormalized) components of an attribute: array, stride and first offset. */
export function rawView(attribute: AnyAttribute): {
  array: THREE.TypedArray;
  stride: number;
  offset: number;
} {
  const interleaved = attribute as THREE.InterleavedBufferAttribute;
  if (interleaved.isInterleavedBufferAttribute)
    return {
      array: interleaved.data.array,
      stride: interleaved.data.stride,
      offset: interleaved.offset,
    };
  return { array: attribute.array as THREE.TypedArray, stride: attribute.itemSize, offset: 0 };
}

/**
 * How a raw component becomes its value, as three's `denormalize` does: `max(raw / divisor, min)`
 * (divisor 1 and min -Infinity when the attribute is not normalized).
 */
export function denormalizing(attribute: AnyAttribute): { divisor: number; min: number } {
  if (!attribute.normalized) return { divisor: 1, min: -Infinity };
  const array = rawView(attribute).array;
  if (array instanceof Int8Array) return { divisor: 127, min: -1 };
  if (array instanceof Uint8Array) return { divisor: 255, min: -Infinity };
  if (array instanceof Int16Array) return { divisor: 32767, min: -1 };
  if (array instanceof Uint16Array) return { divisor: 65535, min: -Infinity };
  if (array instanceof Int32Array) return { divisor: 2147483647, min: -1 };
  if (array instanceof Uint32Array) return { divisor: 4294967295, min: -Infinity };
  return { divisor: 1, min: -Infinity };
}

/**
 * Calls `visit(vertex, x, y, z)` with each vertex of a 3-component attribute, denormalized and
 * through `matrix` (three's Vector3.applyMatrix4, same operations in the same order, so the
 * same numbers).
 */
export function forEachTransformedVertex(
  attribute: AnyAttribute,
  matrix: THREE.Matrix4,
  visit: (vertex: number, x: number, y: number, z: number) => void,
): void {
  const { array, stride, offset } = rawView(attribute);
  const { divisor, min } = denormalizing(attribute);
  const [e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15] =
    matrix.elements as Matrix4Elements;
  const plain = divisor === 1;
  for (let v = 0; v < attribute.count; v++) {
    const s = v * stride + offset;
    let x = array[s]!;
    let y = array[s + 1]!;
    let z = array[s + 2]!;
    if (!plain) {
      x = Math.max(x / divisor, min);
      y = Math.max(y / divisor, min);
      z = Math.max(z / divisor, min);
    }
    const w = 1 / (e3 * x + e7 * y + e11 * z + e15);
    visit(
      v,
      (e0 * x + e4 * y + e8 * z + e12) * w,
      (e1 * x + e5 * y + e9 * z + e13) * w,
      (e2 * x + e6 * y + e10 * z + e14) * w,
    );
  }
}

/**
 * Sets a geometry's bounding box and sphere from its positions, as three's computeBoundingBox
 * and computeBoundingSphere make them (the same numbers), in two typed-array passes instead of
 * their accessor per number: the model's box, the camera's fit and the first frame's culling all
 * read them (18 ms of a house's 70 ms prepare; 50 ms of the 200k tower's first frame).
 */
export function setBounds(geometry: THREE.BufferGeometry): void {
  const position = geometry.getAttribute('position') as AnyAttribute | undefined;
  if (!position || geometry.morphAttributes.position) {
    // Morph targets widen the bounds: three's own methods account for them.
    geometry.computeBoundingBox();
    geometry.computeBoundingSphere();
    return;
  }
  const { array, stride, offset } = rawView(position);
  const { divisor, min } = denormalizing(position);
  const plain = divisor === 1;
  const read = (s: number) => (plain ? array[s]! : Math.max(array[s]! / divisor, min));
  const box = new THREE.Box3();
  const sphere = new THREE.Sphere();
  let [x0, y0, z0, x1, y1, z1] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let v = 0; v < position.count; v++) {
    const s = v * stride + offset;
    const x = read(s);
    const y = read(s + 1);
    const z = read(s + 2);
    // Math.min/max as Box3.expandByPoint does them.
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    z0 = Math.min(z0, z);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
    z1 = Math.max(z1, z);
  }
  box.min.set(x0, y0, z0);
  box.max.set(x1, y1, z1);
  geometry.boundingBox = box;
  const center = box.getCenter(sphere.center);
  let radiusSq = 0;
  for (let v = 0; v < position.count; v++) {
    const s = v * stride + offset;
    const dx = center.x - read(s);
    const dy = center.y - read(s + 1);
    const dz = center.z - read(s + 2);
    radiusSq = Math.max(radiusSq, dx * dx + dy * dy + dz * dz);
  }
  sphere.radius = Math.sqrt(radiusSq);
  geometry.boundingSphere = sphere;
}

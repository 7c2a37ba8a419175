import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { forEachTransformedVertex, setBounds } from './attribute-view.ts';
import { INSTANCE_ELEMENT_ATTRIBUTE, ELEMENT_ATTRIBUTE } from './materials.ts';
import { bakeInstances } from './merge.ts';

/** A deterministic pseudo-random sequence (the same numbers on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function someMatrix(next: () => number, mirrored = false): THREE.Matrix4 {
  const rotation = new THREE.Quaternion()
    .setFromEuler(new THREE.Euler(next() * 6, next() * 6, next() * 6))
    .normalize();
  const scale = new THREE.Vector3(0.5 + next(), 0.5 + next(), (0.5 + next()) * (mirrored ? -1 : 1));
  const position = new THREE.Vector3(next() * 100, next() * 100, next() * 100);
  return new THREE.Matrix4().compose(position, rotation, scale);
}

/** What three's own per-vertex maths gives: the oracle the typed-array loops must equal. */
function viaVector3(
  attribute: THREE.BufferAttribute | THREE.InterleavedBufferAttribute,
  m: THREE.Matrix4,
) {
  const out: number[] = [];
  const v = new THREE.Vector3();
  for (let i = 0; i < attribute.count; i++)
    out.push(...v.fromBufferAttribute(attribute, i).applyMatrix4(m).toArray());
  return out;
}

function viaLoop(
  attribute: THREE.BufferAttribute | THREE.InterleavedBufferAttribute,
  m: THREE.Matrix4,
) {
  const out: number[] = [];
  forEachTransformedVertex(attribute, m, (i, x, y, z) => {
    expect(i).toBe(out.length / 3);
    out.push(x, y, z);
  });
  return out;
}

describe('forEachTransformedVertex', () => {
  const next = random(7);
  const matrix = someMatrix(next);
  const values = (n: number, scale: number) =>
    Array.from({ length: n * 3 }, () => Math.round((next() * 2 - 1) * scale));

  it("gives three's numbers for floats, integers and normalized encodings", () => {
    const cases: THREE.BufferAttribute[] = [
      new THREE.Float32BufferAttribute(
        values(20, 1000).map((x) => x / 7),
        3,
      ),
      new THREE.Uint16BufferAttribute(values(20, 30000).map(Math.abs), 3),
      new THREE.BufferAttribute(
        Int16Array.from([...values(19, 32767), -32768, -32768, -32768]),
        3,
        true,
      ),
      new THREE.BufferAttribute(Int8Array.from([...values(19, 127), -128, 127, 0]), 3, true),
      new THREE.BufferAttribute(Uint8Array.from(values(20, 255).map(Math.abs)), 3, true),
      new THREE.BufferAttribute(Uint16Array.from(values(20, 65535).map(Math.abs)), 3, true),
    ];
    for (const attribute of cases)
      expect(viaLoop(attribute, matrix)).toEqual(viaVector3(attribute, matrix));
  });

  it('reads interleaved attributes at their offset and stride', () => {
    const data = new THREE.InterleavedBuffer(
      Float32Array.from({ length: 50 }, () => next() * 10),
      5,
    );
    const attribute = new THREE.InterleavedBufferAttribute(data, 3, 2);
    expect(viaLoop(attribute, matrix)).toEqual(viaVector3(attribute, matrix));
  });
});

describe('bakeInstances', () => {
  it("writes the same positions and byte normals as three's maths, mirrored instances too", () => {
    const next = random(11);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      'position',
      new THREE.Float32BufferAttribute(
        Array.from({ length: 30 }, () => next() * 4),
        3,
      ),
    );
    const normals = Int8Array.from({ length: 30 }, () => Math.round((next() * 2 - 1) * 127));
    geometry.setAttribute('normal', new THREE.BufferAttribute(normals, 3, true));
    geometry.setIndex([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    geometry.setAttribute(
      INSTANCE_ELEMENT_ATTRIBUTE,
      new THREE.InstancedBufferAttribute(Float32Array.from([3, 9, 4]), 1),
    );
    const mesh = new THREE.InstancedMesh(geometry, new THREE.MeshBasicMaterial(), 3);
    [someMatrix(next), someMatrix(next, true), someMatrix(next)].forEach((m, k) =>
      mesh.setMatrixAt(k, m),
    );
    mesh.matrixWorld.copy(someMatrix(next));
    const reference = new THREE.Mesh(new THREE.BufferGeometry());
    reference.geometry.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0], 3));
    reference.matrixWorld.copy(someMatrix(next));

    const baked = bakeInstances(mesh, reference, ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE)!;

    const toReference = reference.matrixWorld.clone().invert();
    const instance = new THREE.Matrix4();
    const positions: number[] = [];
    const bytes: number[] = [];
    for (let k = 0; k < 3; k++) {
      mesh.getMatrixAt(k, instance);
      const m = new THREE.Matrix4()
        .multiplyMatrices(toReference, mesh.matrixWorld)
        .multiply(instance);
      const normalMatrix = new THREE.Matrix3().getNormalMatrix(m);
      positions.push(...viaVector3(geometry.getAttribute('position'), m));
      const v = new THREE.Vector3();
      for (let i = 0; i < 10; i++) {
        v.fromBufferAttribute(geometry.getAttribute('normal'), i)
          .applyMatrix3(normalMatrix)
          .normalize();
        bytes.push(Math.round(v.x * 127), Math.round(v.y * 127), Math.round(v.z * 127));
      }
    }
    expect(Array.from(baked.geometry.getAttribute('position').array)).toEqual(
      Array.from(Float32Array.from(positions)),
    );
    expect(Array.from(baked.geometry.getAttribute('normal').array)).toEqual(bytes);
    expect(Array.from(baked.geometry.getAttribute(ELEMENT_ATTRIBUTE).array)).toEqual([
      ...Array(10).fill(3),
      ...Array(10).fill(9),
      ...Array(10).fill(4),
    ]);
    // The mirrored instance's triangles are turned back the right way out.
    expect(Array.from(baked.geometry.index!.array)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 11, 13, 15, 14, 16, 18, 17, 20, 21, 22, 23, 24, 25, 26, 27,
      28,
    ]);
  });
});

describe('setBounds', () => {
  const next = random(11);
  const values = (n: number, scale: number) =>
    Array.from({ length: n * 3 }, () => Math.round((next() * 2 - 1) * scale));

  it("sets three's bounding box and sphere, number for number", () => {
    const data = new THREE.InterleavedBuffer(
      Float32Array.from({ length: 50 }, () => next() * 10),
      5,
    );
    const cases: (THREE.BufferAttribute | THREE.InterleavedBufferAttribute)[] = [
      new THREE.Float32BufferAttribute(
        values(40, 1000).map((x) => x / 7),
        3,
      ),
      new THREE.Uint16BufferAttribute(values(40, 30000).map(Math.abs), 3),
      new THREE.BufferAttribute(Int16Array.from([...values(39, 32767), -32768, 5, 7]), 3, true),
      new THREE.BufferAttribute(Uint8Array.from(values(40, 255).map(Math.abs)), 3, true),
      new THREE.InterleavedBufferAttribute(data, 3, 2),
      new THREE.Float32BufferAttribute([], 3),
    ];
    for (const position of cases) {
      const ours = new THREE.BufferGeometry().setAttribute('position', position);
      const theirs = new THREE.BufferGeometry().setAttribute('position', position);
      setBounds(ours);
      theirs.computeBoundingBox();
      theirs.computeBoundingSphere();
      expect(ours.boundingBox).toEqual(theirs.boundingBox);
      expect(ours.boundingSphere!.center.toArray()).toEqual(
        theirs.boundingSphere!.center.toArray(),
      );
      expect(ours.boundingSphere!.radius).toBe(theirs.boundingSphere!.radius);
    }
  });
});

import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { ElementState } from './element-state.ts';
import {
  createSharedUniforms,
  ELEMENT_ATTRIBUTE,
  INSTANCE_ELEMENT_ATTRIBUTE,
} from './materials.ts';
import {
  BAKE_VERTEX_LIMIT,
  MATERIAL_ATTRIBUTE,
  MaterialTable,
  bakeInstances,
  fitsGrid,
  mergeGeometries,
} from './merge.ts';
import { computeElementBoxes, elementBoxTable, growElementBoxes } from './element-boxes.ts';
import { elementCountOf, elementIdOf, prepareModel } from './model.ts';
import { describePart, ModelPart } from './model-part.ts';

/** A quad at height z for one element, as GLTFLoader hands a batch primitive over. */
function quad(element: number, z: number, normals: boolean): THREE.BufferGeometry {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute(
    'position',
    new THREE.Float32BufferAttribute([0, 0, z, 1, 0, z, 1, 1, z, 0, 1, z], 3),
  );
  if (normals)
    geometry.setAttribute(
      'normal',
      new THREE.Float32BufferAttribute([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1], 3),
    );
  geometry.setAttribute(
    '_element_id',
    new THREE.Uint16BufferAttribute([element, element, element, element], 1),
  );
  geometry.setIndex([0, 1, 2, 0, 2, 3]);
  return geometry;
}

function material(name: string, color: number, opacity = 1): THREE.MeshStandardMaterial {
  const m = new THREE.MeshStandardMaterial({ color, opacity, transparent: opacity < 1 });
  m.name = name;
  return m;
}

/** The converter's `batches` node: one primitive per material, some smooth, one glass. */
function batchesNode(): THREE.Group {
  const node = new THREE.Group();
  node.position.set(10, 0, 0);
  node.add(
    new THREE.Mesh(quad(0, 0, false), material('concrete', 0x808080)),
    new THREE.Mesh(quad(1, 1, true), material('steel', 0x4060a0)),
    new THREE.Mesh(quad(2, 2, false), material('wood', 0xa06020)),
    new THREE.Mesh(quad(3, 3, false), material('glass', 0x88ccff, 0.3)),
  );
  return node;
}

/**
 * An instanced node with two parts (frame and pane) placed `count` times (2: elements 4 and 5 at
 * y = 5 and 7), as GLTFLoader hands EXT_mesh_gpu_instancing over.
 */
function instancedNode(count = 2): THREE.Group {
  const node = new THREE.Group();
  const parts = [material('frame', 0x222222), material('pane', 0x336699)].map((m, k) => {
    const geometry = quad(0, k, false);
    geometry.deleteAttribute('_element_id');
    const ids = Float32Array.from({ length: count }, (_, i) => 4 + i);
    geometry.setAttribute('_ELEMENT_ID', new THREE.InstancedBufferAttribute(ids, 1));
    const mesh = new THREE.InstancedMesh(geometry, m, count);
    for (let i = 0; i < count; i++)
      mesh.setMatrixAt(i, new THREE.Matrix4().makeTranslation(0, 5 + 2 * i, 0));
    return mesh;
  });
  node.add(...parts);
  return node;
}

describe('material table', () => {
  it('gives equal colours one entry and writes linear RGBA per entry', () => {
    const table = new MaterialTable();
    const red = new THREE.Color(1, 0, 0);
    expect(table.index(red, 1)).toBe(0);
    expect(table.index(new THREE.Color(0, 0, 1), 0.5)).toBe(1);
    expect(table.index(red.clone(), 1)).toBe(0);
    expect(table.index(red, 0.5)).toBe(2);
    const texture = table.texture();
    expect(texture.type).toBe(THREE.FloatType);
    expect([...(texture.image.data as Float32Array).subarray(0, 12)]).toEqual([
      1, 0, 0, 1, 0, 0, 1, 0.5, 1, 0, 0, 0.5,
    ]);
  });

  it('wraps into rows of 256 texels', () => {
    const table = new MaterialTable();
    for (let i = 0; i < 300; i++) table.index(new THREE.Color(i / 300, 0, 0), 1);
    const texture = table.texture();
    expect([texture.image.width, texture.image.height]).toEqual([256, 2]);
  });
});

describe('merging primitives', () => {
  it('concatenates positions, ids, material indices and shifted indices; zero normals for flat parts', () => {
    const a = quad(7, 0, false);
    a.setAttribute(ELEMENT_ATTRIBUTE, a.getAttribute('_element_id'));
    const b = quad(9, 1, true);
    b.setAttribute(ELEMENT_ATTRIBUTE, b.getAttribute('_element_id'));
    const { geometry, mixedNormals, smooth } = mergeGeometries(
      [
        { geometry: a, material: 3 },
        { geometry: b, material: 5 },
      ],
      ELEMENT_ATTRIBUTE,
    );
    expect(mixedNormals).toBe(true);
    expect(smooth).toBe(true);
    expect(geometry.getAttribute('position').count).toBe(8);
    expect([...geometry.index!.array]).toEqual([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    expect([...geometry.getAttribute(ELEMENT_ATTRIBUTE).array]).toEqual([7, 7, 7, 7, 9, 9, 9, 9]);
    expect([...geometry.getAttribute(MATERIAL_ATTRIBUTE).array]).toEqual([3, 3, 3, 3, 5, 5, 5, 5]);
    const normals = [...geometry.getAttribute('normal').array];
    expect(normals.slice(0, 12).every((n) => n === 0)).toBe(true);
    expect(normals.slice(12, 15)).toEqual([0, 0, 1]);
    expect(geometry.getAttribute('position').getZ(5)).toBe(1);
  });

  it('keeps quantized positions in their encoding', () => {
    const parts = [0, 1].map((k) => {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute(
        'position',
        new THREE.BufferAttribute(new Uint16Array([0, 0, k, 65535, 0, k, 0, 65535, k]), 3),
      );
      geometry.setIndex([0, 1, 2]);
      return { geometry, material: k };
    });
    const { geometry, smooth } = mergeGeometries(parts, null);
    expect(smooth).toBe(false);
    expect(geometry.getAttribute('normal')).toBeUndefined();
    expect(geometry.getAttribute('position').array).toBeInstanceOf(Uint16Array);
    expect([...geometry.getAttribute('position').array].slice(9)).toEqual([
      0, 0, 1, 65535, 0, 1, 0, 65535, 1,
    ]);
  });
});

describe('prepareModel', () => {
  /** Above BAKE_VERTEX_LIMIT in all: stays instanced. */
  const LARGE = BAKE_VERTEX_LIMIT / 4 + 1;
  const prepare = (instances = 2) => {
    const root = new THREE.Group();
    const textured = new THREE.Mesh(quad(6, 9, false), material('photo', 0xffffff));
    (textured.material as THREE.MeshStandardMaterial).map = new THREE.Texture();
    textured.name = 'photo';
    root.add(batchesNode(), instancedNode(instances), textured);
    const meshes = prepareModel(root, createSharedUniforms());
    return { root, meshes };
  };

  it('draws a node in one opaque and one transparent mesh, large instance groups in one, textures apart', () => {
    const { meshes } = prepare(LARGE);
    expect(meshes).toHaveLength(4);
    const [opaque, glass, windows, photo] = meshes;
    expect(opaque!.materialNames).toEqual(['concrete', 'steel', 'wood']);
    expect((opaque!.mesh.material as THREE.Material).transparent).toBe(false);
    expect(glass!.materialNames).toEqual(['glass']);
    expect((glass!.mesh.material as THREE.Material).transparent).toBe(true);
    expect(windows!.instanced).toBe(true);
    expect(windows!.materialNames).toEqual(['frame', 'pane']);
    expect((windows!.mesh as THREE.InstancedMesh).count).toBe(LARGE);
    expect(photo!.materialNames).toEqual(['photo']);
    expect((photo!.mesh.material as THREE.MeshLambertMaterial).map).not.toBeNull();
    expect(opaque!.triangles).toBe(6);
    expect(windows!.triangles).toBe(4);
  });

  it('indexes the table by material, so each vertex keeps its colour', () => {
    const { meshes } = prepare();
    const [opaque, glass] = meshes;
    const table = (opaque!.mesh.material as THREE.Material).userData
      .materialTable as THREE.DataTexture;
    expect((glass!.mesh.material as THREE.Material).userData.materialTable).toBe(table);
    const data = table.image.data as Float32Array;
    const rgba = (mesh: THREE.Mesh, vertex: number) => {
      const i = Math.round(mesh.geometry.getAttribute(MATERIAL_ATTRIBUTE).getX(vertex));
      return [...data.subarray(i * 4, i * 4 + 4)];
    };
    const steel = new THREE.Color(0x4060a0);
    // Vertex 4 is element 1's (steel), vertex 8 element 2's (wood).
    expect(elementIdOf(opaque!.mesh, 4)).toBe(1);
    [steel.r, steel.g, steel.b, 1].forEach((value, c) =>
      expect(rgba(opaque!.mesh, 4)[c]).toBeCloseTo(value, 6),
    );
    expect(rgba(glass!.mesh, 0)[3]).toBeCloseTo(0.3);
  });

  it('bakes small instance groups into the batch, each vertex with its instance element', () => {
    const { meshes } = prepare();
    expect(meshes).toHaveLength(3);
    const [opaque] = meshes;
    expect(opaque!.instanced).toBe(false);
    expect(opaque!.materialNames).toEqual(['concrete', 'steel', 'wood', 'frame', 'pane']);
    // 3 quads of the batch + 2 parts x 2 instances.
    expect(opaque!.triangles).toBe(14);
    const ids = new Set<number>();
    const geometry = opaque!.mesh.geometry;
    for (let v = 0; v < geometry.getAttribute('position').count; v++)
      ids.add(elementIdOf(opaque!.mesh, v));
    expect([...ids].sort()).toEqual([0, 1, 2, 4, 5]);
  });

  it('keeps element ids, boxes and picking per element after merging and baking', () => {
    const { root, meshes } = prepare();
    const part = new ModelPart('m', 0, [0, 0, 0], meshes, root);
    expect(part.count).toBe(7);
    expect([part.box.min.x, part.box.max.x, part.box.max.y]).toEqual([0, 11, 8]);
    expect(elementCountOf(meshes)).toBe(7);
    expect(describePart(part).materialCount).toBe(7);
    const boxes = computeElementBoxes(meshes, 7);
    // Element 2 (wood) at z = 2, shifted by its node to x = 10..11.
    expect([...boxes.subarray(12, 18)]).toEqual([10, 0, 2, 11, 1, 2]);
    // Element 5: the second instance, at y = 7.
    expect([...boxes.subarray(30, 36)]).toEqual([0, 7, 0, 1, 8, 1]);
    const raycaster = new THREE.Raycaster();
    raycaster.ray.set(new THREE.Vector3(10.5, 0.5, 10), new THREE.Vector3(0, 0, -1));
    const hit = raycaster.intersectObject(meshes[0]!.mesh)[0]!;
    expect(elementIdOf(meshes[0]!.mesh, hit.face!.a)).toBe(2);
    // The state texture is keyed by those ids: nothing about it changes.
    expect(new ElementState(part.count).count).toBe(7);
  });

  it('grows element boxes mesh by mesh (streamed chunks) to the boxes computed at once', () => {
    const { meshes } = prepare();
    const whole = computeElementBoxes(meshes, 7);
    const grown = elementBoxTable(7);
    for (const entry of meshes) growElementBoxes(grown, [entry]);
    expect([...grown]).toEqual([...whole]);
    // More ids (the metadata's rows, elements without geometry): the boxes so far are kept.
    const wider = elementBoxTable(9, whole);
    expect([...wider.subarray(0, 42)]).toEqual([...whole]);
    expect([...wider.subarray(42)]).toEqual([
      ...[Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity],
      ...[Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity],
    ]);
  });

  it('keeps the large group instanced, its element ids per instance', () => {
    const { meshes } = prepare(LARGE);
    const windows = meshes[2]!.mesh;
    expect(windows.geometry.getAttribute(INSTANCE_ELEMENT_ATTRIBUTE).getX(1)).toBe(5);
    expect(elementIdOf(windows, 0, LARGE - 1)).toBe(4 + LARGE - 1);
  });

  it('bakes onto a quantized batch grid, and not outside it', () => {
    const reference = new THREE.Mesh(new THREE.BufferGeometry());
    reference.geometry.setAttribute(
      'position',
      new THREE.BufferAttribute(new Uint16Array([0, 0, 0, 100, 100, 100]), 3),
    );
    // The batch's grid: 1 step = 0.01, origin at x = -1.
    reference.matrixWorld.compose(
      new THREE.Vector3(-1, 0, 0),
      new THREE.Quaternion(),
      new THREE.Vector3(0.01, 0.01, 0.01),
    );
    const windows = instancedNode().children[0] as THREE.InstancedMesh;
    windows.geometry.setAttribute(
      INSTANCE_ELEMENT_ATTRIBUTE,
      windows.geometry.getAttribute('_ELEMENT_ID'),
    );
    windows.updateMatrixWorld();
    const baked = bakeInstances(windows, reference, ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE)!;
    const position = baked.geometry.getAttribute('position');
    expect(position.array).toBeInstanceOf(Uint16Array);
    // Instance 1's corner (1, 8, 0) in world: (1 + 1) / 0.01 = 200, 8 / 0.01 = 800.
    expect([position.getX(6), position.getY(6), position.getZ(6)]).toEqual([200, 800, 0]);
    expect(baked.geometry.getAttribute(ELEMENT_ATTRIBUTE).getX(6)).toBe(5);
    expect(fitsGrid(windows, reference)).toBe(true);
    windows.setMatrixAt(1, new THREE.Matrix4().makeTranslation(-5, 0, 0));
    expect(fitsGrid(windows, reference)).toBe(false);
    expect(
      bakeInstances(windows, reference, ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE),
    ).toBeNull();
  });

  it('tells a group that fits the grid by its vertices when its box corners reach out', () => {
    // A triangle on the grid's edge: its box's fourth corner, turned 45 degrees about the
    // triangle's corner, lands left of x = 0; the triangle's own vertices do not.
    const reference = new THREE.Mesh(new THREE.BufferGeometry());
    reference.geometry.setAttribute(
      'position',
      new THREE.BufferAttribute(new Uint16Array([0, 0, 0, 100, 100, 100]), 3),
    );
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      'position',
      new THREE.Float32BufferAttribute([0, 0, 0, 10, 0, 0, 10, 10, 0], 3),
    );
    geometry.setIndex([0, 1, 2]);
    const group = new THREE.InstancedMesh(geometry, new THREE.MeshBasicMaterial(), 1);
    group.setMatrixAt(
      0,
      new THREE.Matrix4()
        .makeTranslation(1, 0, 0)
        .multiply(new THREE.Matrix4().makeRotationZ(Math.PI / 4)),
    );
    group.updateMatrixWorld();
    expect(fitsGrid(group, reference)).toBe(true);
    expect(
      bakeInstances(group, reference, ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE),
    ).not.toBeNull();
    // Moved 2 to the left, a vertex leaves the grid: both say so.
    group.setMatrixAt(
      0,
      new THREE.Matrix4()
        .makeTranslation(-2, 0, 0)
        .multiply(new THREE.Matrix4().makeRotationZ(Math.PI / 4)),
    );
    expect(fitsGrid(group, reference)).toBe(false);
    expect(
      bakeInstances(group, reference, ELEMENT_ATTRIBUTE, INSTANCE_ELEMENT_ATTRIBUTE),
    ).toBeNull();
  });

  it('joins small groups reaching outside a quantized batch by turning the batch to floats', () => {
    // The batch node quantized to a 0..100 grid (step 0.01) as the converter writes it: opaque
    // and glass primitives, its grid starting at x = 1; the instances start at x = 0, below it.
    const node = new THREE.Group();
    node.position.set(1, 0, 0);
    node.scale.set(0.01, 0.01, 0.01);
    const quantized = (element: number, z: number) => {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute(
        'position',
        new THREE.BufferAttribute(new Uint16Array([0, 0, z, 100, 0, z, 100, 100, z]), 3),
      );
      geometry.setAttribute(
        '_element_id',
        new THREE.Uint16BufferAttribute([element, element, element], 1),
      );
      geometry.setIndex([0, 1, 2]);
      return geometry;
    };
    node.add(
      new THREE.Mesh(quantized(0, 0), material('concrete', 0x808080)),
      new THREE.Mesh(quantized(1, 50), material('glass', 0x88ccff, 0.3)),
    );
    const root = new THREE.Group();
    root.add(node, instancedNode());
    const meshes = prepareModel(root, createSharedUniforms());
    expect(meshes.map((m) => m.instanced)).toEqual([false, false]);
    const [opaque, glass] = meshes;
    expect(opaque!.mesh.geometry.getAttribute('position').array).toBeInstanceOf(Float32Array);
    // 1 batch triangle + 2 parts x 2 instances x 2 triangles; the glass still merges apart.
    expect(opaque!.triangles).toBe(9);
    expect(glass!.triangles).toBe(1);
    // Instance 1 (element 5) keeps its place: world y 7..8.
    const boxes = computeElementBoxes(meshes, 6);
    expect(boxes[5 * 6 + 1]).toBeCloseTo(7, 5);
    expect(boxes[5 * 6 + 4]).toBeCloseTo(8, 5);
  });

  it('does not merge instanced parts placed differently', () => {
    const root = new THREE.Group();
    const node = instancedNode();
    (node.children[1] as THREE.InstancedMesh).setMatrixAt(1, new THREE.Matrix4());
    root.add(node);
    expect(prepareModel(root, createSharedUniforms())).toHaveLength(2);
  });
});

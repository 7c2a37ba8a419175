/**
 * Feature edges, built lazily the first time edges are switched on: one LineSegments per batch
 * (instanced meshes: one instanced LineSegments drawing every instance), each vertex carrying its
 * element id so hidden elements lose their edges through the same state texture.
 */
import * as THREE from 'three';
import {
  EDGE_INSTANCE_MATRIX,
  ELEMENT_ATTRIBUTE,
  INSTANCE_ELEMENT_ATTRIBUTE,
  edgeMaterial,
  type SharedUniforms,
} from './materials.ts';
import type { ModelMesh } from './model.ts';

const THRESHOLD_DEGREES = 30;

/**
 * Edges of an indexed triangle geometry where the faces meet at more than the threshold angle, or
 * where the surface ends (one face), between faces of the same element. Returns local positions
 * and the element id of each line vertex.
 */
export function featureEdges(
  position: {
    count: number;
    getX(i: number): number;
    getY(i: number): number;
    getZ(i: number): number;
  },
  index: ArrayLike<number>,
  elementIds: { getX(i: number): number } | null,
  thresholdDegrees = THRESHOLD_DEGREES,
): { positions: Float32Array; ids: Float32Array } {
  // Weld vertices by position so edges between split vertices match.
  const weld = new Map<string, number>();
  const welded = new Uint32Array(position.count);
  for (let i = 0; i < position.count; i++) {
    const key = `${Math.round(position.getX(i) * 1e4)},${Math.round(position.getY(i) * 1e4)},${Math.round(position.getZ(i) * 1e4)}`;
    let w = weld.get(key);
    if (w === undefined) weld.set(key, (w = weld.size));
    welded[i] = w;
  }
  const n = weld.size;
  const cosThreshold = Math.cos(THREE.MathUtils.degToRad(thresholdDegrees));
  const first = new Map<
    number,
    { normal: THREE.Vector3; a: number; b: number; id: number; matched: boolean }
  >();
  const out: number[] = [];
  const ids: number[] = [];
  const a = new THREE.Vector3();
  const b = new THREE.Vector3();
  const c = new THREE.Vector3();
  const push = (i: number, j: number, id: number) => {
    out.push(
      position.getX(i),
      position.getY(i),
      position.getZ(i),
      position.getX(j),
      position.getY(j),
      position.getZ(j),
    );
    ids.push(id, id);
  };
  for (let t = 0; t + 2 < index.length; t += 3) {
    const v = [index[t]!, index[t + 1]!, index[t + 2]!];
    a.set(position.getX(v[0]!), position.getY(v[0]!), position.getZ(v[0]!));
    b.set(position.getX(v[1]!), position.getY(v[1]!), position.getZ(v[1]!));
    c.set(position.getX(v[2]!), position.getY(v[2]!), position.getZ(v[2]!));
    const normal = new THREE.Vector3().crossVectors(b.sub(a), c.sub(a));
    if (normal.lengthSq() === 0) continue;
    normal.normalize();
    const id = elementIds ? Math.round(elementIds.getX(v[0]!)) : 0;
    for (let e = 0; e < 3; e++) {
      const i = v[e]!;
      const j = v[(e + 1) % 3]!;
      const wi = welded[i]!;
      const wj = welded[j]!;
      if (wi === wj) continue;
      const key = Math.min(wi, wj) * n + Math.max(wi, wj);
      const other = first.get(key);
      if (!other || other.id !== id) {
        if (!other) first.set(key, { normal, a: i, b: j, id, matched: false });
        else push(i, j, id);
        continue;
      }
      other.matched = true;
      // Opposite winding on double-sided faces: compare the lines, not the orientation.
      if (Math.abs(other.normal.dot(normal)) < cosThreshold) push(i, j, id);
    }
  }
  for (const edge of first.values()) if (!edge.matched) push(edge.a, edge.b, edge.id);
  return { positions: new Float32Array(out), ids: new Float32Array(ids) };
}

function edgesFor(entry: ModelMesh, uniforms: SharedUniforms): THREE.LineSegments | null {
  const geometry = entry.mesh.geometry;
  const index = geometry.index;
  if (!index) return null;
  const perVertexIds = entry.instanced ? null : geometry.getAttribute(ELEMENT_ATTRIBUTE);
  const { positions, ids } = featureEdges(
    geometry.getAttribute('position'),
    index.array,
    perVertexIds,
  );
  if (positions.length === 0) return null;
  let lines: THREE.BufferGeometry;
  if (entry.instanced) {
    const mesh = entry.mesh as THREE.InstancedMesh;
    const instanced = new THREE.InstancedBufferGeometry();
    instanced.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    instanced.setAttribute(
      EDGE_INSTANCE_MATRIX,
      new THREE.InstancedBufferAttribute(mesh.instanceMatrix.array, 16),
    );
    const instanceIds = geometry.getAttribute(INSTANCE_ELEMENT_ATTRIBUTE);
    if (instanceIds) {
      const copy = new Float32Array(instanceIds.count);
      for (let i = 0; i < copy.length; i++) copy[i] = instanceIds.getX(i);
      instanced.setAttribute(
        INSTANCE_ELEMENT_ATTRIBUTE,
        new THREE.InstancedBufferAttribute(copy, 1),
      );
    }
    instanced.instanceCount = mesh.count;
    lines = instanced;
  } else {
    lines = new THREE.BufferGeometry();
    lines.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    lines.setAttribute(ELEMENT_ATTRIBUTE, new THREE.BufferAttribute(ids, 1));
  }
  const segments = new THREE.LineSegments(lines, edgeMaterial(uniforms, entry.instanced));
  segments.matrixAutoUpdate = false;
  segments.matrix.copy(entry.mesh.matrix);
  // Instanced bounds would need every instance: never cull those.
  segments.frustumCulled = !entry.instanced;
  segments.raycast = () => {};
  return segments;
}

export class EdgesLayer {
  private readonly group = new THREE.Group();
  private built = new Set<ModelMesh>();

  constructor(
    parent: THREE.Object3D,
    private readonly uniforms: SharedUniforms,
    private readonly clippingPlanes: THREE.Plane[],
  ) {
    this.group.visible = false;
    parent.add(this.group);
  }

  isOn(): boolean {
    return this.group.visible;
  }

  /** Switches edges; builds the lines of meshes not built yet. */
  set(on: boolean, meshes: readonly ModelMesh[]): void {
    this.group.visible = on;
    if (!on) return;
    for (const entry of meshes) {
      if (this.built.has(entry)) continue;
      this.built.add(entry);
      const lines = edgesFor(entry, this.uniforms);
      if (!lines) continue;
      (lines.material as THREE.Material).clippingPlanes = this.clippingPlanes;
      this.group.add(lines);
    }
  }

  clear(): void {
    for (const child of [...this.group.children]) {
      const lines = child as THREE.LineSegments;
      lines.geometry.dispose();
      (lines.material as THREE.Material).dispose();
      this.group.remove(lines);
    }
    this.built = new Set();
  }

  dispose(): void {
    this.clear();
    this.group.removeFromParent();
  }
}

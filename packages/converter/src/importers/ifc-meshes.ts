/**
 * web-ifc's streamed meshes into the scene: one shared scene geometry per distinct mesh content
 * (exporters write the same geometry again and again; mapped representations become
 * instanceable), materials per surface colour, and the IfcSpace meshes the storey plans label
 * rooms with. One collector takes the meshes of a whole model or of its parts (ifc-parts.ts) in
 * turn: the geometries and materials are shared across parts by express id and by content. It
 * holds them until `fill` puts them into the scene (a model whose parts overlap is meshed again,
 * whole, by a collector of its own).
 */
import type * as WebIFC from 'web-ifc';
import {
  MaterialTable,
  MatrixSlab,
  srgbToLinear,
  type SceneGeometry,
  type SceneMaterial,
  type SceneModel,
  type ScenePlacement,
} from '../scene.ts';

type PlanOnly = NonNullable<SceneModel['planOnly']>;

export class IfcMeshCollector {
  private readonly geometries: SceneGeometry[] = [];
  private readonly placements: ScenePlacement[] = [];
  private readonly materials: SceneMaterial[] = [];
  private readonly materialTable = new MaterialTable(this.materials);
  private readonly materialByColour = new Map<string, number>();
  private readonly geometryIndexById = new Map<number, number>();
  private readonly geometryByContent = new Map<string, number[]>();
  private readonly spaceGeometryById = new Map<number, number>();
  private readonly planOnly: PlanOnly = { geometries: [], placements: [] };
  private readonly matrices = new MatrixSlab();

  constructor(private readonly elementFor: (expressId: number) => number) {}

  /** Puts the meshes into the scene; the spaces' too unless web-ifc failed on them. */
  fill(scene: SceneModel, withSpaces: boolean): void {
    scene.geometries = this.geometries;
    scene.placements = this.placements;
    scene.materials = this.materials;
    if (withSpaces) scene.planOnly = this.planOnly;
  }

  /** A product's mesh, read from the model it was streamed from. */
  addMesh(api: WebIFC.IfcAPI, modelId: number, mesh: WebIFC.FlatMesh): void {
    const placedGeometries = mesh.geometries;
    if (placedGeometries.size() === 0) return;
    const element = this.elementFor(mesh.expressID);
    for (let i = 0; i < placedGeometries.size(); i++) {
      const placed = placedGeometries.get(i);
      let geometryIndex = this.geometryIndexById.get(placed.geometryExpressID);
      if (geometryIndex === undefined) {
        const { vertexData, indices } = readGeometry(api, modelId, placed.geometryExpressID);
        const key = contentKey(vertexData, indices);
        const candidates = this.geometryByContent.get(key) ?? [];
        geometryIndex = candidates.find((candidate) =>
          sameContent(this.geometries[candidate]!, vertexData, indices),
        );
        if (geometryIndex === undefined) {
          geometryIndex = this.geometries.length;
          this.geometries.push(splitVertexData(vertexData, indices));
          candidates.push(geometryIndex);
          this.geometryByContent.set(key, candidates);
        }
        this.geometryIndexById.set(placed.geometryExpressID, geometryIndex);
      }
      this.placements.push({
        element,
        geometry: geometryIndex,
        material: this.materialFor(placed.color),
        matrix: this.matrices.take(placed.flatTransformation),
      });
    }
  }

  /** An IfcSpace's mesh for the storey plans: positions and indices only. */
  addSpace(api: WebIFC.IfcAPI, modelId: number, mesh: WebIFC.FlatMesh): void {
    const placedGeometries = mesh.geometries;
    const element = this.elementFor(mesh.expressID);
    const { planOnly } = this;
    for (let i = 0; i < placedGeometries.size(); i++) {
      const placed = placedGeometries.get(i);
      let geometry = this.spaceGeometryById.get(placed.geometryExpressID);
      if (geometry === undefined) {
        const { vertexData, indices } = readGeometry(api, modelId, placed.geometryExpressID);
        geometry = planOnly.geometries.length;
        const { positions } = splitVertexData(vertexData, indices);
        planOnly.geometries.push({ positions, indices: Uint32Array.from(indices) });
        this.spaceGeometryById.set(placed.geometryExpressID, geometry);
      }
      planOnly.placements.push({
        element,
        geometry,
        material: 0,
        matrix: this.matrices.take(placed.flatTransformation),
      });
    }
  }

  private materialFor(colour: { x: number; y: number; z: number; w: number }): number {
    const raw = `${colour.x},${colour.y},${colour.z},${colour.w}`;
    let material = this.materialByColour.get(raw);
    if (material === undefined) {
      const linear = [srgbToLinear(colour.x), srgbToLinear(colour.y), srgbToLinear(colour.z)];
      const rgba = [...linear, colour.w] as [number, number, number, number];
      const key = rgba.map((c) => c.toFixed(3)).join(',');
      material = this.materialTable.add(key, () => ({
        name: `ifc-${key}`,
        color: rgba,
        metallic: 0,
        roughness: 0.9,
        doubleSided: true,
      }));
      this.materialByColour.set(raw, material);
    }
    return material;
  }
}

/** One of web-ifc's geometries: interleaved position + normal floats, and triangle indices. */
function readGeometry(api: WebIFC.IfcAPI, modelId: number, expressId: number) {
  const geometry = api.GetGeometry(modelId, expressId);
  const vertexData = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
  const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
  geometry.delete();
  return { vertexData, indices };
}

/** web-ifc's interleaved position + normal floats -> the scene's separate arrays. */
function splitVertexData(vertexData: Float32Array, indices: Uint32Array): SceneGeometry {
  const vertexCount = vertexData.length / 6;
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) {
    positions[v * 3] = vertexData[v * 6]!;
    positions[v * 3 + 1] = vertexData[v * 6 + 1]!;
    positions[v * 3 + 2] = vertexData[v * 6 + 2]!;
    normals[v * 3] = vertexData[v * 6 + 3]!;
    normals[v * 3 + 1] = vertexData[v * 6 + 4]!;
    normals[v * 3 + 2] = vertexData[v * 6 + 5]!;
  }
  return { positions, normals, indices: Uint32Array.from(indices) };
}

function contentKey(vertexData: Float32Array, indices: Uint32Array): string {
  const bits = new Uint32Array(vertexData.buffer, vertexData.byteOffset, vertexData.length);
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < bits.length; i++) {
    h1 = Math.imul(h1 ^ bits[i]!, 0x01000193);
    h2 = Math.imul(h2 + bits[i]!, 0x5bd1e995) ^ (h2 >>> 13);
  }
  for (let i = 0; i < indices.length; i++) {
    h1 = Math.imul(h1 ^ indices[i]!, 0x01000193);
    h2 = Math.imul(h2 + indices[i]!, 0x5bd1e995) ^ (h2 >>> 13);
  }
  return `${bits.length}:${indices.length}:${h1 >>> 0}:${h2 >>> 0}`;
}

function sameContent(geometry: SceneGeometry, vertexData: Float32Array, indices: Uint32Array) {
  const { positions, normals } = geometry;
  if (positions.length * 2 !== vertexData.length) return false;
  if (geometry.indices.length !== indices.length) return false;
  for (let i = 0; i < indices.length; i++) if (geometry.indices[i] !== indices[i]) return false;
  for (let v = 0; v < positions.length / 3; v++) {
    for (let c = 0; c < 3; c++) {
      if (!Object.is(positions[v * 3 + c], vertexData[v * 6 + c])) return false;
      if (!Object.is(normals![v * 3 + c], vertexData[v * 6 + 3 + c])) return false;
    }
  }
  return true;
}

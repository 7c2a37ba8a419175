import * as WebIFC from 'web-ifc';
import { describe, expect, it } from 'vitest';
import { buildElementTree, getElementProperties } from '@truss/viewable';
import { extractZip } from './zip.ts';
import { getIfcApi } from './importers/ifc.ts';
import { convertModel } from './convert.ts';
import { convertSample } from './testing/convert-helpers.ts';
import { houseIfc } from './testing/house-ifc.ts';
import { readGlb } from './testing/read-glb.ts';
import { HAVE_SAMPLES, sampleBytes } from './testing/samples.ts';

/** What web-ifc itself reports: products that get meshes, triangles, storeys. */
async function webIfcFacts(bytes: Uint8Array) {
  const api = await getIfcApi();
  const modelId = api.OpenModel(bytes);
  try {
    const meshed = new Set<number>();
    let triangles = 0;
    api.StreamAllMeshes(modelId, (mesh) => {
      for (let i = 0; i < mesh.geometries.size(); i++) {
        const placed = mesh.geometries.get(i);
        const geometry = api.GetGeometry(modelId, placed.geometryExpressID);
        triangles += geometry.GetIndexDataSize() / 3;
        geometry.delete();
        meshed.add(mesh.expressID);
      }
    });
    const storeyIds = api.GetLineIDsWithType(modelId, WebIFC.IFCBUILDINGSTOREY);
    const storeys: number[] = [];
    for (let i = 0; i < storeyIds.size(); i++) storeys.push(storeyIds.get(i));
    return { meshed, triangles, storeys };
  } finally {
    api.CloseModel(modelId);
  }
}

// Each test converts a sample file: seconds on a loaded 2-core CI box, past the 5 s default.
describe.skipIf(!HAVE_SAMPLES)('IFC through web-ifc', { timeout: 30_000 }, () => {
  it('IfcOpenHouse (IFC4): element table, spatial tree, storeys and instancing', async () => {
    const result = await convertSample('ifc/IfcOpenHouse_IFC4.ifc');
    const facts = await webIfcFacts(sampleBytes('ifc/IfcOpenHouse_IFC4.ifc'));
    const { metadata, elements } = result;
    expect(metadata.format).toBe('ifc');
    expect(metadata.source.schema).toBe('IFC4');
    expect(metadata.stats.triangles).toBe(facts.triangles);
    const withGeometry = elements.filter((e) => e.triangles > 0);
    expect(new Set(withGeometry.map((e) => e.expressId))).toEqual(facts.meshed);
    expect(metadata.storeys.map((s) => elements[s.id]!.expressId)).toEqual(facts.storeys);

    const root = buildElementTree(metadata)!;
    expect(elements[root.id]!.type).toBe('IfcProject');
    const types = (node: typeof root): string[] => [
      elements[node.id]!.type,
      ...node.children.flatMap(types),
    ];
    expect(types(root)).toEqual(
      expect.arrayContaining(['IfcSite', 'IfcBuilding', 'IfcBuildingStorey', 'IfcWindow']),
    );
    const wall = elements.find((e) => e.type.startsWith('IfcWall'))!;
    expect(wall.globalId).toMatch(/^[0-9A-Za-z_$]{22}$/);
    expect(wall.bbox).not.toBeNull();
    expect(elements[wall.parent!]!.type).toBe('IfcBuildingStorey');
    expect(metadata.storeys[0]!.elements).toBeGreaterThan(5);

    // Windows share mapped geometry: they are drawn as GPU instances.
    expect(metadata.stats.instances).toBeGreaterThan(0);
    expect(result.json.extensionsUsed).toContain('EXT_mesh_gpu_instancing');
    expect(metadata.stats.drawBatches).toBeLessThan(withGeometry.length);
  });

  it('example.ifc (IFC2X3, Revit): properties, quantities and storey elevations', async () => {
    const result = await convertSample('ifc/example.ifc');
    const facts = await webIfcFacts(sampleBytes('ifc/example.ifc'));
    const { metadata, elements } = result;
    expect(elements.filter((e) => e.triangles > 0)).toHaveLength(facts.meshed.size);
    expect(metadata.storeys).toHaveLength(facts.storeys.length);
    expect(metadata.storeys.every((s) => s.elevation !== null)).toBe(true);
    expect(metadata.units.source).toBe('mm');
    expect(metadata.units.toMetres).toBe(0.001);
    const column = elements.find((e) => e.type === 'IfcColumn')!;
    expect(column.globalId).toMatch(/^[0-9A-Za-z_$]{22}$/);
    const sets = getElementProperties(metadata, column.id);
    expect(sets.some((s) => s.kind === 'pset' && s.properties.length > 0)).toBe(true);
    // Revit's element id is the Tag attribute; GlobalId and Name are element columns.
    const attributes = sets.find((s) => s.kind === 'attributes')!.properties.map((p) => p.name);
    expect(attributes).toContain('Tag');
    expect(attributes).not.toContain('GlobalId');
  });

  it('duplex: the decoded .glb draws each element where the metadata says', async () => {
    const result = await convertSample('ifc/duplex.ifc');
    const { metadata, elements } = result;
    // Quantities carry the project's length unit.
    const quantities = elements.flatMap((e) =>
      getElementProperties(metadata, e.id).filter((s) => s.kind === 'qto'),
    );
    expect(quantities.some((s) => s.properties.some((p) => p.unit === 'm²'))).toBe(true);
    const { draws } = await readGlb(result.glb);
    // The viewer's draw-call budget: materials + 10 (76 primitives before instancing was capped).
    expect(metadata.stats.drawBatches).toBeLessThanOrEqual(metadata.stats.materials + 10);
    // Flat-shaded IFC geometry carries no normals (the viewer derives flat ones).
    expect(draws.filter((d) => d.hasNormals).length).toBeLessThan(draws.length / 10);
    const triangles = new Map<number, number>();
    const boxes = new Map<number, number[]>();
    for (const draw of draws) {
      for (let t = 0; t < draw.indices.length; t += 3) {
        const element = draw.elementIds[draw.indices[t]!]!;
        triangles.set(element, (triangles.get(element) ?? 0) + 1);
      }
      draw.elementIds.forEach((element, v) => {
        const box = boxes.get(element) ?? [
          Infinity,
          Infinity,
          Infinity,
          -Infinity,
          -Infinity,
          -Infinity,
        ];
        for (let c = 0; c < 3; c++) {
          box[c] = Math.min(box[c]!, draw.positions[v * 3 + c]!);
          box[c + 3] = Math.max(box[c + 3]!, draw.positions[v * 3 + c]!);
        }
        boxes.set(element, box);
      });
    }
    const [x0, y0, z0, x1, y1, z1] = metadata.bbox!;
    // Two steps of the 16-bit position grid, plus the metadata's bbox rounding.
    const tolerance =
      (2 * Math.max(x1 - x0, y1 - y0, z1 - z0)) / 65535 + metadata.elements.bboxStep + 1e-9;
    let exact = 0;
    for (const element of elements) {
      expect(triangles.get(element.id) ?? 0).toBe(element.triangles);
      if (!element.bbox) continue;
      const box = boxes.get(element.id)!;
      // The metadata box bounds the transformed local box: it contains the drawn vertices, and
      // equals their box unless the element is rotated.
      let same = true;
      for (let c = 0; c < 3; c++) {
        expect(box[c]!).toBeGreaterThanOrEqual(element.bbox[c]! - tolerance);
        expect(box[c + 3]!).toBeLessThanOrEqual(element.bbox[c + 3]! + tolerance);
        same &&= Math.abs(box[c]! - element.bbox[c]!) <= tolerance;
        same &&= Math.abs(box[c + 3]! - element.bbox[c + 3]!) <= tolerance;
      }
      if (same) exact++;
    }
    expect(exact).toBeGreaterThan(elements.filter((e) => e.bbox).length * 0.9);
  });

  it('SmallModelIfc2x3.ifczip: the IFC inside the zip', async () => {
    const result = await convertSample('ifc/SmallModelIfc2x3.ifczip');
    const inner = [
      ...extractZip(sampleBytes('ifc/SmallModelIfc2x3.ifczip'), (n) => n.endsWith('.ifc')).values(),
    ][0]!;
    const facts = await webIfcFacts(inner);
    expect(result.metadata.format).toBe('ifczip');
    expect(result.metadata.stats.triangles).toBe(facts.triangles);
    expect(result.elements.filter((e) => e.triangles > 0)).toHaveLength(facts.meshed.size);
    expect(result.elements.filter((e) => e.type.startsWith('IfcWall'))).toHaveLength(4);
  });
});

describe('a generated multi-storey glazed house (17 materials)', () => {
  it('stays within the draw budget (materials + 10) with glazing, storeys and instancing', async () => {
    const result = await convertModel({
      bytes: new TextEncoder().encode(houseIfc({ storeys: 4 })),
      filename: 'house.ifc',
    });
    const { json } = await readGlb(result.glb);
    expect(result.stats.materials).toBe(17);
    expect(result.metadata.storeys).toHaveLength(5);
    const primitives = (json.meshes as { primitives: unknown[] }[]).flatMap((m) => m.primitives);
    expect(primitives).toHaveLength(result.stats.drawBatches);
    expect(result.stats.drawBatches).toBeLessThanOrEqual(result.stats.materials + 10);
    const materials = json.materials as { alphaMode?: string }[];
    expect(materials.filter((m) => m.alphaMode === 'BLEND')).toHaveLength(2);
    expect(result.stats.instances).toBeGreaterThan(50);
  }, 60_000);
});

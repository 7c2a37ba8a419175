/** Shared checks for conversion tests: every output must be a valid, batched, indexed .glb. */
import { expect } from 'vitest';
import { listElements, type ModelElement } from '@truss/viewable';
import { convertModel, type ConversionResult } from '../convert.ts';
import { decodeMetadata } from '../metadata-file.ts';
import { validateGlb } from '../validate.ts';
import { sample } from './samples.ts';

interface GlbJson {
  meshes: { primitives: { attributes: Record<string, number>; material?: number }[] }[];
  nodes: { mesh?: number; extensions?: Record<string, { attributes: Record<string, number> }> }[];
  materials?: unknown[];
  accessors: { componentType: number; count: number; normalized?: boolean }[];
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  buffers: { byteLength: number; extensions?: Record<string, { fallback?: boolean }> }[];
}

function glbJson(glb: Uint8Array): GlbJson {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  expect(view.getUint32(0, true)).toBe(0x46546c67);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as GlbJson;
}

/** Converts a sample (with optional companions from the same folder) and checks the invariants. */
export async function convertSample(
  path: string,
  companions: string[] = [],
): Promise<ConversionResult & { json: GlbJson; elements: ModelElement[] }> {
  const { readFileSync } = await import('node:fs');
  const result = await convertModel({
    bytes: sample(path),
    filename: path.split('/').pop()!,
    companions: new Map(
      companions.map((name) => [name, new Uint8Array(readFileSync(sample(name)))]),
    ),
  });
  const validation = await validateGlb(result.glb);
  expect(validation.messages.filter((m) => m.severity === 0)).toEqual([]);
  expect(validation.errors).toBe(0);

  const json = glbJson(result.glb);
  expect(json.extensionsRequired).toEqual(
    expect.arrayContaining(['KHR_mesh_quantization', 'EXT_meshopt_compression']),
  );
  expect(json.buffers.some((b) => b.extensions?.EXT_meshopt_compression?.fallback === true)).toBe(
    true,
  );
  const primitives = json.meshes.flatMap((m) => m.primitives);
  expect(primitives.length).toBe(result.stats.drawBatches);
  // Batches carry the element id per vertex; instanced meshes carry it per instance.
  const batched = json.nodes.find(
    (n) => n.mesh !== undefined && !n.extensions?.EXT_mesh_gpu_instancing,
  );
  if (batched) {
    for (const primitive of json.meshes[batched.mesh!]!.primitives) {
      expect(primitive.attributes._ELEMENT_ID).toBeDefined();
      const accessor = json.accessors[primitive.attributes._ELEMENT_ID!]!;
      expect([5123, 5126]).toContain(accessor.componentType);
      // Quantized positions (KHR_mesh_quantization): 16-bit unsigned grid coordinates.
      expect(json.accessors[primitive.attributes.POSITION!]!.componentType).toBe(5123);
    }
  }
  const { metadata } = result;
  const table = metadata.elements;
  for (const column of [table.type, table.name, table.parent, table.triangles]) {
    expect(column).toHaveLength(table.count);
  }
  expect(table.bbox).toHaveLength(table.count * 6);
  expect(metadata.stats.triangles).toBeGreaterThan(0);
  expect(result.thumbnailPng.subarray(1, 4)).toEqual(new TextEncoder().encode('PNG'));
  // What is stored decodes to exactly what was returned.
  expect(decodeMetadata(result.metadataGz)).toEqual(metadata);
  expect(result.stats.metadataBytes).toBe(result.metadataGz.length);
  return { ...result, json, elements: listElements(metadata) };
}

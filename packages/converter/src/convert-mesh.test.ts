import { describe, expect, it } from 'vitest';
import { buildElementTree } from '@truss/viewable';
import { convertSample } from './testing/convert-helpers.ts';
import { HAVE_SAMPLES } from './testing/samples.ts';

describe.skipIf(!HAVE_SAMPLES)('mesh formats convert to a valid batched .glb', () => {
  it('OBJ + MTL: 100 identical cubes become instances of one cube per material', async () => {
    const result = await convertSample('obj/hundred_cubes.obj', ['obj/hundred_cubes.mtl']);
    expect(result.stats.triangles).toBe(1200);
    expect(result.stats.instances).toBe(100);
    expect(result.elements.filter((e) => e.type === 'Mesh')).toHaveLength(100);
    expect(result.json.extensionsUsed).toContain('EXT_mesh_gpu_instancing');
    // Three MTL colours, one instanced mesh each: draw calls stay at the material count.
    expect(result.stats.materials).toBe(3);
    expect(result.stats.drawBatches).toBe(3);
  });

  it.each([
    ['stl/stl_ascii.stl', 572],
    ['stl/stl_binary.stl', 728],
    ['ply/cube_rgb_binary.ply', 12],
    ['off/Wuson.off', 3732],
  ])('%s has %i triangles in one batch', async (path, triangles) => {
    const result = await convertSample(path);
    expect(result.stats.triangles).toBe(triangles);
    expect(result.stats.drawBatches).toBe(result.stats.materials);
  });

  it('PLY vertex colours reach COLOR_0', async () => {
    const result = await convertSample('ply/cube_rgb_binary.ply');
    expect(result.json.meshes[0]!.primitives[0]!.attributes.COLOR_0).toBeDefined();
  });

  it('glTF: Duck keeps its texture and one batch', async () => {
    const result = await convertSample('gltf/Duck.glb');
    expect(result.stats.triangles).toBe(4212);
    expect(result.stats.drawBatches).toBe(1);
    expect(result.json.meshes[0]!.primitives[0]!.attributes.TEXCOORD_0).toBeDefined();
    expect(buildElementTree(result.metadata)?.children.length).toBeGreaterThan(0);
  });

  it('FBX: spider converts without its missing textures, one batch per material', async () => {
    const result = await convertSample('fbx/spider.fbx');
    expect(result.stats.drawBatches).toBe(result.stats.materials);
    expect(result.elements.filter((e) => e.triangles > 0).length).toBeGreaterThan(10);
  });

  it('COLLADA: duck with its TGA texture re-encoded as PNG', async () => {
    const result = await convertSample('dae/duck.dae', ['dae/duckCM.tga']);
    expect(result.stats.triangles).toBe(4212);
    expect(result.json.meshes[0]!.primitives[0]!.attributes.TEXCOORD_0).toBeDefined();
  });

  it('3MF: per-vertex colours', async () => {
    const result = await convertSample('3mf/pyramid_vertexcolor.3mf');
    expect(result.stats.triangles).toBe(4);
    expect(result.json.meshes[0]!.primitives[0]!.attributes.COLOR_0).toBeDefined();
    expect(result.metadata.units.source).toBe('millimeter');
  });

  it('3DS: cube hierarchy with its materials', async () => {
    const result = await convertSample('3ds/cube_hierarchy.3ds', ['3ds/cube.png']);
    expect(result.stats.triangles).toBe(12);
    expect(result.stats.drawBatches).toBe(result.stats.materials);
  });

  it('3DM: Rhino mesh', async () => {
    const result = await convertSample('3dm/mesh.3dm');
    expect(result.stats.triangles).toBeGreaterThan(100);
    expect(result.elements.some((e) => e.type === 'Layer')).toBe(true);
  });
});

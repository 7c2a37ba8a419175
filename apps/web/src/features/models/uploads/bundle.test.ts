import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bundleFiles, planUploads, uploadSources } from './bundle';

const file = (name: string, text = name, lastModified = 1_700_000_000_000) =>
  new File([text], name, { lastModified });

describe('files picked together', () => {
  it('an OBJ with its MTL and a texture becomes one zip named after the OBJ', async () => {
    const plan = planUploads([file('cubes.obj'), file('cubes.mtl'), file('wood.JPG')]);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const sources = await uploadSources(plan);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.modelName).toBe('cubes.obj');
    expect(sources[0]!.file.name).toBe('cubes.zip');
    const entries = unzipSync(new Uint8Array(await sources[0]!.file.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['cubes.mtl', 'cubes.obj', 'wood.JPG']);
    expect(new TextDecoder().decode(entries['cubes.mtl'])).toBe('cubes.mtl');
  });

  it('glTF with .bin and images, and 3DS with textures, bundle too; other models go alone', () => {
    const plan = planUploads([
      file('scene.gltf'),
      file('scene.bin'),
      file('albedo.png'),
      file('house.ifc'),
    ]);
    expect(plan.ok && plan.parts.map((p) => p.kind)).toEqual(['bundle', 'file']);
    const three = planUploads([file('ship.3ds'), file('hull.tga')]);
    expect(three.ok && three.parts).toMatchObject([
      { kind: 'bundle', companions: [{ name: 'hull.tga' }] },
    ]);
  });

  it('without companions every file is its own upload', () => {
    const plan = planUploads([file('a.obj'), file('b.stl'), file('c.glb')]);
    expect(plan.ok && plan.parts.map((p) => p.kind)).toEqual(['file', 'file', 'file']);
  });

  it('companions alone are refused, naming them', () => {
    expect(planUploads([file('cubes.mtl'), file('wood.jpg')])).toEqual({
      ok: false,
      reason: 'COMPANIONS_ONLY',
      names: ['cubes.mtl', 'wood.jpg'],
    });
  });

  it('the same pick zips to the same bytes (so an interrupted upload can resume)', async () => {
    const a = await bundleFiles(file('m.obj'), [file('m.mtl')]);
    const b = await bundleFiles(file('m.obj'), [file('m.mtl')]);
    expect(new Uint8Array(await a.arrayBuffer())).toEqual(new Uint8Array(await b.arrayBuffer()));
  });
});

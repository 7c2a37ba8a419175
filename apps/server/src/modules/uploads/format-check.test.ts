import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '../../testing/samples.ts';
import { detectComplete, detectFromHead, HEAD_BYTES } from './format-check.ts';

function head(relative: string) {
  const bytes = new Uint8Array(readFileSync(sample(relative)));
  return { head: bytes.subarray(0, HEAD_BYTES), size: bytes.length, bytes };
}

describe.skipIf(!HAVE_SAMPLES)('format from the first 64 KiB', () => {
  it.each([
    ['ifc/duplex.ifc', 'ifc'],
    ['gltf/SheenCloth.glb', 'glb'],
    ['stl/stl_binary.stl', 'stl'],
    ['stl/stl_ascii.stl', 'stl'],
    ['ply/Wuson.ply', 'ply'],
    ['obj/WusonOBJ.obj', 'obj'],
    ['fbx/spider.fbx', 'fbx'],
    ['dae/duck.dae', 'dae'],
    ['3ds/fels.3ds', '3ds'],
    ['off/Wuson.off', 'off'],
    ['step/as1_pe_203.stp', 'step'],
    ['iges/as1_pe_203.igs', 'iges'],
    ['3dm/mesh.3dm', '3dm'],
  ])('%s -> %s', (file, format) => {
    const { head: first, size } = head(file);
    expect(detectFromHead(first, size, 'renamed.bin')).toEqual({ kind: 'format', format });
  });

  it('zips and large glTF JSON wait for the whole file', () => {
    const zip = head('ifc/SmallModelIfc2x3.ifczip');
    expect(detectFromHead(zip.head, zip.size, 'a.ifczip')).toEqual({
      kind: 'deferred',
      format: 'zip',
    });
    expect(detectComplete(zip.bytes, 'a.ifczip')).toEqual({ kind: 'format', format: 'ifczip' });
    const json = new TextEncoder().encode(
      `{"buffers":[{"uri":"${'A'.repeat(70_000)}"}],"asset":{}}`,
    );
    expect(detectFromHead(json.subarray(0, HEAD_BYTES), json.length, 'a.gltf')).toEqual({
      kind: 'deferred',
      format: 'gltf',
    });
    expect(detectComplete(json, 'a.gltf')).toEqual({ kind: 'format', format: 'gltf' });
  });

  it('anything else is unsupported, whatever its name', () => {
    const text = new TextEncoder().encode('Hello, this is a plain text file, not a model.\n');
    expect(detectFromHead(text, text.length, 'house.ifc')).toMatchObject({ kind: 'unsupported' });
    const png = head('3ds/cube.png');
    expect(detectFromHead(png.head, png.size, 'cube.ifc')).toMatchObject({ kind: 'unsupported' });
  });
});

import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EmptyFileError, UnsupportedFormatError } from './errors.ts';
import { detectFormat, type ModelFormat } from './formats.ts';
import { HAVE_SAMPLES, sampleBytes } from './testing/samples.ts';

const EXPECTED: [string, ModelFormat][] = [
  ['ifc/IfcOpenHouse_IFC4.ifc', 'ifc'],
  ['ifc/KIT-Simple-Road-Test-Web-IFC4x3_RC2.ifc', 'ifc'],
  ['ifc/example.ifc', 'ifc'],
  ['ifc/SmallModelIfc2x3.ifczip', 'ifczip'],
  ['gltf/Duck.glb', 'glb'],
  ['gltf/OrientationTest.gltf', 'gltf'],
  ['obj/hundred_cubes.obj', 'obj'],
  ['obj/WusonOBJ.obj', 'obj'],
  ['stl/stl_ascii.stl', 'stl'],
  ['stl/stl_binary.stl', 'stl'],
  ['ply/cube_rgb_binary.ply', 'ply'],
  ['ply/Wuson.ply', 'ply'],
  ['fbx/spider.fbx', 'fbx'],
  ['dae/duck.dae', 'dae'],
  ['3mf/pyramid_vertexcolor.3mf', '3mf'],
  ['3ds/fels.3ds', '3ds'],
  ['3ds/cube_hierarchy.3ds', '3ds'],
  ['off/Wuson.off', 'off'],
  ['step/as1_pe_203.stp', 'step'],
  ['iges/as1_pe_203.igs', 'iges'],
  ['3dm/mesh.3dm', '3dm'],
];

const text = (value: string) => new TextEncoder().encode(value);

describe.skipIf(!HAVE_SAMPLES)('detectFormat on the samples', () => {
  it.each(EXPECTED)('%s is %s, also when renamed', (path, format) => {
    const bytes = sampleBytes(path);
    expect(detectFormat(bytes, path)).toBe(format);
    // Content decides, not the name: a misleading extension changes nothing.
    expect(detectFormat(bytes, 'upload.bin')).toBe(format);
    expect(detectFormat(bytes, 'model.stl')).toBe(format);
  });

  it('refuses a texture as UNSUPPORTED_FORMAT', () => {
    expect(() => detectFormat(sampleBytes('3ds/cube.png'), 'cube.png')).toThrow(
      UnsupportedFormatError,
    );
  });
});

describe('detectFormat on crafted content', () => {
  it('tells IFC from STEP by FILE_SCHEMA', () => {
    const header = (schema: string) =>
      text(
        `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_SCHEMA(('${schema}'));\nENDSEC;\n`,
      );
    expect(detectFormat(header('IFC4X3_ADD2'))).toBe('ifc');
    expect(detectFormat(header('IFC2X3'))).toBe('ifc');
    expect(detectFormat(header('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'))).toBe('step');
    expect(detectFormat(header('CONFIG_CONTROL_DESIGN'))).toBe('step');
  });

  it('recognises BREP, ASCII FBX, OFF and COLLADA headers', () => {
    expect(
      detectFormat(text('DBRep_DrawableShape\n\nCASCADE Topology V1, (c) Matra-Datavision\n')),
    ).toBe('brep');
    expect(detectFormat(text('; FBX 7.3.0 project file\nFBXHeaderExtension:  {\n'))).toBe('fbx');
    expect(detectFormat(text('# comment\nOFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n'))).toBe('off');
    expect(
      detectFormat(text('<?xml version="1.0"?>\n<COLLADA xmlns="x" version="1.4.1"></COLLADA>')),
    ).toBe('dae');
  });

  it('recognises drawings: PDF, DWG by its version magic, ASCII and binary DXF', () => {
    expect(detectFormat(text('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n'), 'plan.bin')).toBe('pdf');
    for (const version of ['AC1015', 'AC1018', 'AC1024', 'AC1027', 'AC1032']) {
      expect(detectFormat(text(`${version}\0\0\0\0\0\x01`), 'plan.bin')).toBe('dwg');
    }
    const dxf = '999\nezdxf\n  0\nSECTION\n  2\nHEADER\n  9\n$ACADVER\n  1\nAC1032\n';
    expect(detectFormat(text(dxf), 'plan.txt')).toBe('dxf');
    expect(detectFormat(text('0\r\nSECTION\r\n2\r\nENTITIES\r\n0\r\nENDSEC\r\n'))).toBe('dxf');
    expect(detectFormat(text('AutoCAD Binary DXF\r\n\x1a\0rest'))).toBe('dxf');
    // A text that merely mentions a section is not a DXF.
    expect(() => detectFormat(text('SECTION\nHEADER\n'))).toThrow(UnsupportedFormatError);
  });

  it('classifies zips by their entries', () => {
    const model = zipSync({
      'house/house.obj': text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'),
      'house/wood.png': text('x'),
    });
    expect(detectFormat(model, 'house.zip')).toBe('zip');
    expect(detectFormat(zipSync({ 'a.ifc': text('ISO-10303-21;') }), 'a.zip')).toBe('ifczip');
    expect(() => detectFormat(zipSync({ 'readme.txt': text('hello') }), 'a.zip')).toThrow(
      UnsupportedFormatError,
    );
  });

  it('throws EMPTY_FILE and UNSUPPORTED_FORMAT with stable codes', () => {
    expect(() => detectFormat(new Uint8Array(0), 'empty.obj')).toThrow(EmptyFileError);
    try {
      detectFormat(text('just some notes, not a model'), 'notes.obj');
      expect.unreachable();
    } catch (error) {
      expect((error as UnsupportedFormatError).code).toBe('UNSUPPORTED_FORMAT');
    }
  });
});

import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PropertyTableBuilder } from './metadata-builder.ts';
import { decodeMetadata, encodeMetadata } from './metadata-file.ts';
import { getElementProperties, METADATA_VERSION, type ModelMetadata } from '@truss/viewable';

function sample(): ModelMetadata {
  const builder = new PropertyTableBuilder();
  const { strings } = builder;
  const common = [builder.property('IsExternal', true), builder.property('Width', 0.2, 'm')];
  // Two walls with the same property set content: stored once.
  builder.assign(1, builder.set('Pset_WallCommon', 'pset', common));
  builder.assign(2, builder.set('Pset_WallCommon', 'pset', [...common]));
  builder.assign(2, builder.set('IfcWall', 'attributes', [builder.property('Tag', '42')]));
  return {
    version: METADATA_VERSION,
    format: 'ifc',
    source: { filename: 'a.ifc', bytes: 10, schema: 'IFC4' },
    units: { source: 'm', toMetres: 1 },
    origin: [0, 0, 0],
    bbox: [0, 0, 0, 2, 3, 4],
    stats: { elements: 3, triangles: 24, materials: 1, instances: 0, drawBatches: 1 },
    storeys: [],
    strings: strings.strings,
    elements: {
      count: 3,
      type: ['IfcBuildingStorey', 'IfcWall', 'IfcWall'].map((t) => strings.add(t)),
      name: [strings.add('Level 1'), -1, strings.add('W2')],
      parent: [-1, 0, 0],
      triangles: [0, 12, 12],
      bbox: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 3000, 200, 1000, 0, 0, 2000, 3000, 4000],
      bboxStep: 1e-3,
      expressId: [5, 6, 7],
      globalId: ['', 'a', 'b'],
    },
    properties: builder.table(),
  };
}

// The readers' own tests are in @truss/viewable (read.test.ts); here: what the converter builds.
describe('metadata version 2', () => {
  it('dedupes properties and sets, and expands them per element', () => {
    const metadata = sample();
    expect(metadata.properties.sets).toHaveLength(2);
    expect(metadata.properties.values).toHaveLength(3);
    expect(getElementProperties(metadata, 1)).toEqual([
      {
        name: 'Pset_WallCommon',
        kind: 'pset',
        properties: [
          { name: 'IsExternal', value: true },
          { name: 'Width', value: 0.2, unit: 'm' },
        ],
      },
    ]);
    expect(getElementProperties(metadata, 2).map((s) => s.kind)).toEqual(['pset', 'attributes']);
    expect(getElementProperties(metadata, 0)).toEqual([]);
  });

  it('keeps the table once sealed, and refuses new rows', () => {
    const builder = new PropertyTableBuilder();
    builder.assign(0, builder.set('Pset', 'pset', [builder.property('Tag', '7')]));
    const before = structuredClone(builder.table());
    builder.seal();
    expect(builder.table()).toEqual(before);
    expect(() => builder.property('Tag', '8')).toThrow(/sealed/);
    expect(() => builder.set('Pset', 'pset', [0])).toThrow(/sealed/);
  });

  it('encodes to gzip and decodes gzip or plain JSON; refuses other versions', () => {
    const metadata = sample();
    const stored = encodeMetadata(metadata);
    expect([...stored.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(decodeMetadata(stored)).toEqual(metadata);
    expect(decodeMetadata(new TextEncoder().encode(JSON.stringify(metadata)))).toEqual(metadata);
    expect(() => decodeMetadata(gzipSync(JSON.stringify({ version: 1 })))).toThrow(/version 1/);
  });
});

import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PropertyTableBuilder } from './metadata-builder.ts';
import { decodeMetadata, encodeMetadata, jsonPieces } from './metadata-file.ts';
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

  it('encodes to gzip and decodes gzip or plain JSON; refuses other versions', async () => {
    const metadata = sample();
    const stored = await encodeMetadata(metadata);
    expect([...stored.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(decodeMetadata(stored)).toEqual(metadata);
    expect(decodeMetadata(new TextEncoder().encode(JSON.stringify(metadata)))).toEqual(metadata);
    expect(() => decodeMetadata(gzipSync(JSON.stringify({ version: 1 })))).toThrow(/version 1/);
    // Written in pieces, the bytes are those of the whole text compressed at once.
    const whole = gzipSync(JSON.stringify(metadata), { level: 6, memLevel: 9 });
    expect(Buffer.from(stored).equals(whole)).toBe(true);
  });

  it('refuses an element given its sets after a later element', () => {
    const builder = new PropertyTableBuilder();
    const set = builder.set('Pset', 'pset', [builder.property('Tag', '7')]);
    builder.assign(3, set);
    builder.assign(3, set);
    expect(() => builder.assign(2, set)).toThrow(/after element 3/);
    expect(builder.table().elements).toEqual([[], [], [], [set, set]]);
  });
});

describe('the property table in columns', () => {
  /** A table like a tower's: every element its own attributes and pset, shared type psets. */
  function bigTable(elements: number) {
    const builder = new PropertyTableBuilder();
    const random = seeded(7);
    const typeSet = builder.set('Pset_WallCommon (type)', 'pset', [
      builder.property('IsExternal', true),
      builder.property('LoadBearing', false),
    ]);
    const reference = new Map<string, number>();
    for (let e = 0; e < elements; e += 1 + Math.floor(random() * 2)) {
      const tag = builder.property('Tag', String(Math.floor(random() * elements)));
      const width = builder.property('Width', Math.floor(random() * 50) / 10, 'm');
      const rows = random() < 0.5 ? [tag, width] : [width];
      const attributes = builder.set('IfcWall', 'attributes', rows);
      // A set found again has the index it was given: checked against a lookup by its text.
      const key = `IfcWall|attributes|${rows.join(',')}`;
      expect(attributes).toBe(reference.get(key) ?? attributes);
      reference.set(key, attributes);
      builder.assign(e, attributes);
      if (random() < 0.8) builder.assign(e, typeSet);
    }
    return { builder, distinctSets: reference.size + 1 };
  }

  it('finds every distinct set and property once, and writes the text of its table', () => {
    const { builder, distinctSets } = bigTable(30_000);
    const table = builder.table();
    expect(table.sets).toHaveLength(distinctSets);
    expect(new Set(table.sets.map((row) => row.join(','))).size).toBe(distinctSets);
    const values = table.values.map((row) => JSON.stringify(row));
    expect(new Set(values).size).toBe(values.length);
    // 1 and '1' are two properties; so are a value with and without a unit.
    expect(builder.property('Tag', 1)).not.toBe(builder.property('Tag', '1'));
    expect(builder.property('Tag', 1, 'm')).not.toBe(builder.property('Tag', 1));
    expect([...builder.jsonPieces()].join('')).toBe(JSON.stringify(builder.table()));
  });
});

describe('jsonPieces', () => {
  it('gives the text of JSON.stringify, a long array a slice at a time', () => {
    const random = seeded(3);
    const value = {
      a: Array.from({ length: 10_000 }, (_, n) => (n % 3 === 0 ? [n, 'x', null] : n / 7)),
      b: undefined,
      c: { d: 'é\u2028"', e: [undefined, () => 1], f: null, g: new Date(0) },
      h: Array.from({ length: 9_000 }, () => ({ r: random(), s: random() < 0.5 || undefined })),
      i: [],
      j: -0,
      k: Symbol('left out'),
    };
    const pieces = [...jsonPieces(value)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    // No piece holds the whole of a long array.
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(
      JSON.stringify(value.h).length / 2,
    );
  });
});

/** A small seeded generator (mulberry32), so a failure can be run again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

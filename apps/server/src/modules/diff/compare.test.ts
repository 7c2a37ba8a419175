import { METADATA_VERSION, type ModelMetadata, type ModelPropertyValue } from '@truss/viewable';
import { describe, expect, it } from 'vitest';
import { compareElementSets } from './compare.ts';
import { elementSet } from './element-set.ts';

interface Spec {
  guid?: string;
  name: string | null;
  type?: string;
  parent?: number;
  geometry?: string;
  sets?: [name: string, kind: number, props: [string, ModelPropertyValue][]][];
}

/** Metadata of the given elements (sets stored once per element, as the converter might). */
function metadata(specs: Spec[], withIds = true): ModelMetadata {
  const strings: string[] = [];
  const str = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const values: ModelMetadata['properties']['values'] = [];
  const sets: number[][] = [];
  const elements: number[][] = [];
  specs.forEach((spec, id) => {
    elements[id] = (spec.sets ?? []).map(([name, kind, props]) => {
      const rows = props.map(([n, v]) => values.push([str(n), v]) - 1);
      return sets.push([str(name), kind, ...rows]) - 1;
    });
  });
  return {
    version: METADATA_VERSION,
    format: withIds ? 'ifc' : 'obj',
    source: { filename: 'm', bytes: 1, schema: null },
    units: { source: 'm', toMetres: 1 },
    origin: [0, 0, 0],
    bbox: null,
    stats: { elements: specs.length, triangles: 0, materials: 0, instances: 0, drawBatches: 0 },
    storeys: [],
    strings,
    elements: {
      count: specs.length,
      type: specs.map((s) => str(s.type ?? 'IfcWall')),
      name: specs.map((s) => (s.name === null ? -1 : str(s.name))),
      parent: specs.map((s) => s.parent ?? -1),
      triangles: specs.map((s) => (s.geometry ? 12 : 0)),
      bbox: specs.flatMap(() => [0, 0, 0, 0, 0, 0]),
      bboxStep: 1e-3,
      geometryHash: specs.map((s) => s.geometry ?? ''),
      ...(withIds ? { globalId: specs.map((s) => s.guid ?? '') } : {}),
    },
    properties: { values, sets, elements },
  };
}

const pset = (props: [string, ModelPropertyValue][]): Spec['sets'] => [
  ['Pset_WallCommon', 1, props],
  ['IfcWall', 0, [['Tag', '7']]],
];

describe('compareElementSets', () => {
  const base: Spec[] = [
    { guid: 'w1', name: 'Wall 1', geometry: 'aa', sets: pset([['FireRating', 'EI30']]) },
    { guid: 'w2', name: 'Wall 2', geometry: 'bb', sets: pset([['FireRating', 'EI30']]) },
    { guid: 'd1', name: 'Door', type: 'IfcDoor', geometry: 'cc' },
    { guid: 's1', name: 'Level 1', type: 'IfcBuildingStorey' },
  ];

  it('reports exactly the added, removed and changed elements', () => {
    const next: Spec[] = [
      { ...base[0]!, sets: pset([['FireRating', 'EI60']]) },
      { ...base[2]!, geometry: 'cd' },
      base[3]!,
      { guid: 'w3', name: 'Wall 3', geometry: 'ee' },
    ];
    expect(compareElementSets(elementSet(metadata(base)), elementSet(metadata(next)))).toEqual({
      added: ['w3'],
      removed: ['w2'],
      changed: [
        { guid: 'd1', geometry: true, properties: [] },
        {
          guid: 'w1',
          geometry: false,
          properties: [{ set: 'Pset_WallCommon', name: 'FireRating', from: 'EI30', to: 'EI60' }],
        },
      ],
    });
  });

  it('compares IFC attributes, Name and class, and properties that come and go', () => {
    const next: Spec[] = [
      { ...base[0]!, name: 'Wall one', sets: [['IfcWall', 0, [['Tag', '8']]]] },
      {
        ...base[1]!,
        type: 'IfcWallStandardCase',
        sets: [...pset([['FireRating', 'EI30']])!, ['Pset_X', 1, [['New', 2]]]],
      },
      ...base.slice(2),
    ];
    const diff = compareElementSets(elementSet(metadata(base)), elementSet(metadata(next)));
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual([
      {
        guid: 'w1',
        geometry: false,
        properties: [
          { set: 'Attributes', name: 'Name', from: 'Wall 1', to: 'Wall one' },
          { set: 'Attributes', name: 'Tag', from: '7', to: '8' },
          { set: 'Pset_WallCommon', name: 'FireRating', from: 'EI30', to: null },
        ],
      },
      {
        guid: 'w2',
        geometry: false,
        properties: [
          { set: 'Attributes', name: 'Class', from: 'IfcWall', to: 'IfcWallStandardCase' },
          { set: 'Pset_X', name: 'New', from: null, to: 2 },
        ],
      },
    ]);
  });

  it('tells a number from the same text and finds no change between equal versions', () => {
    const a = metadata([{ guid: 'x', name: 'X', sets: [['P', 1, [['N', 1]]]] }]);
    const b = metadata([{ guid: 'x', name: 'X', sets: [['P', 1, [['N', '1']]]] }]);
    expect(compareElementSets(elementSet(a), elementSet(b)).changed).toHaveLength(1);
    expect(compareElementSets(elementSet(metadata(base)), elementSet(metadata(base)))).toEqual({
      added: [],
      removed: [],
      changed: [],
    });
  });

  it('matches elements without GlobalIds by their path of names', () => {
    const tree = (leaf: string): Spec[] => [
      { name: 'root' },
      { name: 'box', parent: 0, geometry: 'g1' },
      { name: leaf, parent: 0, geometry: 'g2' },
    ];
    const diff = compareElementSets(
      elementSet(metadata(tree('cone'), false)),
      elementSet(metadata(tree('sphere'), false)),
    );
    expect(diff).toEqual({ added: ['/root/sphere'], removed: ['/root/cone'], changed: [] });
  });

  it('falls back to boxes in world coordinates when a viewable has no geometry hashes', () => {
    const old = (x: number) => {
      const m = metadata([{ guid: 'a', name: 'A', geometry: 'unused' }]);
      delete m.elements.geometryHash;
      m.origin = [x, 0, 0];
      m.elements.bbox = [0, 0, 0, 1000, 1000, 1000];
      return m;
    };
    expect(compareElementSets(elementSet(old(5)), elementSet(old(5))).changed).toEqual([]);
    expect(compareElementSets(elementSet(old(5)), elementSet(old(6))).changed).toEqual([
      { guid: 'a', geometry: true, properties: [] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { METADATA_VERSION, type ModelMetadata } from './metadata.ts';
import {
  buildElementTree,
  getElement,
  getElementProperties,
  listElements,
  readMetadata,
} from './read.ts';

/** A storey with two walls, written by hand in the stored (columnar) form. */
function sample(): ModelMetadata {
  return {
    version: METADATA_VERSION,
    format: 'ifc',
    source: { filename: 'a.ifc', bytes: 10, schema: 'IFC4' },
    units: { source: 'm', toMetres: 1 },
    origin: [0, 0, 0],
    bbox: [0, 0, 0, 2, 3, 4],
    stats: { elements: 3, triangles: 24, materials: 1, instances: 0, drawBatches: 1 },
    storeys: [{ id: 0, name: 'Level 1', elevation: 0, elements: 2 }],
    // 0 IfcBuildingStorey, 1 Level 1, 2 IfcWall, 3 W2, 4 Pset_WallCommon, 5 IsExternal, ...
    strings: [
      'IfcBuildingStorey',
      'Level 1',
      'IfcWall',
      'W2',
      'Pset_WallCommon',
      'IsExternal',
    ].concat(['Width', 'm', 'Tag']),
    elements: {
      count: 3,
      type: [0, 2, 2],
      name: [1, -1, 3],
      parent: [-1, 0, 0],
      triangles: [0, 12, 12],
      bbox: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 3000, 200, 1000, 0, 0, 2000, 3000, 4000],
      bboxStep: 1e-3,
      expressId: [5, 6, 7],
      globalId: ['', 'a', 'b'],
    },
    properties: {
      values: [
        [5, true],
        [6, 0.2, 7],
        [8, '42'],
      ],
      sets: [
        [4, 1, 0, 1],
        [2, 0, 2],
      ],
      elements: [[], [0], [0, 1]],
    },
  };
}

describe('reading metadata version 2', () => {
  it('accepts this version only', () => {
    const metadata = sample();
    expect(readMetadata(metadata)).toBe(metadata);
    expect(readMetadata(JSON.parse(JSON.stringify(metadata)))).toEqual(metadata);
    expect(readMetadata({ version: 1, elements: [] })).toBeNull();
    expect(readMetadata({ version: METADATA_VERSION })).toBeNull();
    expect(readMetadata(null)).toBeNull();
    expect(readMetadata('metadata')).toBeNull();
  });

  it('expands the property sets of an element', () => {
    const metadata = sample();
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
    expect(getElementProperties(metadata, 2)).toEqual([
      expect.objectContaining({ kind: 'pset' }),
      { name: 'IfcWall', kind: 'attributes', properties: [{ name: 'Tag', value: '42' }] },
    ]);
    expect(getElementProperties(metadata, 0)).toEqual([]);
  });

  it('reads elements and the tree from the columns', () => {
    const metadata = sample();
    expect(getElement(metadata, 0)).toEqual({
      id: 0,
      type: 'IfcBuildingStorey',
      name: 'Level 1',
      parent: null,
      bbox: null,
      triangles: 0,
      expressId: 5,
    });
    expect(getElement(metadata, 2)).toMatchObject({
      name: 'W2',
      parent: 0,
      globalId: 'b',
      bbox: [1, 0, 0, 2, 3, 4],
    });
    expect(() => getElement(metadata, 3)).toThrow(RangeError);
    expect(listElements(metadata).map((element) => element.type)).toEqual([
      'IfcBuildingStorey',
      'IfcWall',
      'IfcWall',
    ]);
    expect(buildElementTree(metadata)).toEqual({
      id: 0,
      children: [
        { id: 1, children: [] },
        { id: 2, children: [] },
      ],
    });
  });

  it('gives a tree with several roots a synthetic root', () => {
    const metadata = sample();
    metadata.elements.parent = [-1, -1, 0];
    expect(buildElementTree(metadata)).toEqual({
      id: -1,
      children: [
        { id: 0, children: [{ id: 2, children: [] }] },
        { id: 1, children: [] },
      ],
    });
    expect(buildElementTree({ ...metadata, elements: { ...metadata.elements, count: 0 } })).toBe(
      null,
    );
  });
});

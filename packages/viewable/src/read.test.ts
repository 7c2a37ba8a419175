import { describe, expect, it } from 'vitest';
import {
  buildElementTree,
  getElement,
  getElementProperties,
  listElements,
  readMetadata,
} from './read.ts';
import { METADATA_VERSION } from './metadata.ts';
import { sample } from './testing/sample-metadata.ts';

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

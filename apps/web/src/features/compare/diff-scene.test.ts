import { describe, expect, it } from 'vitest';
import { METADATA_VERSION, type ModelMetadata } from '@truss/viewable';
import { alignment, compareScene } from './diff-scene';

function metadata(guids: string[], origin: [number, number, number] = [0, 0, 0]): ModelMetadata {
  const strings = ['IfcWall', ...guids.map((g) => `name ${g}`)];
  return {
    version: METADATA_VERSION,
    format: 'ifc',
    source: { filename: 'm.ifc', bytes: 1, schema: 'IFC4' },
    units: { source: 'm', toMetres: 1 },
    origin,
    bbox: null,
    stats: { elements: guids.length, triangles: 0, materials: 0, instances: 0, drawBatches: 0 },
    storeys: [],
    strings,
    elements: {
      count: guids.length,
      type: guids.map(() => 0),
      name: guids.map((_, i) => i + 1),
      parent: guids.map(() => -1),
      triangles: guids.map(() => 12),
      bbox: guids.flatMap(() => [0, 0, 0, 1, 1, 1]),
      bboxStep: 1,
      globalId: guids,
    },
    properties: { values: [], sets: [], elements: [] },
  };
}

describe('compareScene', () => {
  it('places added, changed and unchanged on the newer model, removed on the older', () => {
    const to = { metadata: metadata(['a', 'b', 'c', 'n']), offset: 0 };
    const from = { metadata: metadata(['a', 'r', 'b', 'c']), offset: 4 };
    const change = { set: 'Pset', name: 'P', from: 1, to: 2 };
    const scene = compareScene(
      {
        added: ['n'],
        removed: ['r'],
        changed: [{ guid: 'b', geometry: true, properties: [change] }],
      },
      to,
      from,
    );
    expect(scene.ids).toEqual({ added: [3], removed: [5], changed: [1], unchanged: [0, 2] });
    expect(scene.hiddenFrom).toEqual([4, 6, 7]);
    expect(scene.items.changed).toEqual([
      { guid: 'b', id: 1, name: 'name b', type: 'IfcWall', geometry: true, properties: [change] },
    ]);
    expect(scene.items.removed[0]).toMatchObject({ guid: 'r', id: 5, name: 'name r' });
  });

  it('aligns the older model by the difference of the stored origins', () => {
    expect(alignment(metadata([], [100, 0, 5]), metadata([], [98, 0, 5]))).toEqual([-2, 0, 0]);
  });
});

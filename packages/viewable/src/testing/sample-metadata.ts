/** Metadata for the readers' tests. */
import { METADATA_VERSION, type ModelMetadata } from '../metadata.ts';

/** A storey with two walls, written by hand in the stored (columnar) form. */
export function sample(): ModelMetadata {
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

import type { ModelMetadata } from '@truss/viewable';

/**
 * A tiny IFC-like model: project > site > building > two storeys; a wall, a door and a slab on
 * the ground floor, a wall on the first floor.
 */
export function sampleMetadata(): ModelMetadata {
  const strings = [
    'IfcProject', // 0
    'IfcSite', // 1
    'IfcBuilding', // 2
    'IfcBuildingStorey', // 3
    'IfcWall', // 4
    'IfcDoor', // 5
    'IfcSlab', // 6
    'Duplex', // 7
    'Ground Floor', // 8
    'First Floor', // 9
    'Basic Wall:Exterior', // 10
    'Door 900', // 11
    'Pset_WallCommon', // 12
    'IsExternal', // 13
    'Qto_WallBaseQuantities', // 14
    'NetSideArea', // 15
    'm²', // 16
    'LoadBearing', // 17
    'Attributes', // 18
    'Tag', // 19
    'FireRating', // 20
  ];
  return {
    version: 2,
    format: 'ifc',
    source: { filename: 'duplex.ifc', bytes: 1000, schema: 'IFC2X3' },
    units: { source: 'm', toMetres: 1 },
    origin: [0, 0, 0],
    bbox: [0, 0, 0, 10, 6, 8],
    stats: { elements: 9, triangles: 48, materials: 3, instances: 0, drawBatches: 3 },
    storeys: [
      { id: 3, name: 'Ground Floor', elevation: 0, elements: 3 },
      { id: 4, name: 'First Floor', elevation: 3, elements: 1 },
    ],
    strings,
    elements: {
      count: 9,
      //      0  1  2  3  4  5  6  7  8
      type: [0, 1, 2, 3, 3, 4, 5, 6, 4],
      name: [7, -1, -1, 8, 9, 10, 11, -1, 10],
      parent: [-1, 0, 1, 2, 2, 3, 3, 3, 4],
      triangles: [0, 0, 0, 0, 0, 12, 12, 12, 12],
      bbox: [
        ...[0, 0, 0, 0, 0, 0],
        ...[0, 0, 0, 0, 0, 0],
        ...[0, 0, 0, 0, 0, 0],
        ...[0, 0, 0, 0, 0, 0],
        ...[0, 0, 0, 0, 0, 0],
        ...[0, 0, 0, 1000, 300, 20],
        ...[100, 0, 0, 190, 210, 20],
        ...[0, 0, 0, 1000, 30, 800],
        ...[0, 300, 0, 1000, 600, 20],
      ],
      bboxStep: 0.01,
      expressId: [1, 2, 3, 4, 5, 101, 102, 103, 104],
      globalId: [
        '0a',
        '0b',
        '0c',
        '0d',
        '0e',
        '2O2Fr$t4X7Zf8NOew3FLOH',
        '1xS3BCk291UvhgP2dvNsgp',
        '',
        '3cUkl32yn9qRSPvBJVyWYp',
      ],
    },
    properties: {
      values: [
        [13, true], // 0 IsExternal true
        [15, 12.345678, 16], // 1 NetSideArea
        [17, null], // 2 LoadBearing unknown
        [19, 'W-01'], // 3 Tag
        [20, 0.00001], // 4 FireRating tiny
      ],
      sets: [
        [12, 1, 0, 2, 4], // Pset_WallCommon
        [14, 2, 1], // Qto
        [18, 0, 3], // attributes: Tag
      ],
      elements: [[], [], [], [], [], [1, 0, 2], [], [], [0]],
    },
  };
}

/** The source formats a viewable can come from (`metadata.format`). */
export type ModelFormat =
  | 'ifc'
  | 'ifczip'
  | 'gltf'
  | 'glb'
  | 'obj'
  | 'stl'
  | 'ply'
  | 'fbx'
  | 'dae'
  | '3mf'
  | '3ds'
  | 'off'
  | 'step'
  | 'iges'
  | 'brep'
  | '3dm'
  | 'zip';

export const MODEL_FORMATS: readonly ModelFormat[] = [
  'ifc',
  'ifczip',
  'gltf',
  'glb',
  'obj',
  'stl',
  'ply',
  'fbx',
  'dae',
  '3mf',
  '3ds',
  'off',
  'step',
  'iges',
  'brep',
  '3dm',
  'zip',
];

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
  | 'zip'
  | 'pdf'
  | 'dxf'
  | 'dwg';

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
  'pdf',
  'dxf',
  'dwg',
];

/** Formats converted into a sheet viewable (`sheets.ts`) instead of a 3D one. */
export const SHEET_SOURCE_FORMATS: readonly ModelFormat[] = ['pdf', 'dxf', 'dwg'];

export function isSheetFormat(format: string): boolean {
  return (SHEET_SOURCE_FORMATS as readonly string[]).includes(format);
}

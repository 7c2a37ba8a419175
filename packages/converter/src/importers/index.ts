/**
 * Format -> importer. Importers load lazily so a worker converting an OBJ never instantiates the
 * IFC, OpenCascade or openNURBS WASM modules.
 */
import { readFile } from 'node:fs/promises';
import { MalformedFileError, UnsupportedFormatError } from '../errors.ts';
import {
  detectFormat,
  extensionOf,
  isModelEntryName,
  MODEL_EXTENSIONS_IN_ZIP,
  type ModelFormat,
} from '../formats.ts';
import type { SceneModel } from '../scene.ts';
import { extractZip, type ZipLimits } from '../zip.ts';
import type { ModelBytes } from './byte-source.ts';
import type { ImportContext } from './context.ts';

type Importer = (bytes: Uint8Array, ctx: ImportContext) => Promise<SceneModel>;

const importers: Record<
  Exclude<ModelFormat, 'zip' | 'ifczip' | 'ifc' | 'pdf' | 'dxf' | 'dwg'>,
  () => Promise<Importer>
> = {
  gltf: async () => (await import('./gltf.ts')).importGltf,
  glb: async () => (await import('./gltf.ts')).importGltf,
  obj: async () => (await import('./obj.ts')).importObj,
  stl: async () => (await import('./stl.ts')).importStl,
  ply: async () => (await import('./ply.ts')).importPly,
  off: async () => (await import('./off.ts')).importOff,
  fbx: async () => (await import('./fbx.ts')).importFbx,
  dae: async () => (await import('./dae.ts')).importDae,
  '3mf': async () => (await import('./three-mf.ts')).import3mf,
  '3ds': async () => (await import('./three-ds.ts')).import3ds,
  step: async () => (await import('./occt.ts')).importStep,
  iges: async () => (await import('./occt.ts')).importIges,
  brep: async () => (await import('./occt.ts')).importBrep,
  '3dm': async () => (await import('./rhino.ts')).import3dm,
};

/**
 * `input` is the bytes, or the file for an IFC (read in pieces, see byte-source.ts); every other
 * importer parses from memory, so a file is read whole for it.
 */
export async function importByFormat(
  format: ModelFormat,
  input: ModelBytes,
  ctx: ImportContext,
  zipLimits: ZipLimits,
): Promise<SceneModel> {
  if (format === 'ifc') return (await import('./ifc.ts')).importIfc(input, ctx);
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(await readFile(input.path));
  if (format === 'zip' || format === 'ifczip') return importZip(bytes, ctx, zipLimits);
  if (format === 'pdf' || format === 'dxf' || format === 'dwg') {
    // Drawings become sheets (sheets/index.ts convertDrawingFile), not a 3D scene.
    throw new UnsupportedFormatError(`A ${format.toUpperCase()} drawing has no 3D model.`);
  }
  const importer = await importers[format]();
  return importer(bytes, ctx);
}

/** A zip (or .ifczip): the best model entry is converted with every other entry as a companion. */
async function importZip(
  bytes: Uint8Array,
  ctx: ImportContext,
  limits: ZipLimits,
): Promise<SceneModel> {
  const files = extractZip(bytes, (name) => !name.startsWith('__MACOSX/'), limits);
  const models = [...files.keys()]
    .filter(isModelEntryName)
    .sort(
      (a, b) =>
        MODEL_EXTENSIONS_IN_ZIP.indexOf(extensionOf(a)) -
          MODEL_EXTENSIONS_IN_ZIP.indexOf(extensionOf(b)) ||
        (files.get(b)?.length ?? 0) - (files.get(a)?.length ?? 0),
    );
  const main = models[0];
  if (!main)
    throw new UnsupportedFormatError('The zip archive contains no model file we can open.');
  const entry = files.get(main)!;
  const format = detectFormat(entry, main);
  if (format === 'zip' || format === 'ifczip')
    throw new MalformedFileError('Nested zip archives are not supported.');
  const companions = new Map(ctx.companions);
  for (const [name, data] of files) if (name !== main) companions.set(name, data);
  return importByFormat(format, entry, { ...ctx, filename: main, companions }, limits);
}

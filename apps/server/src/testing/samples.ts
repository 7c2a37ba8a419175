/** The shared sample models (read in place, never copied into the repo). */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export const SAMPLES_DIR = process.env.TRUSS_SAMPLES_DIR ?? resolve(repoRoot, '../shared/samples');
export const HAVE_SAMPLES = existsSync(join(SAMPLES_DIR, 'MANIFEST.md'));

/** Debian's assimp-testmodels package ships deliberately broken files here (optional). */
export const ASSIMP_INVALID_DIR = '/usr/share/assimp/models/invalid';

export function sample(relativePath: string): string {
  return join(SAMPLES_DIR, relativePath);
}

/** The shared drawings (PDF, DXF, DWG), read in place. */
export const DRAWINGS_DIR =
  process.env.TRUSS_DRAWINGS_DIR ?? resolve(repoRoot, '../shared/drawings');
export const HAVE_DRAWINGS = existsSync(join(DRAWINGS_DIR, 'MANIFEST.md'));

export function drawing(relativePath: string): string {
  return join(DRAWINGS_DIR, relativePath);
}

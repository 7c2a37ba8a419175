import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';

/** Test helper: buildingSMART's BCF test files and schemas (read in place, see MANIFEST.md). */
export const BCF_SHARED = path.resolve(import.meta.dirname, '../../../../../shared/bcf');

function schemaOf(file: string): string | null {
  if (file === 'bcf.version') return 'version.xsd';
  if (file === 'project.bcfp') return 'project.xsd';
  if (file === 'extensions.xml') return 'extensions.xsd';
  if (file === 'documents.xml') return 'documents.xsd';
  if (file.endsWith('markup.bcf')) return 'markup.xsd';
  if (file.endsWith('.bcfv')) return 'visinfo.xsd';
  return null;
}

/**
 * Test helper: validates every XML file of an exported archive against buildingSMART's XSDs
 * with xmllint (libxml2-utils); throws with xmllint's message on the first invalid file.
 */
export function validateBcf(zip: Uint8Array, version: '3.0' | '2.1', name: string): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'truss-bcf-'));
  const schemas = path.join(BCF_SHARED, version === '3.0' ? 'schemas-v3.0' : 'schemas-v2.1');
  try {
    for (const [file, bytes] of Object.entries(unzipSync(zip))) {
      const schema = schemaOf(file);
      if (!schema) continue;
      const at = path.join(dir, file);
      mkdirSync(path.dirname(at), { recursive: true });
      writeFileSync(at, bytes);
      try {
        execFileSync('xmllint', ['--noout', '--schema', path.join(schemas, schema), at], {
          stdio: 'pipe',
        });
      } catch (error) {
        throw new Error(`${name} ${file}: ${String((error as { stderr?: Buffer }).stderr)}`, {
          cause: error,
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Converts every model in the shared sample set and prints one line per file: elements,
 * triangles, draw batches, instances, input and .glb bytes, seconds, validator errors/warnings.
 * Heavy (all IFC files up to 4 MB): run on its own, never from the unit suite.
 *   npx tsx bench/src/convert/convert-samples.ts [filter]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertModel, validateGlb } from '@truss/converter';

const samples =
  process.env.TRUSS_SAMPLES_DIR ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/samples');
const COMPANION = /\.(mtl|png|jpe?g|tga)$/i;
const filter = process.argv[2] ?? '';

interface Row {
  file: string;
  elements: number | string;
  triangles: number | string;
  batches: number | string;
  instances: number | string;
  inputKiB: string;
  glbKiB: string;
  seconds: string;
  errors: number | string;
  warnings: number | string;
}

const rows: Row[] = [];
for (const folder of readdirSync(samples).filter((name) =>
  statSync(join(samples, name)).isDirectory(),
)) {
  const names = readdirSync(join(samples, folder));
  const companions = new Map(
    names
      .filter((name) => COMPANION.test(name))
      .map((name) => [name, new Uint8Array(readFileSync(join(samples, folder, name)))]),
  );
  for (const name of names.filter((n) => !COMPANION.test(n) && `${folder}/${n}`.includes(filter))) {
    const path = join(samples, folder, name);
    const started = performance.now();
    try {
      const result = await convertModel({ bytes: path, filename: name, companions });
      const seconds = (performance.now() - started) / 1000;
      const validation = await validateGlb(result.glb);
      rows.push({
        file: `${folder}/${name}`,
        elements: result.stats.elements,
        triangles: result.stats.triangles,
        batches: result.stats.drawBatches,
        instances: result.stats.instances,
        inputKiB: (result.stats.inputBytes / 1024).toFixed(0),
        glbKiB: (result.stats.glbBytes / 1024).toFixed(0),
        seconds: seconds.toFixed(2),
        errors: validation.errors,
        warnings: validation.warnings,
      });
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'ERROR';
      rows.push({
        file: `${folder}/${name}`,
        elements: code,
        triangles: (error as Error).message.slice(0, 60),
        batches: '',
        instances: '',
        inputKiB: '',
        glbKiB: '',
        seconds: ((performance.now() - started) / 1000).toFixed(2),
        errors: '',
        warnings: '',
      });
    }
    const row = rows[rows.length - 1]!;
    console.log(Object.values(row).join('\t'));
  }
}
const failed = rows.filter((row) => typeof row.errors !== 'number' || row.errors > 0);
console.log(`${rows.length - failed.length} passed, ${failed.length} failed`);
process.exitCode = failed.length > 0 ? 1 : 0;

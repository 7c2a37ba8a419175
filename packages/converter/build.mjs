// The built command line: bundles src/cli.ts into dist/truss-convert.js (../../scripts/build-node.mjs
// says how and why esbuild) when dist/ is missing or older than a source; `--force` always builds.
// bin/truss-convert.js calls buildConverterCli() before it runs the output, so `npx truss-convert`
// right after `npm ci`, or after an edit, runs the current source as plain JavaScript.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNode } from '../../scripts/build-node.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Builds dist/ unless it is up to date; resolves to whether it built. */
export function buildConverterCli({ force = false } = {}) {
  return buildNode({
    root,
    outdir: 'dist',
    entryPoints: { 'truss-convert': 'src/cli.ts' },
    configFile: fileURLToPath(import.meta.url),
    force,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildConverterCli({ force: process.argv.includes('--force') });
}

// The built server: `node build.mjs` bundles src/ into dist/ (../../scripts/build-node.mjs says
// how and why esbuild) when dist/ is missing or older than a source; `--force` always builds.
// `npm start` runs it first, then `node dist/main.js`.
//
//   dist/main.js              the server (src/main.ts)
//   dist/ops-cli.js           npm run backup / restore (src/ops/cli.ts)
//   dist/payments-refund.js   npm run payments:refund (src/cli/payments-refund.ts)
//   dist/converter-worker.js  the conversion worker thread (@truss/converter's worker-thread.ts)
//   dist/bcf-read-worker.js   the BCF reader thread (@truss/bcf's read-worker.ts)
//   dist/migrations/*.js      one file per migration, found by readdir like src/db/migrations
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNode } from '../../scripts/build-node.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

function entryPoints() {
  const entries = {
    main: 'src/main.ts',
    'ops-cli': 'src/ops/cli.ts',
    'payments-refund': 'src/cli/payments-refund.ts',
    'converter-worker': '../../packages/converter/src/worker-thread.ts',
    'bcf-read-worker': '../../packages/bcf/src/read-worker.ts',
  };
  for (const file of readdirSync(path.join(root, 'src/db/migrations')).sort()) {
    if (/^\d{4}_[a-z0-9_]+\.ts$/.test(file)) {
      entries[`migrations/${file.replace(/\.ts$/, '')}`] = `src/db/migrations/${file}`;
    }
  }
  return entries;
}

/** Builds dist/ unless it is up to date; resolves to whether it built. */
export function buildServer({ force = false } = {}) {
  return buildNode({
    root,
    outdir: 'dist',
    entryPoints: entryPoints(),
    configFile: fileURLToPath(import.meta.url),
    force,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await buildServer({ force: process.argv.includes('--force') });
  if (built) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stderr.write(`built the server into apps/server/dist in ${seconds} s\n`);
  }
}

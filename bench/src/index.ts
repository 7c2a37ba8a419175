/** `npm run bench`: runs every benchmark in turn; each prints its own figures. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const benches = [
  'auth.bench.ts',
  'convert/ifc-vs-thatopen.bench.ts',
  'convert/tower.bench.ts',
  'convert/convert-samples.ts',
];
for (const file of benches) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

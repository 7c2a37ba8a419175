/**
 * Boot-step bench (`npm run bench:boot`): what each step of the web app's boot (apps/web/src/boot)
 * still saves. It builds the app once per variant with steps left out (vite.config.ts
 * `TRUSS_BOOT_OFF`) into a folder of its own, and runs the Truss-only viewer bench
 * (`TRUSS_BENCH_TRUSS_ONLY=1 npm run bench:viewer`) against each build (`WEB_DIST_DIR`), the
 * variants taking turns for `TRUSS_BOOT_ROUNDS` rounds (default 2) so a busy moment of the machine
 * falls on all of them. Prints first frame and loaded per model and variant, medians over the
 * rounds' medians.
 *
 *   TRUSS_BENCH_RUNS=5 TRUSS_BOOT_ROUNDS=2 npm run bench:boot
 *
 * The models list's steps (`models-list`: its early data, outline and formatter warm-up) show in
 * Lighthouse's LCP on /models: `TRUSS_BOOT_WEB=1` adds `bench:web` per variant for them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withCleanup } from '../support/cleanup.ts';

const run = promisify(execFile);
const webDir = fileURLToPath(new URL('../../../apps/web/', import.meta.url));
const benchDir = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env.TRUSS_BOOT_ROUNDS ?? 2);
const WITH_WEB = process.env.TRUSS_BOOT_WEB === '1';

const VARIANTS = [
  { name: 'every step', off: '' },
  { name: 'no inline scripts', off: 'inline' },
  { name: 'no early view', off: 'early-view' },
  ...(WITH_WEB ? [{ name: 'no models-list steps', off: 'models-list' }] : []),
];

/** `| model | first frame (ms) | loaded (ms) |` rows of the Truss-only table. */
function parseRows(out: string): Map<string, [number, number]> {
  const rows = new Map<string, [number, number]>();
  for (const line of out.split('\n')) {
    const cells = /^\| ([^|]+) \| (\d+) \| (\d+) \|$/.exec(line.trim());
    if (cells) rows.set(cells[1]!.trim(), [Number(cells[2]), Number(cells[3])]);
  }
  return rows;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

await withCleanup(async (cleanup) => {
  const root = await mkdtemp(path.join(tmpdir(), 'truss-boot-bench-'));
  cleanup.add('the builds', root, (dir) => rm(dir, { recursive: true, force: true }));
  const builds: string[] = [];
  for (const [i, variant] of VARIANTS.entries()) {
    const outDir = path.join(root, `dist-${i}`);
    console.error(`building "${variant.name}" into ${outDir}`);
    await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: webDir,
      env: { ...process.env, TRUSS_BOOT_OFF: variant.off },
      maxBuffer: 64 << 20,
    });
    builds.push(outDir);
  }
  const results = VARIANTS.map(() => new Map<string, [number[], number[]]>());
  const web: string[][] = VARIANTS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, variant] of VARIANTS.entries()) {
      console.error(`round ${round + 1}: ${variant.name}`);
      const env = { ...process.env, WEB_DIST_DIR: builds[i]!, TRUSS_BENCH_TRUSS_ONLY: '1' };
      const { stdout } = await run('npx', ['tsx', 'src/viewer/viewer.bench.ts'], {
        cwd: benchDir,
        env,
        maxBuffer: 64 << 20,
      });
      for (const [model, [first, loaded]] of parseRows(stdout)) {
        const seen = results[i]!.get(model) ?? [[], []];
        seen[0].push(first);
        seen[1].push(loaded);
        results[i]!.set(model, seen);
      }
      if (WITH_WEB) {
        const { stdout: out } = await run('npx', ['tsx', 'src/web/route-js.bench.ts'], {
          cwd: benchDir,
          env: { ...process.env, WEB_DIST_DIR: builds[i]! },
          maxBuffer: 64 << 20,
        });
        web[i]!.push(
          out
            .split('\n')
            .filter((line) => /^\| \/models /.test(line))
            .join('\n'),
        );
      }
    }
  }
  const models = [...results[0]!.keys()];
  const header = [
    '| model | ' + VARIANTS.map((v) => `${v.name}: first / loaded (ms)`).join(' | ') + ' |',
  ];
  header.push('|---|' + VARIANTS.map(() => '---:').join('|') + '|');
  for (const model of models) {
    const cells = results.map((byModel) => {
      const [first, loaded] = byModel.get(model) ?? [[], []];
      return `${median(first).toFixed(0)} / ${median(loaded).toFixed(0)}`;
    });
    header.push(`| ${model} | ${cells.join(' | ')} |`);
  }
  console.log(`Boot steps, ${ROUNDS} round(s), each the median of the viewer bench's runs\n`);
  console.log(header.join('\n'));
  if (WITH_WEB) {
    for (const [i, variant] of VARIANTS.entries())
      console.log(`\n${variant.name}\n${web[i]!.join('\n')}`);
  }
});

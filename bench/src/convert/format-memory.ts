/**
 * Peak memory of a conversion per format (docs/memory.md): the largest sample of each format in
 * the shared set, plus a generated binary STL of BENCH_MEMORY_STL_MIB (default 100) MiB, each
 * converted from its path in a fresh process (as the server's worker gets it). Prints the input
 * size, the process's peak RSS, the RSS of the same process before the conversion (Node, the
 * converter's modules) and the difference per MiB of input.
 *
 *   npm run bench:memory -w @truss/bench
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const samples =
  process.env.TRUSS_SAMPLES_DIR ??
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared/samples');
const STL_MIB = Number(process.env.BENCH_MEMORY_STL_MIB ?? 100);
const MODEL =
  /\.(ifc|ifczip|stl|obj|glb|gltf|fbx|dae|ply|3ds|3mf|stp|step|igs|iges|3dm|off|brep)$/i;

interface Measured {
  ok: boolean;
  error?: string;
  baseMiB: number;
  peakMiB: number;
  seconds: number;
}

async function child(file: string): Promise<void> {
  const { convertModel } = await import('@truss/converter');
  const baseMiB = process.resourceUsage().maxRSS / 1024;
  const started = performance.now();
  let outcome: Pick<Measured, 'ok' | 'error'> = { ok: true };
  try {
    await convertModel({ bytes: file, filename: file.split('/').pop()! });
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ ...outcome, baseMiB, peakMiB, seconds })}\n`);
}

async function measure(file: string): Promise<Measured> {
  const self = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', self, '--child', file],
    { maxBuffer: 1 << 24 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as Measured;
}

function largestPerFormat(): string[] {
  const best = new Map<string, { file: string; size: number }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (MODEL.test(entry.name)) {
        const format = extname(entry.name).slice(1).toLowerCase();
        const size = statSync(full).size;
        if (size > (best.get(format)?.size ?? -1)) best.set(format, { file: full, size });
      }
    }
  };
  walk(samples);
  return [...best.values()].map((entry) => entry.file).sort();
}

/** A binary STL of random triangles (nothing to weld or instance: the worst case per byte). */
function writeStl(file: string, mib: number): void {
  const triangles = Math.floor((mib * 2 ** 20 - 84) / 50);
  const body = Buffer.alloc(84 + triangles * 50);
  body.write('truss bench:memory', 0);
  body.writeUInt32LE(triangles, 80);
  const random = randomBytes(4 * triangles * 9);
  for (let t = 0; t < triangles; t++) {
    for (let v = 0; v < 9; v++) {
      body.writeFloatLE(random.readUInt32LE((t * 9 + v) * 4) / 2 ** 32, 84 + t * 50 + 12 + v * 4);
    }
  }
  writeFileSync(file, body);
}

async function main(): Promise<void> {
  const stl = join(tmpdir(), `truss-bench-memory-${process.pid}.stl`);
  writeStl(stl, STL_MIB);
  try {
    console.log(`peak RSS of one conversion per format (load average ${loadavg()[0]!.toFixed(1)})`);
    console.log(
      '| file | input MiB | RSS before MiB | peak RSS MiB | peak - before | per input MiB | s |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const file of [...largestPerFormat(), stl]) {
      const inputMiB = statSync(file).size / 2 ** 20;
      const m = await measure(file);
      const grown = m.peakMiB - m.baseMiB;
      const name =
        file === stl ? `generated ${STL_MIB} MiB binary STL` : file.slice(samples.length + 1);
      console.log(
        `| ${name}${m.ok ? '' : ` (failed: ${m.error})`} | ${inputMiB.toFixed(2)} | ${m.baseMiB.toFixed(0)} | ${m.peakMiB.toFixed(0)} | ${grown.toFixed(0)} | ${(grown / inputMiB).toFixed(1)} | ${m.seconds.toFixed(1)} |`,
      );
    }
  } finally {
    rmSync(stl, { force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!);
else await main();

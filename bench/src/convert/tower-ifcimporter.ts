/**
 * That Open's IfcImporter (@thatopen/fragments) on a tower file, for bench:tower's comparison
 * (TRUSS_TOWER_IFCIMPORTER=1): in a fresh child process like Truss's conversion, warmed up on the
 * one-storey tower first (its web-ifc start-up is not counted, as Truss's is not), then timed on
 * the file read whole (IfcImporter takes bytes), to the zlib-compressed .frag the viewer loads.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const CHILD_FLAG = '--ifcimporter-child';

export interface IfcImporterReport {
  seconds: number;
  fragBytes: number;
  /** Peak RSS of the child process during the timed conversion (warm-up included). */
  maxRssMiB: number;
}

async function child(input: string, warmUp: string): Promise<void> {
  // Here only: tower.bench.ts imports this file, and its conversion children must not load it.
  const FRAGS = await import('@thatopen/fragments');
  const importer = new FRAGS.IfcImporter();
  importer.wasm = {
    absolute: true,
    path: `${dirname(fileURLToPath(import.meta.resolve('web-ifc')))}/`,
  };
  await importer.process({ bytes: new Uint8Array(await readFile(warmUp)), raw: false });
  const started = performance.now();
  const bytes = new Uint8Array(await readFile(input));
  const frag = await importer.process({ bytes, raw: false });
  const report: IfcImporterReport = {
    seconds: (performance.now() - started) / 1000,
    fragBytes: frag.byteLength,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** Converts `input` with IfcImporter in a child process (killed when `signal` aborts). */
export async function timeIfcImporter(
  input: string,
  warmUp: string,
  signal: AbortSignal,
): Promise<IfcImporterReport> {
  const self = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', self, CHILD_FLAG, input, warmUp],
    { maxBuffer: 1 << 24, signal },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as IfcImporterReport;
}

// Not tower.bench.ts's `--child`: that file imports this one.
if (process.argv[2] === CHILD_FLAG) await child(process.argv[3]!, process.argv[4]!);

/**
 * Large-model bench: synthetic IFC4 towers (tower-ifc.ts) of about 5,000, 20,000, 50,000 and
 * 200,000 elements, each converted in a fresh child process through the converter's worker-thread
 * entry (as the server runs it: a Worker with resourceLimits, the IFC given as a path, so read
 * from its file in pieces). Reports conversion time, stored output (model.glb +
 * metadata.json.gz), triangles, draw batches, the process's peak RSS (worker included) and the
 * growth factor between sizes (time and memory per element ratio: 1.00 is linear). The largest
 * tower's .glb goes through the Khronos validator, and its conversion must stay under the memory
 * cap (V8 heap limit of the worker and peak RSS of the process). Then the largest tower goes
 * through the real server and its model page is opened in Chromium (tower-view.ts): the viewer
 * must report it loaded (needs `npm run build:web`; TRUSS_TOWER_VIEW=0 skips it).
 *
 *   npm run bench:tower -w @truss/bench [-- 5000 10000]   (TRUSS_TOWER_CAP_MIB=1024 for a tighter cap)
 *
 * TRUSS_TOWER_IFCIMPORTER=50000: towers of up to that many elements are also converted by That
 * Open's IfcImporter (tower-ifcimporter.ts, a fresh process too) for its time and peak RSS.
 *
 * The IFC files are written to os.tmpdir() and deleted afterwards.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { ConversionStats } from '@truss/converter';
import { withCleanup, type Cleanup } from '../support/cleanup.ts';
import { writeTowerIfc } from './tower-ifc.ts';
import { timeIfcImporter, type IfcImporterReport } from './tower-ifcimporter.ts';
import type { TowerView } from './tower-view.ts';

const PER_STOREY = 250;
/** The worker's V8 heap limit and the bound on the process's peak RSS (TRUSS_TOWER_CAP_MIB). */
const MEMORY_CAP_MIB = Number(process.env.TRUSS_TOWER_CAP_MIB ?? 2048);
/** Open the largest tower in Chromium through the server (TRUSS_TOWER_VIEW=0: skip). */
const VIEW = process.env.TRUSS_TOWER_VIEW !== '0';
/** Towers of this many elements and more are opened in Chromium too (the largest always is). */
const VIEW_FROM = 50_000;
/** Towers up to this many elements also go through That Open's IfcImporter (0: none). */
const IFCIMPORTER_UP_TO = Number(process.env.TRUSS_TOWER_IFCIMPORTER ?? 0);

interface ChildReport {
  ok: boolean;
  error?: string;
  elements: number;
  triangles: number;
  drawBatches: number;
  instances: number;
  glbBytes: number;
  metadataBytes: number;
  seconds: number;
  stageSeconds: Record<string, number>;
  /** The process's RSS at its highest in each stage, sampled every 20 ms and at each report. */
  stageRssMiB: Record<string, number>;
  wallSeconds: number;
  /** Worker start-up, web-ifc initialisation and the one-storey warm-up conversion. */
  coldSeconds: number;
  /** Peak RSS of the whole process (worker thread included) during the conversion. */
  maxRssMiB: number;
  /** Peak RSS after start-up and the warm-up: the base the model's own memory adds to. */
  baseRssMiB: number;
  validation?: { errors: number; warnings: number };
}

function convertIn(
  worker: Worker,
  input: string,
  stageRssMiB: Record<string, number> = {},
): Promise<Record<string, unknown>> {
  let stage = 'start';
  const sample = () => {
    const rss = process.memoryUsage.rss() / 1024 ** 2;
    stageRssMiB[stage] = Math.max(stageRssMiB[stage] ?? 0, rss);
  };
  const timer = setInterval(sample, 20);
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const onMessage = (message: {
      type: string;
      stage?: string;
      response?: Record<string, unknown>;
    }) => {
      sample();
      if (message.type === 'progress' && message.stage) stage = message.stage;
      if (message.type !== 'result') return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(message.response!);
    };
    worker.on('error', reject);
    worker.on('message', onMessage);
    worker.postMessage({ type: 'convert', request: { input, filename: 'tower.ifc' } });
  }).finally(() => clearInterval(timer));
}

/**
 * Child mode: a fresh worker thread (heap capped) converts a one-storey tower first, so the
 * measured conversion does not include web-ifc's WASM start-up (reported apart), then the file.
 */
async function child(input: string, warmUp: string, validate: boolean): Promise<void> {
  const bootstrap = new URL(import.meta.resolve('@truss/converter/worker-thread'));
  const coldStarted = performance.now();
  const worker = new Worker(bootstrap, {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_CAP_MIB },
  });
  await convertIn(worker, warmUp);
  const coldSeconds = (performance.now() - coldStarted) / 1000;
  const baseRssMiB = process.resourceUsage().maxRSS / 1024;
  const started = performance.now();
  const stageRssMiB: Record<string, number> = {};
  const response = await convertIn(worker, input, stageRssMiB);
  const wallSeconds = (performance.now() - started) / 1000;
  await worker.terminate();
  const maxRssMiB = process.resourceUsage().maxRSS / 1024;
  if (!response.ok) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: String(response.message) })}\n`);
    return;
  }
  const stats = response.stats as ConversionStats;
  const report: ChildReport = {
    ok: true,
    elements: stats.elements,
    triangles: stats.triangles,
    drawBatches: stats.drawBatches,
    instances: stats.instances,
    glbBytes: stats.glbBytes,
    metadataBytes: stats.metadataBytes,
    seconds: stats.seconds,
    stageSeconds: stats.stageSeconds as Record<string, number>,
    stageRssMiB,
    wallSeconds,
    coldSeconds,
    maxRssMiB,
    baseRssMiB,
  };
  if (validate) {
    // After the peak was read: the validator's own memory is not the conversion's.
    const { validateGlb } = await import('@truss/converter');
    const result = await validateGlb(new Uint8Array(response.glb as ArrayBuffer));
    report.validation = { errors: result.errors, warnings: result.warnings };
    if (result.errors > 0) console.error(JSON.stringify(result.messages.slice(0, 10)));
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

async function runChild(
  input: string,
  warmUp: string,
  validate: boolean,
  signal: AbortSignal,
): Promise<ChildReport> {
  const self = fileURLToPath(import.meta.url);
  // Killed when the bench stops (a failure elsewhere, a signal): a 200k conversion runs minutes.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', self, '--child', input, warmUp, validate ? 'validate' : ''],
    { maxBuffer: 1 << 24, signal },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as ChildReport;
}

async function main(cleanup: Cleanup): Promise<void> {
  const sizes = process.argv.slice(2).map(Number).filter(Number.isFinite);
  if (sizes.length === 0) sizes.push(5_000, 20_000, 50_000, 200_000);
  const warmUp = join(tmpdir(), `truss-tower-warm-up-${process.pid}.ifc`);
  cleanup.add('the warm-up file', warmUp, (file) => rmSync(file, { force: true }));
  await writeTowerIfc(warmUp, { storeys: 1, perStorey: 50 });
  await measure(sizes, warmUp, cleanup);
}

async function measure(sizes: number[], warmUp: string, cleanup: Cleanup): Promise<void> {
  const largest = Math.max(...sizes);
  const views: { elements: number; view: TowerView }[] = [];
  const rows: {
    size: number;
    storeys: number;
    ifcBytes: number;
    report: ChildReport;
    thatOpen: IfcImporterReport | null;
  }[] = [];
  console.log(
    '| elements | storeys | IFC MiB | convert s | ms / 1k el. | stored KiB (glb + meta.gz) | glb KiB | meta.gz KiB | triangles | draw batches | instances | peak RSS MiB | RSS above base MiB | time growth | memory growth | IfcImporter s, peak RSS MiB |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const size of sizes) {
    const storeys = Math.max(1, Math.round(size / PER_STOREY));
    const path = join(tmpdir(), `truss-tower-${size}-${process.pid}.ifc`);
    let ifcBytes: number;
    let report: ChildReport;
    let thatOpen: IfcImporterReport | null = null;
    try {
      const tower = await writeTowerIfc(path, { storeys, perStorey: PER_STOREY });
      ifcBytes = tower.bytes;
      report = await runChild(path, warmUp, size === largest, cleanup.signal);
      if (size <= IFCIMPORTER_UP_TO) thatOpen = await timeIfcImporter(path, warmUp, cleanup.signal);
      // Imported here: the child processes measure memory and need none of it.
      if ((size === largest || size >= VIEW_FROM) && VIEW) {
        const view = await (await import('./tower-view.ts')).viewTower(path, 1_800_000, cleanup);
        views.push({ elements: size, view });
      }
    } finally {
      rmSync(path, { force: true });
    }
    if (!report.ok) throw new Error(`tower ${size}: ${report.error}`);
    const previous = rows[rows.length - 1];
    rows.push({ size, storeys, ifcBytes, report, thatOpen });
    const kib = (bytes: number) => (bytes / 1024).toFixed(0);
    // Growth per element: (ratio to the previous size) / (element ratio); 1.00 = linear.
    // Memory below 32 MiB above the start-up peak is noise: no ratio from it.
    const growth = (now: number, before: number | undefined, floor = 0) =>
      previous && before && before > floor
        ? ((now / before) * (previous.report.elements / report.elements)).toFixed(2)
        : '-';
    console.log(
      `| ${report.elements} | ${storeys} | ${(ifcBytes / 1024 ** 2).toFixed(1)} | ${report.seconds.toFixed(2)} | ${((report.seconds * 1e6) / report.elements).toFixed(0)} | ${kib(report.glbBytes + report.metadataBytes)} | ${kib(report.glbBytes)} | ${kib(report.metadataBytes)} | ${report.triangles} | ${report.drawBatches} | ${report.instances} | ${report.maxRssMiB.toFixed(0)} | ${(report.maxRssMiB - report.baseRssMiB).toFixed(0)} | ${growth(report.seconds, previous?.report.seconds)} | ${growth(report.maxRssMiB - report.baseRssMiB, previous && previous.report.maxRssMiB - previous.report.baseRssMiB, 32)} | ${thatOpen ? `${thatOpen.seconds.toFixed(2)}, ${thatOpen.maxRssMiB.toFixed(0)}` : '-'} |`,
    );
  }
  console.log('\nstage seconds per size:');
  for (const { report } of rows) {
    const stages = Object.entries(report.stageSeconds)
      .map(([stage, seconds]) => `${stage} ${seconds.toFixed(2)}`)
      .join(', ');
    console.log(
      `  ${report.elements} elements: ${stages}; worker round trip ${report.wallSeconds.toFixed(2)} s; cold start + warm-up ${report.coldSeconds.toFixed(2)} s`,
    );
  }
  // Where the peak is: the RSS sampled in the child while each stage ran.
  console.log('\npeak RSS MiB per stage:');
  for (const { report } of rows) {
    const stages = Object.entries(report.stageRssMiB)
      .map(([stage, mib]) => `${stage} ${mib.toFixed(0)}`)
      .join(', ');
    console.log(`  ${report.elements} elements: ${stages}`);
  }
  const last = rows[rows.length - 1]!;
  const validation = last.report.validation;
  console.log(
    `\nKhronos validator on the ${last.report.elements}-element .glb: ${validation?.errors} errors, ${validation?.warnings} warnings`,
  );
  for (const { elements, view } of views) {
    console.log(
      `Chromium, the ${elements}-element tower through the server: converted in ${view.serverSeconds.toFixed(0)} s (upload to ready, then ${view.settleSeconds.toFixed(0)} s until the server was quiet); model page cold: first frame ${view.firstFrameMs.toFixed(0)} ms, orbitable ${view.orbitableMs.toFixed(0)} ms (longest task after the first frame ${view.longestTaskMs.toFixed(0)} ms, ${view.longTasks} over 50 ms before loaded), loaded ${view.loadedMs.toFixed(0)} ms, JS heap ${view.heapMiB.toFixed(0)} MiB, geometry kept (GPU estimate) ${view.gpuMiB === null ? 'n/a (one file)' : `${view.gpuMiB.toFixed(0)} MiB`}, ${view.drawCalls} draw calls${view.streaming ? `, chunks ${view.streaming.resident}/${view.streaming.chunks} resident, ${(view.streaming.fetchedBytes / 1024 ** 2).toFixed(1)} MiB fetched, ${view.streaming.dropped} dropped` : ''}`,
    );
  }
  for (const { elements, view } of views) {
    const other = view.thatOpen;
    if (!other) continue;
    console.log(
      `That Open fragments on the ${elements}-element tower (same Chromium, ${view.canvas.width}x${view.canvas.height}): IfcImporter ${other.convertSeconds.toFixed(0)} s to ${(other.fragBytes / 1024).toFixed(0)} KiB .frag; first frame ${other.firstFrameMs.toFixed(0)} ms, loaded ${other.loadedMs.toFixed(0)} ms, JS heap ${other.heapMiB.toFixed(0)} MiB, ${other.drawCalls} draw calls; Truss / That Open: first frame ${(view.firstFrameMs / other.firstFrameMs).toFixed(2)}, loaded ${(view.loadedMs / other.loadedMs).toFixed(2)}`,
    );
  }
  const underCap = last.report.maxRssMiB <= MEMORY_CAP_MIB;
  console.log(
    `memory cap ${MEMORY_CAP_MIB} MiB (worker maxOldGenerationSizeMb and process peak RSS): ${underCap ? 'PASS' : 'FAIL'} (${last.report.maxRssMiB.toFixed(0)} MiB)`,
  );
  if (!underCap || (validation?.errors ?? 1) > 0) process.exitCode = 1;
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]!, process.argv[4]!, process.argv[5] === 'validate');
} else await withCleanup(main);

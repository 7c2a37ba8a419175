/**
 * Viewer bench (`npm run bench:viewer`): Truss against xeokit, That Open and Online3DViewer in
 * the same headless Chromium, same run. Truss: the real server (built web app, PGlite) converts
 * Duplex, Office_A, Mini_Project and a generated 50,000-element tower, then `/model/:id` is
 * opened cold N times per model. xeokit opens the `.xkt` xeokit-convert made, That Open the
 * `.frag` its IfcImporter made (contenders/harness.ts: converted once, not timed);
 * Online3DViewer opens the ORIGINAL IFC files with a local web-ifc (o3dv/harness.ts). Every
 * viewer draws into a canvas of the size Truss's canvas has on its model page, and its first
 * frame is measured the same way: the first WebGL draw of triangles into that canvas
 * (first-draw.ts). Every viewer's page carries Truss's COOP header (local-server.ts) and the
 * browser builds no omnibox WebUI per context (browser.ts), so every load starts alike. No host
 * name but localhost resolves; every non-local request is listed. Then frame times while
 * orbiting the tower and picking latency. Prints a markdown report and writes it to
 * bench/results/viewer-<date>.md.
 *
 *   npm run build:web && npm run bench:viewer      (TRUSS_BENCH_RUNS=3, TRUSS_BENCH_TOWER=50000)
 *
 * `TRUSS_BENCH_TRUSS_ONLY=1` opens only Truss, on Duplex, Office_A and Mini_Project (no
 * contenders, no tower) and prints the medians: a before/after comparison of two trees in
 * minutes rather than the full report's half hour.
 *
 * `TRUSS_BENCH_FILES=/abs/a.ifc,/abs/b.ifc` opens those files instead of the three samples (the
 * tower kept), each named by its file name (inputs.ts). Whatever the bench started (server,
 * Chromium, local servers, converters) is stopped however it ends (support/cleanup.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount } from '@truss/e2e/support/accounts';
import { launchChromium } from '@truss/e2e/support/browser';
import { startServer } from '@truss/e2e/support/server';
import { convertFile, firstProjectId } from '@truss/e2e/support/viewer';
import { writeTowerIfc } from '../convert/tower-ifc.ts';
import { withCleanup, type Cleanup } from '../support/cleanup.ts';
import { blockedRequests, LOCAL_ONLY_ARGS, median } from './browser.ts';
import { contenderVersions, startContenders } from './contenders/harness.ts';
import { measureContender } from './contenders/measure.ts';
import { o3dvVersion, startHarness, webIfcVersion } from './o3dv/harness.ts';
import { measureO3dv, type ViewerRun } from './o3dv/measure.ts';
import { benchInputs, type Input } from './inputs.ts';
import { report, type ModelResult } from './report.ts';
import { measureInteraction, measureTruss } from './truss/measure.ts';

const RUNS = Number(process.env.TRUSS_BENCH_RUNS ?? 3);
const TOWER = Number(process.env.TRUSS_BENCH_TOWER ?? 50_000);
const PER_STOREY = 250;
const samples = path.join(
  process.env.TRUSS_SAMPLES_DIR ??
    fileURLToPath(new URL('../../../../shared/samples/', import.meta.url)),
  'ifc',
);
// The server's WEB_DIST_DIR when set (bench:boot's builds), else the app's own build.
const webDist = path.join(
  process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../../apps/web/dist/', import.meta.url)),
  'index.html',
);
const resultsDir = fileURLToPath(new URL('../../results/', import.meta.url));

/**
 * Quiet time before every measured load, for every viewer alike: the previous page's browser
 * context closes with its GPU and worker threads still winding down (That Open's worker, a
 * software GPU's frames), and on two cores that landed in the next viewer's load.
 */
const SETTLE_MS = Number(process.env.TRUSS_BENCH_SETTLE_MS ?? 1000);
const TRUSS_ONLY = process.env.TRUSS_BENCH_TRUSS_ONLY === '1';

async function attempt(label: string, run: () => Promise<ViewerRun>): Promise<ViewerRun | string> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  try {
    const measured = await run();
    const loaded = measured.modelLoadedMs ?? measured.loadedMs;
    console.error(
      `  ${label}: first frame ${measured.firstFrameMs.toFixed(0)} ms, loaded ${loaded.toFixed(0)} ms`,
    );
    return measured;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`  ${label}: ${message}`);
    return message;
  }
}

/** Truss alone on the sample models (or the given files): medians of first frame and loaded. */
async function trussOnly(inputs: Input[], cleanup: Cleanup): Promise<void> {
  const server = await cleanup.start('the Truss server', startServer(), (s) => s.stop());
  const browser = await cleanup.start('Chromium', launchChromium(LOCAL_ONLY_ARGS), (b) =>
    b.close(),
  );
  const email = `bench-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const session = { baseUrl: server.url, email };
  const converted: { input: Input; model: Awaited<ReturnType<typeof convertFile>> }[] = [];
  for (const input of inputs) {
    const model = await convertFile(server.url, auth.token, projectId, input.file, 1_200_000);
    converted.push({ input, model });
  }
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  const lines = [
    '| model | first frame (ms) | model loaded (ms) | page ready (ms) | page ready − first frame (ms) | draw calls |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  await attempt('Truss warm-up', () =>
    measureTruss(browser, session, converted[0]!.model.id, 120_000),
  );
  for (const { input, model } of converted) {
    const runs: ViewerRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      const measured = await attempt(`Truss ${input.name} #${run + 1}`, () =>
        measureTruss(browser, session, model.id, input.timeoutMs),
      );
      if (typeof measured !== 'string') runs.push(measured);
    }
    const first = median(runs.map((run) => run.firstFrameMs));
    const loaded = median(runs.map((run) => run.modelLoadedMs ?? run.loadedMs));
    // Page ready: the page's own mark (tree, properties and toolbar up), as in the full report.
    const ready = median(runs.map((run) => run.loadedMs));
    const gap = median(runs.map((run) => run.loadedMs - run.firstFrameMs));
    const draws = median(runs.map((run) => run.drawCalls));
    lines.push(
      `| ${input.name} | ${first.toFixed(0)} | ${loaded.toFixed(0)} | ${ready.toFixed(0)} | ${gap.toFixed(0)} | ${draws} |`,
    );
  }
  console.log(`Truss only, median of ${RUNS} cold loads\n\n${lines.join('\n')}`);
}

async function main(cleanup: Cleanup): Promise<void> {
  if (!existsSync(webDist)) throw new Error('no apps/web/dist: run `npm run build:web` first');
  // Checked before anything starts: a missing file is an error now, not half an hour in.
  const models = await benchInputs(process.env, samples);
  if (TRUSS_ONLY) {
    await trussOnly(models, cleanup);
    return;
  }
  const towerFile = path.join(tmpdir(), `truss-viewer-bench-tower-${TOWER}-${process.pid}.ifc`);
  cleanup.add('the tower file', towerFile, (file) => rm(file, { force: true }));
  console.error(`generating the ${TOWER}-element tower in ${towerFile}`);
  await writeTowerIfc(towerFile, {
    storeys: Math.max(1, Math.round(TOWER / PER_STOREY)),
    perStorey: PER_STOREY,
  });
  const inputs: Input[] = [
    ...models,
    { name: `Tower ${TOWER / 1000}k`, file: towerFile, timeoutMs: 600_000 },
  ];

  // TRUSS_BENCH_MODELS=Duplex,Office_A: only those (the tower always, for orbit and picking).
  const only = process.env.TRUSS_BENCH_MODELS?.split(',').map((name) => name.trim());
  if (only) {
    inputs.splice(
      0,
      inputs.length,
      ...inputs.filter((input) => only.includes(input.name) || input.file === towerFile),
    );
  }
  // The account's first project holds four models; the free plan allows ten and 1 GB.
  const server = await cleanup.start('the Truss server', startServer(), (s) => s.stop());
  const harness = await cleanup.start(
    'the Online3DViewer harness',
    startHarness(inputs.map((input) => input.file)),
    (h) => h.close(),
  );
  console.error('converting for xeokit (.xkt) and That Open (.frag)');
  const contenders = await cleanup.start(
    'the contenders',
    startContenders(
      inputs.map((input) => input.file),
      (line) => console.error(`  ${line}`),
      cleanup,
    ),
    (c) => c.close(),
  );
  const browser = await cleanup.start('Chromium', launchChromium(LOCAL_ONLY_ARGS), (b) =>
    b.close(),
  );
  const email = `bench-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const session = { baseUrl: server.url, email };
  const results: ModelResult[] = [];
  // Every model converted first, then a few quiet seconds: a conversion's after-work on the
  // server (thumbnail, element index, garbage collection) must not land in a measured load.
  const converted = [];
  for (const input of inputs) {
    const started = Date.now();
    const model = await convertFile(server.url, auth.token, projectId, input.file, 1_200_000);
    console.error(`${input.name}: converted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    converted.push({ input, model });
  }
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  for (const { input, model } of converted) {
    const metadata = (await (await fetch(`${server.url}${model.metadata_url}`)).json()) as {
      stats: { elements: number; materials: number; drawBatches: number };
    };
    const result: ModelResult = {
      name: input.name,
      modelId: model.id,
      elements: metadata.stats.elements,
      materials: metadata.stats.materials,
      glbBatches: metadata.stats.drawBatches,
      truss: [],
      o3dv: [],
      xeokit: [],
      thatopen: [],
      bytes: {
        xeokit: contenders.bytes('xeokit', input.file),
        thatopen: contenders.bytes('thatopen', input.file),
      },
    };
    // Every viewer gets the canvas size Truss's model page gives its canvas.
    let size = { width: 1280, height: 800 };
    const sized = (run: ViewerRun | string) => {
      const match = typeof run === 'string' ? null : /^(\d+)×(\d+)$/.exec(run.canvas ?? '');
      if (match) size = { width: Number(match[1]), height: Number(match[2]) };
      return run;
    };
    const others = async (label: string, run: number) => {
      const o3dv = await attempt(`O3DV ${label}`, () =>
        measureO3dv(browser, harness, input.file, input.timeoutMs, size),
      );
      if (run >= 0) result.o3dv.push(o3dv);
      for (const contender of ['xeokit', 'thatopen'] as const) {
        const measured = await attempt(`${contender} ${label}`, () =>
          measureContender(browser, contenders, contender, input.file, size, input.timeoutMs),
        );
        if (run >= 0) result[contender].push(measured);
      }
    };
    if (results.length === 0) {
      // One load of each, not counted: the server's and Chromium's first-use costs.
      sized(
        await attempt('Truss warm-up', () => measureTruss(browser, session, model.id, 120_000)),
      );
      await others('warm-up', -1);
    }
    // Interleaved, so load on the machine affects every viewer alike.
    for (let run = 0; run < RUNS; run++) {
      result.truss.push(
        sized(
          await attempt(`Truss ${input.name} #${run + 1}`, () =>
            measureTruss(browser, session, model.id, input.timeoutMs),
          ),
        ),
      );
      await others(`${input.name} #${run + 1}`, run);
      console.error(`  run ${run + 1}/${RUNS} done (canvas ${size.width}×${size.height})`);
    }
    results.push(result);
  }
  const tower = results.at(-1)!;
  console.error('orbiting and picking on the tower');
  const interaction = await measureInteraction(browser, session, tower.modelId, 600_000);
  const markdown = report({
    date: new Date().toISOString(),
    runs: RUNS,
    o3dvVersion,
    webIfcVersion,
    contenderVersions,
    results,
    interaction,
    towerName: tower.name,
    blocked: blockedRequests,
  });
  console.log(markdown);
  await mkdir(resultsDir, { recursive: true });
  const out = path.join(resultsDir, `viewer-${new Date().toISOString().slice(0, 10)}.md`);
  await writeFile(out, markdown);
  console.error(`written to ${out}`);
  if (blockedRequests.length > 0) process.exitCode = 1;
}

await withCleanup(main);

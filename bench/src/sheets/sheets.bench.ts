/**
 * Sheets bench (`npm run bench:sheets`): how soon a drawing shows, in Truss against the viewers
 * of the field, in the same headless Chromium and run. Truss: the real server (built web app,
 * PGlite) converts the 3-page A3 PDF, the largest DWG and that DWG's DXF twin once, then the
 * model page `/model/:id` is opened cold (fresh context, empty cache) showing the first sheet.
 * pdf.js's own viewer (pdfjs-dist's web/pdf_viewer.mjs components) opens the same PDF, and
 * dxf-viewer's demo page opens the DXF twin (dxf-viewer reads DXF only, no DWG). Every viewer
 * gets the CSS size Truss's sheet canvas has, and is timed the same way (first-pixels.ts):
 * first sheet pixels (first frame with ink on its canvas) and whole sheet (the frame after the
 * viewer reports all content drawn). Runs interleave Truss and the contender, the order swapped
 * every run; medians of TRUSS_BENCH_RUNS (default 5). Also each format's conversion time and
 * peak RSS in the converter worker (convert-measure.ts, as bench:sheets:convert) and the
 * server's upload-to-ready time. Prints a markdown report and writes it to
 * bench/results/sheets-<date>.md. Whatever it started is stopped however it ends.
 *
 *   npm run build:web && npm run bench:sheets
 *
 * TRUSS_SHEETS_PDF, TRUSS_SHEETS_DWG, TRUSS_SHEETS_DXF: other files (absolute paths).
 * TRUSS_SHEETS_ONLY=pdf (or dwg, dxf, comma-separated): only those drawings, to time one change.
 * TRUSS_SHEETS_TRACE=1: each Truss load's requests and marks on stderr (where the time goes).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount } from '@truss/e2e/support/accounts';
import { launchChromium } from '@truss/e2e/support/browser';
import { startServer } from '@truss/e2e/support/server';
import { convertFile, firstProjectId } from '@truss/e2e/support/viewer';
import { withCleanup, type Cleanup } from '../support/cleanup.ts';
import { blockedRequests, LOCAL_ONLY_ARGS, median } from '../viewer/browser.ts';
import {
  contenderPackages,
  startSheetContenders,
  type SheetContender,
} from './contenders/harness.ts';
import {
  buildConverterWorker,
  measureConversion,
  type ConversionMeasured,
} from './convert-measure.ts';
import { measureContenderSheet, measureTrussSheet, type SheetRun } from './measure.ts';
import { sheetsReport, type Comparison, type ConversionRow } from './report.ts';

const RUNS = Number(process.env.TRUSS_BENCH_RUNS ?? 5);
const CONVERT_RUNS = Number(process.env.TRUSS_BENCH_CONVERT_RUNS ?? 3);
const SETTLE_MS = Number(process.env.TRUSS_BENCH_SETTLE_MS ?? 1000);
const TIMEOUT_MS = 120_000;
const drawings =
  process.env.TRUSS_DRAWINGS_DIR ??
  fileURLToPath(new URL('../../../../shared/drawings/', import.meta.url));
const allFiles = {
  pdf: process.env.TRUSS_SHEETS_PDF ?? path.join(drawings, 'pdf/sheet-set-a3.pdf'),
  // The largest DWG of the set, and the same drawing as DXF (LibreDWG's "example").
  dwg: process.env.TRUSS_SHEETS_DWG ?? path.join(drawings, 'dwg/example_2000.dwg'),
  dxf: process.env.TRUSS_SHEETS_DXF ?? path.join(drawings, 'dxf/example_2018.dxf'),
};
type Format = keyof typeof allFiles;
const only = (process.env.TRUSS_SHEETS_ONLY ?? 'pdf,dwg,dxf').split(',').filter(Boolean);
for (const format of only)
  if (!(format in allFiles)) throw new Error(`TRUSS_SHEETS_ONLY: unknown drawing ${format}`);
const files = Object.fromEntries(
  Object.entries(allFiles).filter(([format]) => only.includes(format)),
) as Partial<Record<Format, string>>;
const TRACE = process.env.TRUSS_SHEETS_TRACE === '1';
const webDist = path.join(
  process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../../apps/web/dist/', import.meta.url)),
  'index.html',
);
const resultsDir = fileURLToPath(new URL('../../results/', import.meta.url));
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

async function attempt(label: string, run: () => Promise<SheetRun>): Promise<SheetRun | null> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  try {
    const measured = await run();
    console.error(
      `  ${label}: first pixels ${measured.firstPixelsMs.toFixed(0)} ms, whole ${measured.wholeMs.toFixed(0)} ms`,
    );
    return measured;
  } catch (error) {
    console.error(`  ${label}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    return null;
  }
}

async function conversions(cleanup: Cleanup): Promise<ConversionRow[]> {
  await buildConverterWorker();
  const rows: ConversionRow[] = [];
  for (const [format, file] of Object.entries(files)) {
    const runs: ConversionMeasured[] = [];
    for (let i = 0; i < CONVERT_RUNS; i++) runs.push(await measureConversion(file, cleanup.signal));
    const failed = runs.find((run) => !run.ok);
    if (failed) throw new Error(`${file} did not convert: ${failed.error}`);
    rows.push({
      format,
      file: path.relative(drawings, file),
      sheets: runs[0]!.sheets,
      paths: runs[0]!.paths,
      seconds: median(runs.map((run) => run.seconds)),
      peakMiB: Math.max(...runs.map((run) => run.peakMiB)),
      serverSeconds: Number.NaN,
    });
    console.error(`converted ${path.basename(file)} ${CONVERT_RUNS}× in the worker`);
  }
  return rows;
}

async function main(cleanup: Cleanup): Promise<void> {
  if (!existsSync(webDist)) throw new Error('no apps/web/dist: run `npm run build:web` first');
  for (const file of Object.values(files))
    if (!existsSync(file)) throw new Error(`no such drawing: ${file}`);
  const loadBefore = load();
  const converted = await conversions(cleanup);

  const server = await cleanup.start('the Truss server', startServer(), (s) => s.stop());
  const contenders = await cleanup.start(
    'the contenders',
    startSheetContenders([allFiles.pdf, allFiles.dxf]),
    (c) => c.close(),
  );
  const browser = await cleanup.start('Chromium', launchChromium(LOCAL_ONLY_ARGS), (b) =>
    b.close(),
  );
  const email = `bench-sheets-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const session = { baseUrl: server.url, email };
  const models: Record<Format, string> = { pdf: '', dwg: '', dxf: '' };
  for (const [format, file] of Object.entries(files) as [Format, string][]) {
    const started = performance.now();
    const model = await convertFile(server.url, auth.token, projectId, file, 600_000);
    models[format] = model.id;
    const row = converted.find((r) => r.format === format)!;
    row.serverSeconds = (performance.now() - started) / 1000;
    console.error(
      `${path.basename(file)}: uploaded and converted in ${row.serverSeconds.toFixed(1)} s`,
    );
  }
  // A conversion's after-work on the server must not land in a measured load.
  await new Promise((resolve) => setTimeout(resolve, 8_000));

  const truss = (format: Format) => async () => {
    const measured = await measureTrussSheet(browser, session, models[format], TIMEOUT_MS);
    if (TRACE)
      for (const r of measured.requests ?? [])
        console.error(`    ${r.start.toFixed(0)}-${r.end.toFixed(0)} ${r.name}`);
    return measured;
  };
  // One load of each, not counted: the server's and Chromium's first-use costs. Truss's sheet
  // canvas sizes the contenders'.
  const first = only[0] as Format;
  const warm = await attempt('Truss warm-up', truss(first));
  if (!warm) throw new Error(`Truss could not open the ${first}`);
  const size = warm.canvas;
  const contender = (name: SheetContender, file: string) => () =>
    measureContenderSheet(browser, contenders, name, file, size, TIMEOUT_MS);
  if (files.pdf) await attempt('pdf.js warm-up', contender('pdfjs', allFiles.pdf));
  if (files.dwg || files.dxf)
    await attempt('dxf-viewer warm-up', contender('dxf-viewer', allFiles.dxf));

  const comparisons: Comparison[] = (
    [
      {
        format: 'pdf',
        drawing: path.basename(allFiles.pdf),
        them: 'pdf.js viewer',
        theirFile: path.basename(allFiles.pdf),
        truss: [],
        theirs: [],
        run: truss('pdf'),
        runTheirs: contender('pdfjs', allFiles.pdf),
      },
      {
        format: 'dwg',
        drawing: path.basename(allFiles.dwg),
        them: 'dxf-viewer',
        theirFile: path.basename(allFiles.dxf),
        truss: [],
        theirs: [],
        run: truss('dwg'),
        runTheirs: contender('dxf-viewer', allFiles.dxf),
      },
      {
        format: 'dxf',
        drawing: path.basename(allFiles.dxf),
        them: 'dxf-viewer',
        theirFile: path.basename(allFiles.dxf),
        truss: [],
        theirs: [],
        run: truss('dxf'),
        runTheirs: contender('dxf-viewer', allFiles.dxf),
      },
    ] satisfies (Comparison & { format: Format })[]
  ).filter((c) => files[c.format]);
  for (let run = 0; run < RUNS; run++) {
    for (const c of comparisons) {
      // Alternating: Truss first on even runs, the contender first on odd ones.
      const order = run % 2 === 0 ? (['truss', 'theirs'] as const) : (['theirs', 'truss'] as const);
      for (const who of order) {
        const label = `${who === 'truss' ? 'Truss' : c.them} ${who === 'truss' ? c.drawing : c.theirFile} #${run + 1}`;
        const measured = await attempt(label, who === 'truss' ? c.run : c.runTheirs);
        if (measured) c[who].push(measured);
      }
    }
  }
  const markdown = sheetsReport({
    date: new Date().toISOString(),
    runs: RUNS,
    convertRuns: CONVERT_RUNS,
    canvas: size,
    packages: contenderPackages,
    comparisons,
    conversions: converted,
    load: { before: loadBefore, after: load() },
    blocked: blockedRequests,
  });
  console.log(markdown);
  await mkdir(resultsDir, { recursive: true });
  const out = path.join(resultsDir, `sheets-${new Date().toISOString().slice(0, 10)}.md`);
  await writeFile(out, markdown);
  console.error(`written to ${out}`);
  if (blockedRequests.length > 0) process.exitCode = 1;
}

await withCleanup(main);

/**
 * Where a cold `/model/:id` load spends its time before the first frame (`npm run
 * bench:viewer:timeline`): converts Duplex, opens the page N times in fresh contexts and prints,
 * per run, every resource's start/end and the engine's performance marks, relative to navigation.
 *
 *   npm run build:web && npm run bench:viewer:timeline     (TRUSS_BENCH_RUNS=3, TRUSS_TIMELINE_FILE)
 *
 * TRUSS_TIMELINE_TRACE=<file.json> also records a Chrome trace (with CPU samples) of the last
 * run, for chrome://tracing or Perfetto; TRUSS_SERVER_LOG=<file> keeps the server's request log.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount } from '@truss/e2e/support/accounts';
import { launchChromium } from '@truss/e2e/support/browser';
import { startServer } from '@truss/e2e/support/server';
import { withCleanup } from '../support/cleanup.ts';
import { convertFile, firstProjectId, waitForViewerLoaded } from '@truss/e2e/support/viewer';
import { LOCAL_ONLY_ARGS, TRACE_CATEGORIES } from './browser.ts';
import { signedInPage } from './truss/measure.ts';

const RUNS = Number(process.env.TRUSS_BENCH_RUNS ?? 3);
const file =
  process.env.TRUSS_TIMELINE_FILE ??
  fileURLToPath(new URL('../../../../shared/samples/ifc/duplex.ifc', import.meta.url));

await withCleanup(async (cleanup) => {
  const server = await cleanup.start('the Truss server', startServer(), (s) => s.stop());
  const browser = await cleanup.start('Chromium', launchChromium(LOCAL_ONLY_ARGS), (b) =>
    b.close(),
  );
  const email = `timeline-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const model = await convertFile(server.url, auth.token, projectId, file, 600_000);
  console.log(`${path.basename(file)} converted: ${model.id}`);
  for (let run = 0; run <= RUNS; run++) {
    const { context, page } = await signedInPage(browser, { baseUrl: server.url, email });
    const trace = process.env.TRUSS_TIMELINE_TRACE && run === RUNS;
    if (trace) {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    }
    await page.goto(`/model/${model.id}`);
    await waitForViewerLoaded(page, 120_000);
    if (trace) {
      await writeFile(process.env.TRUSS_TIMELINE_TRACE!, await browser.stopTracing());
      console.log(`trace of run ${run} written to ${process.env.TRUSS_TIMELINE_TRACE}`);
    }
    const rows = await page.evaluate(() => {
      const out: [number, number, string][] = [];
      for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        // Queued (waiting for a connection) until requestStart; first byte at responseStart.
        const detail = `  (request ${entry.requestStart.toFixed(0)}, first byte ${entry.responseStart.toFixed(0)}, ${(entry.encodedBodySize / 1024).toFixed(0)} KiB)`;
        out.push([
          entry.startTime,
          entry.responseEnd,
          new URL(entry.name).pathname.slice(0, 60) + detail,
        ]);
      }
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      out.push([0, nav.responseEnd, 'document']);
      out.push([nav.domInteractive, nav.domInteractive, '(domInteractive)']);
      for (const mark of performance.getEntriesByType('mark')) {
        out.push([mark.startTime, mark.startTime, `mark ${mark.name}`]);
      }
      for (const paint of performance.getEntriesByType('paint')) {
        out.push([paint.startTime, paint.startTime, paint.name]);
      }
      return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    });
    await context.close();
    if (run === 0) continue; // warm-up: the server's and Chromium's first-use costs
    console.log(`\nrun ${run}`);
    for (const [start, end, name] of rows) {
      console.log(`${start.toFixed(0).padStart(6)} ${end.toFixed(0).padStart(6)}  ${name}`);
    }
  }
});

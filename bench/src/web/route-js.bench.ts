/**
 * Route bench (`npm run bench:web`): the JavaScript each route loads as a browser gets it
 * (brotli where the server has it, and decoded), measured in Debian's Chromium against the real
 * server with the built app: /signin, /signup, /models signed in, and a cold /model/{id}; then
 * Lighthouse 12 (mobile) on /signin, /models and the cold /model/{id}: score, LCP, TBT.
 *
 *   npm run build:web && npm run bench:web
 *
 * `TRUSS_LIGHTHOUSE_RUNS` (default 1) runs Lighthouse that many times per page and prints the
 * median run (by score); 0 skips it. `TRUSS_LIGHTHOUSE_REPORTS=<dir>` keeps every run's report.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAccount, signInWithForm } from '@truss/e2e/support/accounts';
import { launchChromium } from '@truss/e2e/support/browser';
import { measureRouteScripts, type RouteScripts } from '@truss/e2e/support/route-js';
import { startServer } from '@truss/e2e/support/server';
import { withCleanup } from '../support/cleanup.ts';
import { convertFile, firstProjectId, login, signedInState } from '@truss/e2e/support/viewer';
import { launchLighthouseBrowser, type LighthouseResult } from './lighthouse.ts';

const webDist = fileURLToPath(new URL('../../../apps/web/dist/index.html', import.meta.url));
const sample = fileURLToPath(
  new URL('../../../../shared/samples/ifc/AC20-FZK-Haus.ifc', import.meta.url),
);

if (!existsSync(webDist)) {
  console.error('No web build: run `npm run build:web` first.');
  process.exit(1);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const rows: [string, RouteScripts][] = [];
const lighthouseRuns = Number(process.env.TRUSS_LIGHTHOUSE_RUNS ?? 1);
const scores: [string, LighthouseResult][] = [];
await withCleanup(async (cleanup) => {
  const server = await cleanup.start('the Truss server', startServer(), (s) => s.stop());
  const browser = await cleanup.start('Chromium', launchChromium(), (b) => b.close());
  for (const route of ['/signin', '/signup']) {
    const context = await browser.newContext();
    rows.push([
      route,
      await measureRouteScripts(await context.newPage(), `${server.url}${route}`, 'form'),
    ]);
    await context.close();
  }
  const email = 'bench-web@example.com';
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const model = await convertFile(server.url, auth.token, projectId, sample);
  const context = await browser.newContext();
  const signIn = await context.newPage();
  await signIn.goto(`${server.url}/signin`);
  await signInWithForm(signIn, email);
  await signIn.waitForURL(/\/models/);
  // Fresh pages of the signed-in context: nothing in memory, the HTTP cache is per context but
  // asked for every script again by `measureRouteScripts`' own requests.
  rows.push([
    '/models',
    await measureRouteScripts(await context.newPage(), `${server.url}/models`),
  ]);
  rows.push([
    '/model/{id}',
    // Until the app's toolbar is up: the early view draws on its canvas first and holds the
    // app's files until the model is in, so the canvas alone ends the count before them.
    await measureRouteScripts(
      await context.newPage(),
      `${server.url}/model/${model.id}`,
      '[role="toolbar"]',
    ),
  ]);
  await context.close();
  await browser.close();

  if (lighthouseRuns > 0) {
    const lh = await cleanup.start('the Lighthouse browser', launchLighthouseBrowser(), (l) =>
      l.close(),
    );
    const median = async (route: string, label = route) => {
      const runs: LighthouseResult[] = [];
      for (let i = 0; i < lighthouseRuns; i += 1) runs.push(await lh.run(`${server.url}${route}`));
      runs.sort((a, b) => a.score - b.score);
      const result = runs[Math.floor(runs.length / 2)];
      if (result) scores.push([label, result]);
    };
    await median('/signin');
    const state = signedInState(server.url, await login(server.url, email));
    const stored = state.origins[0]?.localStorage ?? [];
    await lh.setLocalStorage(
      server.url,
      Object.fromEntries(stored.map((item) => [item.name, item.value])),
    );
    await median('/models');
    await median(`/model/${model.id}`, '/model/{id}');
  }
});

console.log('| route | scripts | JS br (KiB) | JS decoded (KiB) |');
console.log('|---|---:|---:|---:|');
for (const [route, js] of rows) {
  console.log(`| ${route} | ${js.urls.length} | ${kib(js.brBytes)} | ${kib(js.rawBytes)} |`);
}

if (scores.length > 0) {
  const runs = lighthouseRuns > 1 ? ` (median of ${lighthouseRuns} runs)` : '';
  console.log(`\nLighthouse 12 mobile, performance${runs}:\n`);
  console.log('| route | score | LCP (ms) | TBT (ms) | FCP (ms) | CLS | CPU benchmark index |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const ms = (value: number) => Math.round(value).toString();
  for (const [route, r] of scores) {
    console.log(
      `| ${route} | ${r.score} | ${ms(r.lcpMs)} | ${ms(r.tbtMs)} | ${ms(r.fcpMs)} | ${r.cls.toFixed(3)} | ${r.benchmarkIndex} |`,
    );
  }
  for (const [name, r] of scores) {
    if (r.opportunities.length > 0)
      console.log(`${name} opportunities: ${r.opportunities.join(', ')}`);
    if (r.warnings.length > 0) console.log(`${name} warnings: ${r.warnings.join(' | ')}`);
    if (r.offHost.length > 0)
      console.log(`${name} requests off 127.0.0.1: ${r.offHost.join(', ')}`);
  }
}

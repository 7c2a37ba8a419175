/**
 * A model page with 1 000 pins against the same page without pins (issue 16: the first frame
 * stays within 10 %). The real server (built web app, PGlite) converts one IFC sample twice in
 * one project; one copy gets 1 000 pinned issues spread over the model. Each copy's
 * `/model/:id?topic=…` is opened cold, alternately, in headless Chromium with the topics panel
 * open on a topic without pin or view (so both pages fetch the same things and the camera stays
 * put); measured: the page's `truss:first-frame` and `truss:loaded` marks, when the pins were
 * drawn, and the median CPU time of a frame once they are.
 *
 *   npm run build:web && npm run bench:pins -w @truss/bench     (BENCH_RUNS=7, BENCH_PINS=1000)
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AuthResponse, Model } from '@truss/contracts';
import { createAccount } from '@truss/e2e/support/accounts';
import { launchChromium } from '@truss/e2e/support/browser';
import { startServer } from '@truss/e2e/support/server';
import { withCleanup, type Cleanup } from '../support/cleanup.ts';
import {
  convertFile,
  firstProjectId,
  login,
  signedInState,
  waitForViewerLoaded,
} from '@truss/e2e/support/viewer';
import type { Browser } from 'playwright-core';
import { LOCAL_ONLY_ARGS, localOnly, median } from '../viewer/browser.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PINS = Number(process.env.BENCH_PINS ?? 1000);
const TARGET = 1.1;
const sample = fileURLToPath(
  new URL('../../../../shared/samples/ifc/IfcOpenHouse_IFC4.ifc', import.meta.url),
);
const webDist = fileURLToPath(new URL('../../../apps/web/dist/index.html', import.meta.url));

type Vec3 = [number, number, number];
interface Meta {
  origin: Vec3;
  bbox: [number, number, number, number, number, number] | null;
}
interface PinsViewer {
  pins: { list(): unknown[] };
  renderNow(): unknown;
}
interface Run {
  firstFrame: number;
  loaded: number;
  pinsDrawn: number;
  pinsAt: number;
  frameCpu: number;
}

async function post<T>(baseUrl: string, token: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * `count` points spread over the model's box, in the model's own (IFC, Z up) coordinates: the
 * viewable is glTF (Y up) shifted by `origin`, so IFC (x, y, z) = (gx + ox, -(gz + oz), gy + oy).
 */
function pinPoints(meta: Meta, count: number): Array<{ x: number; y: number; z: number }> {
  const [x0, y0, z0, x1, y1, z1] = meta.bbox ?? [-5, 0, -5, 5, 5, 5];
  const [ox, oy, oz] = meta.origin;
  let seed = 11;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: count }, () => {
    const g = [x0 + rnd() * (x1 - x0), y0 + rnd() * (y1 - y0), z0 + rnd() * (z1 - z0)];
    return { x: g[0]! + ox, y: -(g[2]! + oz), z: g[1]! + oy };
  });
}

async function measure(
  browser: Browser,
  baseUrl: string,
  email: string,
  path: string,
  pins: number,
): Promise<Run> {
  const auth: AuthResponse = await login(baseUrl, email);
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en',
    storageState: signedInState(baseUrl, auth),
  });
  try {
    await localOnly(context);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(path);
    await waitForViewerLoaded(page, 120_000);
    // The pins come with the topic list, which may arrive after the model.
    await page.waitForFunction(
      (n) =>
        (window as Window & { __trussViewer?: PinsViewer }).__trussViewer!.pins.list().length >= n,
      pins,
      { timeout: 60_000, polling: 20 },
    );
    const pinsAt = Date.now() - started;
    return await page.evaluate(
      ({ pinsAt }) => {
        const viewer = (window as Window & { __trussViewer?: PinsViewer }).__trussViewer!;
        const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
        const cpu: number[] = [];
        for (let i = 0; i < 21; i += 1) {
          const before = performance.now();
          viewer.renderNow();
          cpu.push(performance.now() - before);
        }
        cpu.sort((a, b) => a - b);
        return {
          firstFrame: mark('truss:first-frame'),
          loaded: mark('truss:loaded'),
          pinsDrawn: viewer.pins.list().length,
          pinsAt,
          frameCpu: cpu[10]!,
        };
      },
      { pinsAt },
    );
  } finally {
    await context.close();
  }
}

async function main(cleanup: Cleanup): Promise<void> {
  if (!existsSync(webDist)) throw new Error('no apps/web/dist: run `npm run build:web` first');
  const server = await cleanup.start('the Truss server', startServer(), (s) => s.stop());
  const browser = await cleanup.start('Chromium', launchChromium(LOCAL_ONLY_ARGS), (b) =>
    b.close(),
  );
  const email = `pins-bench-${Date.now()}@example.com`;
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const plain = await convertFile(server.url, auth.token, projectId, sample);
  const pinned = await convertFile(server.url, auth.token, projectId, sample);
  const meta = (await (await fetch(`${server.url}${pinned.metadata_url}`)).json()) as Meta;
  const topics = `/api/project/${projectId}/topics`;
  const target = async (model: Model) =>
    (
      await post<{ id: string }>(server.url, auth.token, topics, {
        kind: 'comment',
        title: 'General remark',
        modelId: model.id,
      })
    ).id;
  const seeding = performance.now();
  const points = pinPoints(meta, PINS);
  for (let i = 0; i < PINS; i += 8) {
    await Promise.all(
      points.slice(i, i + 8).map((position, k) =>
        post(server.url, auth.token, topics, {
          kind: 'issue',
          title: `Pinned issue ${i + k + 1}`,
          modelId: pinned.id,
          pin: { position, elementId: null, globalId: null },
        }),
      ),
    );
  }
  const pages = {
    without: `/model/${plain.id}?topic=${await target(plain)}`,
    with: `/model/${pinned.id}?topic=${await target(pinned)}`,
  };
  console.log(
    `${PINS} pinned issues created in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  // One warm-up load each (server caches, Chromium's compiled code), then alternate.
  await measure(browser, server.url, email, pages.without, 0);
  await measure(browser, server.url, email, pages.with, PINS);
  const runs: { without: Run[]; with: Run[] } = { without: [], with: [] };
  for (let i = 0; i < RUNS; i += 1) {
    runs.without.push(await measure(browser, server.url, email, pages.without, 0));
    runs.with.push(await measure(browser, server.url, email, pages.with, PINS));
  }
  const pick = (list: Run[], key: keyof Run) => median(list.map((run) => run[key]));
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `\nModel page (IfcOpenHouse_IFC4.ifc), topics panel open, ${RUNS} cold loads each, medians`,
  );
  console.log('| page | pins drawn | first frame | loaded | pins drawn at | frame CPU |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const key of ['without', 'with'] as const) {
    const list = runs[key];
    console.log(
      `| ${key} pins | ${Math.min(...list.map((r) => r.pinsDrawn))} | ${ms(pick(list, 'firstFrame'))} | ${ms(pick(list, 'loaded'))} | ${ms(pick(list, 'pinsAt'))} | ${pick(list, 'frameCpu').toFixed(2)} ms |`,
    );
  }
  const ratio = pick(runs.with, 'firstFrame') / pick(runs.without, 'firstFrame');
  const drawn = Math.min(...runs.with.map((run) => run.pinsDrawn));
  console.log(
    `\nfirst frame with ${drawn} pins / without: ${ratio.toFixed(3)} (target ≤ ${TARGET})`,
  );
  if (drawn < PINS) console.log(`only ${drawn} of ${PINS} pins were drawn`);
  if (ratio > TARGET || drawn < PINS) process.exitCode = 1;
}

await withCleanup(main);

import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Order, ServerEvent } from '@truss/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../../apps/web/src/locales/en.json';
import { createAccount, mailMatching } from './support/accounts.ts';
import { artifactsDir, launchChromium, screenshotPath } from './support/browser.ts';
import { createOwnDatabase, deploymentSecrets, type OwnDatabase } from './support/deployment.ts';
import { startInstance, type TrussInstance } from './support/instances.ts';
import {
  loadBalancerMissing,
  startLoadBalancer,
  type LoadBalancer,
  type ProxiedRequest,
} from './support/load-balancer.ts';
import {
  objectStoreMissing,
  planObjectStore,
  startObjectStore,
  type ObjectStore,
} from './support/object-store.ts';
import { freePort } from './support/server.ts';
import {
  borderColor,
  coveredFraction,
  decodePng,
  firstProjectId,
  signedInState,
  uploadFile,
  waitForViewerLoaded,
} from './support/viewer.ts';

/**
 * Truss as an operator runs it at scale, driven in Chromium: two API instances and one
 * conversion worker (each `node dist/main.js` with its ROLE) on one PostgreSQL database and a
 * real S3 server (single-node Ceph radosgw), behind Debian's nginx balancing round-robin with no
 * sticky sessions. Then the failures an operator meets: a worker killed mid-conversion and the
 * object store gone for 10 s mid-upload.
 *
 * Needs nginx, Ceph and PostgreSQL (TEST_DATABASE_URL, else the local one). In CI (CI=true) it
 * always runs; elsewhere it is skipped, saying what is missing.
 */

const samples =
  process.env.TRUSS_SAMPLES_DIR ??
  fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
/** The first upload (through the UI, several PATCHes) and the one uploaded in the outage. */
const FIRST = path.join(samples, 'ifc/tested_sample_project.ifc');
/** Converted while its worker is killed: a conversion of some seconds. */
const SECOND = path.join(samples, 'ifc/AC20-FZK-Haus.ifc');
const THIRD = path.join(samples, 'ifc/duplex.ifc');

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A worker's lease: short, so a killed worker's job is taken again within seconds. */
const LEASE_SECONDS = 6;
/** Bytes per PATCH the browser sends (tus-js-client continues from the offset answered). */
const PATCH_BYTES = 128 * 1024;
const OUTAGE_MS = 10_000;

async function missingPrerequisites(): Promise<string | null> {
  const missing = [await loadBalancerMissing(), objectStoreMissing()];
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    missing.push(`PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message})`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const reasons = missing.filter(Boolean);
  return reasons.length ? reasons.join('; ') : null;
}

const missing = await missingPrerequisites();
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';
if (missing && !inCi) {
  console.warn(`multi-instance.e2e.ts skipped: ${missing}`);
}

/** Figures for the run's report (printed at the end, and kept in artifacts/). */
const figures: Record<string, unknown> = {};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Makes the page's tus uploads send at most `window.__trussPatchBytes` per PATCH. */
function capPatches(defaultBytes: number): void {
  const w = window as unknown as { __trussPatchBytes?: number };
  w.__trussPatchBytes ??= defaultBytes;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const patches = new WeakSet<XMLHttpRequest>();
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
    ...rest: unknown[]
  ) {
    if (method.toUpperCase() === 'PATCH' && String(url).includes('/api/uploads/')) {
      patches.add(this);
    }
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
    const cap = w.__trussPatchBytes ?? defaultBytes;
    const capped = patches.has(this) && body instanceof Blob && body.size > cap;
    return send.call(this, capped ? body.slice(0, cap) : body);
  };
}

/** Copies every event the page's event stream receives, with when and from which instance. */
function recordEvents(): void {
  const w = window as unknown as {
    __trussEvents: { receivedAt: number; upstream: string | null; event: unknown }[];
    __trussStreams: { openedAt: number; upstream: string | null }[];
  };
  w.__trussEvents = [];
  w.__trussStreams = [];
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!/\/api\/events(\?|$)/.test(url) || !response.body) return response;
    const upstream = response.headers.get('x-upstream');
    w.__trussStreams.push({ openedAt: Date.now(), upstream });
    const [mine, theirs] = response.body.tee();
    void (async () => {
      const reader = mine.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data)
            w.__trussEvents.push({ receivedAt: Date.now(), upstream, event: JSON.parse(data) });
        }
      }
    })().catch(() => undefined);
    return new Response(theirs, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

interface Recorded {
  receivedAt: number;
  upstream: string | null;
  event: ServerEvent;
}

const recorded = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __trussEvents: Recorded[] }).__trussEvents,
  ) as Promise<Recorded[]>;

const streamUpstream = (page: Page) =>
  page.evaluate(() => {
    const streams = (window as unknown as { __trussStreams: { upstream: string | null }[] })
      .__trussStreams;
    return streams.at(-1)?.upstream ?? null;
  });

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe.skipIf(missing !== null && !inCi)('several instances behind nginx on real S3', () => {
  let database: OwnDatabase | undefined;
  const bucket = `truss-multi-${randomBytes(4).toString('hex')}`;
  let runDir = '';
  let db: pg.Client;
  let store: ObjectStore;
  let lb: LoadBalancer;
  let env: Record<string, string>;
  const instances: TrussInstance[] = [];
  let api: [TrussInstance, TrussInstance];
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: AuthResponse;
  let watcher: AuthResponse;
  let projectId = '';
  let ownerPage: Page;
  let firstModelId = '';

  const instanceAt = (address: string) =>
    instances.find((instance) => instance.address === address)?.name ?? address;

  /** One more instance of the deployment, with a data folder of its own. */
  async function start(name: string, role: 'api' | 'worker'): Promise<TrussInstance> {
    const instanceDir = path.join(runDir, name);
    await mkdir(instanceDir, { recursive: true });
    const logs = path.join(runDir, 'logs');
    const instance = await startInstance(name, role, { ...env, DATA_DIR: instanceDir }, logs);
    instances.push(instance);
    return instance;
  }

  async function newPage(auth?: AuthResponse, init: (() => void)[] = []): Promise<Page> {
    const context = await browser.newContext({
      baseURL: lb.url,
      viewport: { width: 1280, height: 860 },
      locale: 'en',
      ...(auth ? { storageState: signedInState(lb.url, auth) } : {}),
    });
    contexts.push(context);
    await context.addInitScript(recordEvents);
    await context.addInitScript(capPatches, PATCH_BYTES);
    for (const script of init) await context.addInitScript(script);
    return context.newPage();
  }

  async function modelRow(id: string) {
    const { rows } = await db.query<{
      status: string;
      original_key: string | null;
      original_sha256: string | null;
      converted_at: Date | null;
    }>('SELECT status, original_key, original_sha256, converted_at FROM models WHERE id = $1', [
      id,
    ]);
    return rows[0];
  }

  async function jobOf(modelId: string) {
    const { rows } = await db.query<{
      id: string;
      status: string;
      attempts: number;
      locked_by: string | null;
      last_error: string | null;
      finished_at: Date | null;
    }>(
      `SELECT id, status, attempts, locked_by, last_error, finished_at FROM jobs
        WHERE payload->>'modelId' = $1 ORDER BY created_at DESC LIMIT 1`,
      [modelId],
    );
    return rows[0];
  }

  /** The source's SHA-256 equals the one Truss recorded and the stored object's. */
  async function expectStoredIntact(modelId: string, file: string, label: string) {
    const source = sha256(await readFile(file));
    const model = await modelRow(modelId);
    expect(model?.original_key).toBeTruthy();
    const stored = await store.sha256(model!.original_key!);
    figures[`sha256 ${label}`] = { source, recorded: model?.original_sha256, stored };
    expect(model?.original_sha256).toBe(source);
    expect(stored).toBe(source);
  }

  async function waitForModel(id: string, status: string, timeoutMs: number) {
    await expect
      .poll(async () => (await modelRow(id))?.status, { timeout: timeoutMs, interval: 200 })
      .toBe(status);
  }

  /** The instances whose log names the job at all, and those where it ended as succeeded. */
  async function ranOn(jobId: string) {
    const named: string[] = [];
    const succeeded: string[] = [];
    const leaseLost: string[] = [];
    for (const instance of instances) {
      const lines = (await instance.log()).filter((line) => line.job === jobId);
      if (lines.length > 0) named.push(instance.name);
      if (lines.some((line) => line.msg.startsWith('job succeeded'))) succeeded.push(instance.name);
      if (lines.some((line) => line.msg.startsWith('job lease lost')))
        leaseLost.push(instance.name);
    }
    return { named: named.sort(), succeeded: succeeded.sort(), leaseLost };
  }

  /** PATCHes of one upload in the balancer's log, by the instance that answered them. */
  async function patchesOf(modelId: string): Promise<ProxiedRequest[]> {
    return (await lb.requests()).filter(
      (request) => request.method === 'PATCH' && request.uri === `/api/uploads/${modelId}`,
    );
  }

  beforeAll(async () => {
    if (missing) throw new Error(`CI=true but the multi-instance test cannot run: ${missing}`);
    runDir = await mkdtemp(path.join(tmpdir(), 'truss-multi-'));
    database = await createOwnDatabase(adminUrl, 'truss_multi');
    db = new pg.Client({ connectionString: database.url });
    await db.connect();

    const started = Date.now();
    const plan = await planObjectStore(path.join(runDir, 'ceph'), bucket);
    // Links in mails and shares name the balancer: its port is chosen first.
    const publicUrlPort = await freePort();
    env = {
      DATABASE_URL: database.url,
      ...deploymentSecrets(),
      PUBLIC_URL: `http://127.0.0.1:${publicUrlPort}`,
      TRUST_PROXY: '127.0.0.1',
      S3_BUCKET: bucket,
      S3_ENDPOINT: plan.endpoint,
      S3_REGION: plan.region,
      S3_ACCESS_KEY_ID: plan.accessKeyId,
      S3_SECRET_ACCESS_KEY: plan.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      JOB_RETRY_BASE_SECONDS: '1',
      JOB_POLL_INTERVAL_MS: '500',
    };
    // Ceph takes ~14 s, mostly waiting: the first instance (it applies the migrations) starts
    // meanwhile; then the others, at once, and they find the store up: one of them creates the
    // bucket (no one else does). Two workers: the one that takes a job is killed later, the
    // other must finish it.
    let cephSeconds = 0;
    const [, a] = await Promise.all([
      startObjectStore(plan).then((started_) => {
        store = started_;
        cephSeconds = (Date.now() - started) / 1000;
      }),
      start('api-a', 'api'),
    ]);
    const [b] = await Promise.all([
      start('api-b', 'api'),
      start('worker-1', 'worker'),
      start('worker-2', 'worker'),
    ]);
    api = [a, b];
    const created: string[] = [];
    for (const instance of instances) {
      const lines = await instance.log();
      if (lines.some((line) => line.msg.startsWith('S3 bucket was missing: created it'))) {
        created.push(instance.name);
      }
    }
    figures['bucket found missing and created by'] = created;
    expect(await store.bucketExists()).toBe(true);
    lb = await startLoadBalancer(path.join(runDir, 'nginx'), [a.address, b.address], publicUrlPort);
    browser = await launchChromium();
    figures['set-up seconds'] = { ceph: cephSeconds, total: (Date.now() - started) / 1000 };
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    // Logs of the run for a person to read (artifacts/ is git-ignored).
    if (runDir) {
      const keep = path.join(artifactsDir, 'multi-instance');
      await rm(keep, { recursive: true, force: true });
      await mkdir(keep, { recursive: true });
      await cp(path.join(runDir, 'logs'), keep, { recursive: true }).catch(() => undefined);
      await cp(path.join(runDir, 'nginx', 'access.log'), path.join(keep, 'nginx-access.log')).catch(
        () => undefined,
      );
    }
    for (const instance of instances) await instance.stop();
    await lb?.stop();
    await store?.stop();
    await db?.end().catch(() => undefined);
    await database?.drop();
    if (runDir) await rm(runDir, { recursive: true, force: true });
    console.info(`multi-instance figures:\n${JSON.stringify(figures, null, 2)}`);
    await mkdir(artifactsDir, { recursive: true });
    await writeFile(
      path.join(artifactsDir, 'multi-instance-figures.json'),
      JSON.stringify(figures, null, 2),
    );
  }, 120_000);

  it('uploads with PATCHes on both API instances; a member connected to the other instance sees it ready', async () => {
    const stamp = Date.now();
    [owner, watcher] = await Promise.all([
      createAccount(api[0].url, `owner-${stamp}@example.com`),
      createAccount(api[1].url, `watcher-${stamp}@example.com`),
    ]);
    projectId = await firstProjectId(lb.url, owner.token);
    // The watcher joins the owner's project (invitation mail, accepted through the API).
    const invited = await fetch(`${lb.url}/api/project/${projectId}/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emails: [`watcher-${stamp}@example.com`], role: 'member' }),
    });
    expect(invited.status).toBe(200);
    const invite = await mailMatching(
      api[0].url,
      `watcher-${stamp}@example.com`,
      /\/invite\?token=([\w-]+)/,
    );
    const accepted = await fetch(`${lb.url}/api/invitations/${invite[1]}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${watcher.token}` },
    });
    expect(accepted.status).toBeLessThan(300);

    ownerPage = await newPage(owner);
    await ownerPage.goto(`/models/${projectId}`);
    await ownerPage.getByText('No models yet').waitFor();
    await expect.poll(() => streamUpstream(ownerPage)).toBeTruthy();
    const ownerStream = await streamUpstream(ownerPage);

    // The watcher's event stream on the instance the owner's is not on (round-robin: reload).
    const watcherPage = await newPage(watcher);
    await watcherPage.goto(`/models/${projectId}`);
    await watcherPage.getByText('No models yet').waitFor();
    for (let i = 0; i < 6; i += 1) {
      await expect.poll(() => streamUpstream(watcherPage)).toBeTruthy();
      if ((await streamUpstream(watcherPage)) !== ownerStream) break;
      // A reload may make an even number of requests each time, and land its stream on the same
      // instance every time (seen in CI): every other time, one request of our own shifts the
      // balancer's turn by one.
      if (i % 2 === 0) await fetch(`${lb.url}/`);
      await watcherPage.reload();
      await watcherPage.getByText('No models yet').waitFor();
    }
    const watcherStream = await streamUpstream(watcherPage);
    expect(watcherStream).not.toBe(ownerStream);
    figures['event streams'] = {
      owner: instanceAt(ownerStream ?? ''),
      watcher: instanceAt(watcherStream ?? ''),
    };

    // The owner uploads through the upload dialog.
    const before = (await lb.requests()).length;
    await ownerPage.getByRole('button', { name: 'Upload model' }).first().click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Upload models' });
    await dialog
      .getByLabel('Choose files', { exact: true })
      .and(ownerPage.locator('input'))
      .setInputFiles([FIRST]);
    const name = path.basename(FIRST);
    await dialog
      .getByRole('listitem', { name })
      .getByText('Completed')
      .waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();

    const uploads = (await lb.requests())
      .slice(before)
      .filter((r) => r.method === 'POST' && r.uri === '/api/uploads');
    expect(uploads).toHaveLength(1);
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM models WHERE project_id = $1 AND original_filename = $2',
      [projectId, name],
    );
    firstModelId = rows[0]?.id ?? '';
    expect(firstModelId).toBeTruthy();

    // Consecutive PATCHes on different instances (the balancer's log and each instance's own).
    const patches = await patchesOf(firstModelId);
    const size = (await readFile(FIRST)).length;
    expect(patches.length).toBe(Math.ceil(size / PATCH_BYTES));
    const byInstance = countBy(patches, (p) => instanceAt(p.upstreams.at(-1) ?? ''));
    figures['PATCHes of the first upload'] = byInstance;
    expect(Object.keys(byInstance).sort()).toEqual(['api-a', 'api-b']);
    for (let i = 1; i < patches.length; i += 1) {
      expect(patches[i]!.upstreams.at(-1)).not.toBe(patches[i - 1]!.upstreams.at(-1));
    }
    for (const instance of api) {
      const answered = (await instance.log()).filter(
        (line) =>
          line.msg === 'request completed' &&
          line.req?.method === 'PATCH' &&
          line.req.url === `/api/uploads/${firstModelId}`,
      );
      expect(answered.length).toBe(byInstance[instance.name]);
    }

    // Both pages turn Ready by themselves; the event came from the worker's process.
    await row(watcherPage, name)
      .getByText('Ready')
      .filter({ visible: true })
      .waitFor({ timeout: 90_000 });
    await row(ownerPage, name)
      .getByText('Ready')
      .filter({ visible: true })
      .waitFor({ timeout: 10_000 });
    // Its thumbnail, read from the store through whichever instance the balancer picks.
    await expect
      .poll(() =>
        watcherPage
          .locator('img[src*="thumbnail.png"]')
          .evaluateAll(
            (images) =>
              images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
          ),
      )
      .toBe(1);
    await watcherPage.screenshot({ path: await screenshotPath('multi-watcher-ready') });
    const job = await jobOf(firstModelId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1 });
    // It ran in one worker process, never in an API instance, and ended there as succeeded.
    await expect
      .poll(async () => (await ranOn(job!.id)).succeeded.length, { timeout: 30_000, interval: 200 })
      .toBe(1);
    const ran = await ranOn(job!.id);
    expect(ran.named).toHaveLength(1);
    expect(ran.named[0]).toMatch(/^worker-/);
    expect(ran).toMatchObject({ succeeded: ran.named, leaseLost: [] });
    figures['first conversion ran on'] = ran.named[0];

    const latency = async (page: Page) => {
      const ready = (await recorded(page)).find(
        (r) =>
          r.event.type === 'model.status' &&
          r.event.data.modelId === firstModelId &&
          r.event.data.status === 'ready',
      );
      expect(ready, 'a model.status ready event').toBeTruthy();
      return {
        ms: ready!.receivedAt - Date.parse(ready!.event.at),
        via: instanceAt(ready!.upstream ?? ''),
      };
    };
    figures['ready event, raised on the worker -> seen in the browser'] = {
      watcher: await latency(watcherPage),
      owner: await latency(ownerPage),
    };
    await expectStoredIntact(firstModelId, FIRST, 'first upload');
  }, 150_000);

  it('a visitor opens a public share of the model', async () => {
    const name = path.basename(FIRST);
    await row(ownerPage, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await ownerPage.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: `Share “${name}”` });
    await dialog.getByRole('radio', { name: /^Public/ }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Link created').waitFor();
    const link = await dialog.getByLabel('Share link', { exact: true }).inputValue();
    expect(link.startsWith(`${lb.url}/share/`)).toBe(true);
    await ownerPage.keyboard.press('Escape');

    const visitor = await newPage();
    await visitor.goto(link);
    await waitForViewerLoaded(visitor);
    await visitor.waitForTimeout(500);
    const image = decodePng(await visitor.locator('canvas').first().screenshot());
    expect(coveredFraction(image, borderColor(image))).toBeGreaterThan(0.01);
    await visitor.getByText(name).first().waitFor();
    await visitor.screenshot({ path: await screenshotPath('multi-share-visitor') });
  }, 90_000);

  it('an order created through one instance is paid through the other', async () => {
    await ownerPage.goto('/upgrade');
    const before = (await lb.requests()).length;
    await ownerPage.getByRole('radio', { name: en.upgrade.monthly }).click();
    await ownerPage
      .getByRole('button', { name: en.upgrade.choose.replace('{{name}}', en.plans.pro) })
      .click();
    await ownerPage.waitForURL((url) => url.pathname === '/upgrade/paycode');
    const orderId = new URL(ownerPage.url()).searchParams.get('order') ?? '';
    const created = (await lb.requests())
      .slice(before)
      .filter((r) => r.method === 'POST' && r.uri === '/api/orders/create' && r.status === 200);
    expect(created).toHaveLength(1);
    const creator = created[0]!.upstreams.at(-1);
    const other = api.find((instance) => instance.address !== creator)!;
    // The sandbox's Pay button, asked of the instance that did not create the order.
    const paid = await fetch(`${other.url}/api/dev/payments/${orderId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'wechat' }),
    });
    const answer = (await paid.json()) as Order & { code?: string; message?: string };
    figures['order paid through the other instance'] = {
      created: instanceAt(creator ?? ''),
      paidThrough: other.name,
      status: paid.status,
      ...(paid.ok ? {} : { code: answer.code, message: answer.message }),
    };
    expect(paid.status, `pay through ${other.name}: ${JSON.stringify(answer)}`).toBe(200);
    await ownerPage.waitForURL((url) => url.pathname === '/upgrade/payment', { timeout: 15_000 });
    await ownerPage.getByRole('heading', { name: en.payment.result.paid.title }).waitFor();
    await ownerPage.screenshot({ path: await screenshotPath('multi-order-paid') });
  }, 60_000);

  it('kill -9 of the converting worker: another worker finishes the job once its lease runs out', async () => {
    const modelId = await uploadFile(lb.url, owner.token, projectId, SECOND);
    // Mid-conversion: running, the original read, the file being parsed or meshed.
    let pid = 0;
    let atKill: { progress: number; stage: string | null } | undefined;
    await expect
      .poll(
        async () => {
          const job = await jobOf(modelId);
          const { rows } = await db.query<{ progress: number; stage: string | null }>(
            'SELECT progress, stage FROM models WHERE id = $1',
            [modelId],
          );
          atKill = rows[0];
          const converting = ['parse', 'geometry', 'optimize'].includes(atKill?.stage ?? '');
          if (job?.status !== 'running' || !job.locked_by || !converting) return false;
          pid = Number(job.locked_by.split(':')[1]);
          return true;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    const victim = instances.find((i) => i.role === 'worker' && i.pid === pid);
    expect(victim, `the job's worker (pid ${pid}) is one of this test's`).toBeTruthy();
    await victim!.crash();
    const killedAt = Date.now();
    await waitForModel(modelId, 'ready', 90_000);
    const finished = Date.now() - killedAt;
    const job = await jobOf(modelId);
    const survivor = instances.find((i) => i.role === 'worker' && i !== victim && !i.ended())!;
    figures['kill -9 mid-conversion'] = {
      killed: victim!.name,
      progressAtKill: atKill,
      finishedBy: survivor.name,
      secondsFromKillToReady: finished / 1000,
      leaseSeconds: LEASE_SECONDS,
      attempts: job?.attempts,
    };
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(job?.last_error).toMatch(/WORKER_LOST/);
    // Logged once its work after the flip (index, event, mail) is done: a moment after ready.
    await expect
      .poll(async () => (await ranOn(job!.id)).succeeded, { timeout: 30_000, interval: 200 })
      .toEqual([survivor.name]);
    const ran = await ranOn(job!.id);
    expect(ran.leaseLost).toEqual([]);
    expect(ran.named.filter((name) => !name.startsWith('worker-'))).toEqual([]);
    // The lease, the retry's back-off (1 s) and one conversion.
    expect(finished).toBeLessThan((LEASE_SECONDS + 45) * 1000);
    await expectStoredIntact(modelId, SECOND, 'second upload');
  }, 150_000);

  it('the object store stops for 10 s mid-upload: the upload resumes and nothing is lost', async () => {
    const since = new Date();
    await ownerPage.goto(`/models/${projectId}`);
    await ownerPage.getByRole('button', { name: 'Upload model' }).first().click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Upload models' });
    const before = (await lb.requests()).length;
    await dialog
      .getByLabel('Choose files', { exact: true })
      .and(ownerPage.locator('input'))
      .setInputFiles([THIRD]);
    const name = path.basename(THIRD);
    // A PATCH in: the gateway goes down.
    let uploadId = '';
    await expect
      .poll(
        async () => {
          const patch = (await lb.requests())
            .slice(before)
            .find((r) => r.method === 'PATCH' && r.status === 204);
          uploadId = patch?.uri.split('/').pop() ?? '';
          return uploadId;
        },
        { timeout: 30_000, interval: 50 },
      )
      .not.toBe('');
    await store.stopGateway();
    const stoppedAt = Date.now();
    // Each instance's readiness in the outage (it checks the bucket) and its liveness.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const health = async () => {
      const answers: Record<string, string> = {};
      for (const instance of instances.filter((i) => !i.ended())) {
        const status = async (route: string) =>
          fetch(`${instance.url}${route}`)
            .then((response) => String(response.status))
            .catch(() => 'no answer');
        answers[instance.name] =
          `live ${await status('/api/health/live')}, ready ${await status('/api/health/ready')}`;
      }
      return answers;
    };
    const healthInOutage = await health();
    await new Promise((resolve) => setTimeout(resolve, stoppedAt + OUTAGE_MS - Date.now()));
    await store.startGateway();
    const backAt = Date.now();
    // The upload ends, one way or the other (tus retries what a retry can fix).
    const entry = dialog.getByRole('listitem', { name });
    await expect
      .poll(() => entry.getAttribute('data-state'), { timeout: 120_000, interval: 250 })
      .not.toBe('uploading');
    const endedAt = Date.now();
    await ownerPage.screenshot({ path: await screenshotPath('multi-outage-upload') });
    // Every upload request from the first PATCH on, as the balancer answered them.
    const requests = (await lb.requests())
      .slice(before)
      .filter((r) => r.uri.startsWith('/api/uploads'));
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM models WHERE project_id = $1 AND original_filename = $2
          AND created_at >= $3`,
      [projectId, name, since],
    );
    const finishedId = rows[0]?.id ?? '';
    figures['object store outage'] = {
      outageSeconds: (backAt - stoppedAt) / 1000,
      upload: await entry.getAttribute('data-state'),
      uploadEndedSecondsAfterBack: (endedAt - backAt) / 1000,
      interruptedUpload: uploadId,
      finishedUpload: finishedId,
      answers: requests.map(
        (r) =>
          `${r.method} ${r.uri.slice('/api/uploads/'.length, '/api/uploads/'.length + 8) || '(new)'} ${r.status} ${instanceAt(r.upstreams.at(-1) ?? '')} +${((r.at - stoppedAt) / 1000).toFixed(1)}s`,
      ),
      healthInOutage,
      healthAfter: await health(),
      apiInstancesDead: instances
        .filter((i) => i.role === 'api' && i.ended())
        .map((i) => `${i.name}: ${i.ended()}`),
    };
    for (const instance of api) {
      expect(instance.ended(), `${instance.name} survived the outage`).toBeNull();
    }
    expect(await entry.getAttribute('data-state'), await entry.innerText()).toBe('completed');
    expect(rows, 'one model of the file').toHaveLength(1);
    await waitForModel(finishedId, 'ready', 90_000);
    await expectStoredIntact(finishedId, THIRD, 'upload through the outage');
    // Resumed, not started over: the upload cut off is the one that finished, and no second
    // POST created another (tus-js-client alone takes a 503 on its resume HEAD for "gone").
    expect(finishedId, 'the interrupted upload resumed instead of starting over').toBe(uploadId);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(
      posts.map((r) => r.status),
      'one POST: the upload was created once',
    ).toEqual([201]);
  }, 200_000);
});

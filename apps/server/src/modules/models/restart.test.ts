import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Model } from '@truss/contracts';
import { validateGlb } from '@truss/converter';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { signUpOn, startChildServer, type ChildServer } from '../../testing/child-server.ts';
import { HAVE_SAMPLES, sample } from '../../testing/samples.ts';
import { copyTemplateDataDir } from '../../testing/template-data-dir.ts';
import { testEngine } from '../../testing/test-server.ts';
import { sha256, tusUpload } from '../../testing/uploads.ts';

/**
 * Heavier: the real server in a child process (`node dist/main.js`, API + workers), killed with
 * SIGKILL and started again on the same DATA_DIR and database. An upload resumes across the
 * restart; a conversion killed half way is retried once its lease runs out and leaves exactly
 * one viewable.
 */
describe.skipIf(!HAVE_SAMPLES)(`server restarts (${testEngine()}, child process)`, () => {
  let dataDir: string;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => undefined;
  let server: ChildServer | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'truss-restart-'));
    // PGlite: the first start on a migrated database (made by a first start if no run made it
    // yet), as every later one; built-server.test.ts starts on an empty folder.
    if (testEngine() === 'pglite') await copyTemplateDataDir(dataDir);
    if (testEngine() === 'postgres') {
      const admin = process.env.TEST_DATABASE_URL!;
      const name = `truss_restart_${randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const drop = new pg.Client({ connectionString: admin });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      };
    }
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    startChildServer({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JOB_LEASE_SECONDS: '2',
      JOB_POLL_INTERVAL_MS: '100',
      JOB_RETRY_BASE_SECONDS: '0',
      WORKER_CONCURRENCY: '1',
    });

  it(
    'resumes an upload and retries a conversion across kill -9, with exactly one viewable',
    { timeout: 180_000 },
    async () => {
      const bytes = readFileSync(sample('ifc/Office_A_20110811.ifc')); // 4.1 MB
      const t0 = Date.now();
      const lap = (label: string) =>
        console.log(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      server = await start();
      lap('started');
      const { token, projectId } = await signUpOn(server.url);
      const auth = { authorization: `Bearer ${token}` };

      // 1. half an upload, then the server dies
      const first = await tusUpload(bytes, {
        baseUrl: server.url,
        token,
        projectId,
        filename: 'Office A.ifc',
        chunkSize: 512 * 1024,
        abortAfterBytes: 2 * 1024 * 1024,
      });
      expect(first.aborted).toBe(true);
      await server.kill();

      // 2. restarted on the same DATA_DIR: the upload resumes where it stopped
      lap('killed during upload');
      server = await start();
      lap('restarted');
      const uploadUrl = first.url!.replace(/^http:\/\/127\.0\.0\.1:\d+/, server.url);
      const head = await fetch(uploadUrl, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', ...auth },
      });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('upload-offset'))).toBeGreaterThanOrEqual(2 * 1024 * 1024);
      const resumed = await tusUpload(bytes, {
        baseUrl: server.url,
        token,
        projectId,
        filename: 'Office A.ifc',
        chunkSize: 512 * 1024,
        uploadUrl,
      });
      expect(resumed.error).toBeNull();
      const modelId = resumed.modelId!;
      const original = await fetch(`${server.url}/api/models/${modelId}/original`, {
        headers: auth,
      });
      expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(bytes));

      // 3. kill -9 while the conversion runs
      const getModel = async (url: string) =>
        (await (await fetch(`${url}/api/models/${modelId}`, { headers: auth })).json()) as Model;
      let seen = await getModel(server.url);
      const deadline = Date.now() + 60_000;
      while (seen.status === 'queued' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await getModel(server.url);
      }
      expect(seen.status, server.output()).toBe('processing');
      lap(`processing (${seen.stage} ${seen.progress} %)`);
      await server.kill();
      lap('killed during conversion');

      // 4. a new process takes the job over once the lease runs out
      server = await start();
      lap('restarted');
      const restartedAt = Date.now();
      let model = await getModel(server.url);
      while (model.status !== 'ready' && model.status !== 'failed') {
        if (Date.now() - restartedAt > 120_000) throw new Error(`still ${model.status}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        model = await getModel(server.url);
      }
      expect(model.status, server.output()).toBe('ready');
      console.log(
        `Office_A (4.1 MB IFC): ready ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart (lease 2 s)`,
      );
      const glb = await fetch(`${server.url}${model.viewable_url}`);
      expect(glb.status).toBe(200);
      expect((await validateGlb(new Uint8Array(await glb.arrayBuffer()))).errors).toBe(0);

      // exactly one viewable on disk: the first attempt died before writing or its files
      // were removed after the flip
      const derived = path.join(dataDir, 'storage', 'models', modelId, 'derived');
      expect(await readdir(derived)).toHaveLength(1);
      await server.stop();
      server = null;

      // the job: two attempts, the first lost with its worker
      const database = await openDatabase({
        databaseUrl,
        pgliteDir: databaseUrl ? null : path.join(dataDir, 'db'),
      });
      try {
        const jobs = await database.db
          .selectFrom('jobs')
          .selectAll()
          .where('dedupe_key', '=', `model.convert:${modelId}`)
          .execute();
        expect(jobs).toHaveLength(1);
        expect(jobs[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
        expect(jobs[0]!.last_error).toMatch(/^WORKER_LOST/);
      } finally {
        await database.close();
      }
    },
  );
});

describe.skipIf(!HAVE_SAMPLES || testEngine() !== 'postgres')(
  'an API process and two worker processes on one PostgreSQL (child processes)',
  () => {
    const children: ChildServer[] = [];
    let dataDir: string;
    let drop = async () => undefined;
    afterAll(async () => {
      for (const child of children) await child.kill();
      await drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('ROLE=api serves, --workers-only processes convert', { timeout: 120_000 }, async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'truss-roles-'));
      const admin = process.env.TEST_DATABASE_URL!;
      const name = `truss_roles_${randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      drop = async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
      const url = new URL(admin);
      url.pathname = `/${name}`;
      const env = {
        DATABASE_URL: url.toString(),
        JWT_SECRET: 'roles-test-secret-roles-test-secret',
        TOKEN_HMAC_SECRET: 'roles-test-hmac-roles-test-hmac',
        JOB_POLL_INTERVAL_MS: '100',
      };
      // one shared DATA_DIR stands in for a shared volume (local storage); S3 in production
      const api = await startChildServer({ ...env, DATA_DIR: dataDir, ROLE: 'api' });
      children.push(api);
      for (let i = 0; i < 2; i++) {
        children.push(
          await startChildServer(
            { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
            { args: ['--workers-only'], readyWhen: /Truss workers started/ },
          ),
        );
      }
      const { token, projectId } = await signUpOn(api.url);
      // events raised in the worker processes reach this SSE stream on the API (LISTEN/NOTIFY)
      const controller = new AbortController();
      const stream = await fetch(`${api.url}/api/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      let sse = '';
      const reading = (async () => {
        for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
          sse += Buffer.from(chunk).toString();
        }
      })().catch(() => undefined);
      const files = ['ifc/duplex.ifc', 'ifc/AC20-FZK-Haus.ifc', 'ply/Wuson.ply']; // 3: the upload limit
      const ids = await Promise.all(
        files.map(async (file) => {
          const result = await tusUpload(readFileSync(sample(file)), {
            baseUrl: api.url,
            token,
            projectId,
            filename: path.basename(file),
          });
          expect(result.error).toBeNull();
          return result.modelId!;
        }),
      );
      const deadline = Date.now() + 90_000;
      for (const id of ids) {
        let model: Model;
        do {
          await new Promise((resolve) => setTimeout(resolve, 200));
          model = (await (
            await fetch(`${api.url}/api/models/${id}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as Model;
        } while (model.status !== 'ready' && model.status !== 'failed' && Date.now() < deadline);
        expect(model.status).toBe('ready');
      }
      const parse = () =>
        sse
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => JSON.parse(line.slice(6)) as { type: string; data: { status?: string } });
      const readyEvents = () =>
        parse().filter((e) => e.type === 'model.status' && e.data.status === 'ready');
      // The events travel worker -> NOTIFY -> API -> stream: on a loaded machine the last one
      // came more than 300 ms after its model read ready. Wait for them, with a deadline.
      const eventsDeadline = Date.now() + 15_000;
      while (readyEvents().length < files.length && Date.now() < eventsDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 300)); // none more than expected
      controller.abort();
      await reading;
      const events = parse();
      expect(readyEvents()).toHaveLength(files.length);
      expect(events.some((e) => e.type === 'model.progress')).toBe(true);
      // the API process converted nothing; both workers took jobs
      expect(api.output()).not.toMatch(/job succeeded/);
      // the server's log is written in batches (at the latest 250 ms after a line, later when
      // a busy box delays the timer): wait for the last worker's line rather than a fixed time
      const jobsPerWorker = () =>
        children.slice(1).map((child) => child.output().match(/job succeeded/g)?.length ?? 0);
      const logDeadline = Date.now() + 10_000;
      while (
        jobsPerWorker().reduce((a, b) => a + b, 0) < files.length &&
        Date.now() < logDeadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const perWorker = jobsPerWorker();
      expect(perWorker.reduce((a, b) => a + b, 0)).toBe(files.length);
      console.log(`jobs per worker process: ${perWorker.join(', ')}`);

      // the worker processes mailed the uploader (their mailer: the dev outbox in the shared
      // database), one mail per model, sent after the job (and its mail) is over
      const readyMails = async () =>
        (
          (await (await fetch(`${api.url}/api/dev/mail`)).json()) as {
            subject: string;
            text: string;
          }[]
        ).filter((mail) => mail.subject === 'Your model is ready to view in Truss');
      const mailDeadline = Date.now() + 10_000;
      while ((await readyMails()).length < files.length && Date.now() < mailDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mails = await readyMails();
      expect(mails.map((mail) => /Your model "([^"]+)"/.exec(mail.text)?.[1]).sort()).toEqual(
        files.map((file) => path.basename(file)).sort(),
      );
      for (const id of ids) {
        expect(mails.filter((mail) => mail.text.includes(`/model/${id}`))).toHaveLength(1);
      }
    });
  },
);

import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Model } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOn, startChildServer, type ChildServer } from './testing/child-server.ts';
import { HAVE_SAMPLES, sample } from './testing/samples.ts';
import { openSse } from './testing/sse.ts';
import { copyTemplateDataDir } from './testing/template-data-dir.ts';
import { testEngine } from './testing/test-server.ts';
import { tusUpload, waitForModel } from './testing/uploads.ts';

/**
 * SIGTERM on the real server (`npm start`'s process): it stops accepting, ends event streams
 * with a retry hint, hands the running conversion back to the queue and exits 0; a new process
 * on the same DATA_DIR picks the job up at once (its lease was released, not left to expire).
 */
// The child runs on PGlite in DATA_DIR; once is enough (the server-pglite project).
describe.skipIf(!HAVE_SAMPLES || testEngine() !== 'pglite')('graceful shutdown on SIGTERM', () => {
  let dataDir: string;
  let server: ChildServer | undefined;
  const env = () => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // A lease left behind would hold the job for 10 minutes: the restart below would time out.
    JOB_LEASE_SECONDS: '600',
    JOB_POLL_INTERVAL_MS: '100',
    WORKER_CONCURRENCY: '1',
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'truss-shutdown-'));
    // a migrated database (made here by a first start if no run made it yet): the start on an
    // empty folder is built-server.test.ts's
    await copyTemplateDataDir(dataDir);
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'ends streams with a retry hint, releases the running job and exits 0',
    { timeout: 180_000 },
    async () => {
      server = await startChildServer(env());
      const { token, projectId } = await signUpOn(server.url);
      const auth = { authorization: `Bearer ${token}` };
      const events = await openSse(server.url, token);
      expect(events.status).toBe(200);

      const bytes = readFileSync(sample('ifc/Office_A_20110811.ifc')); // a conversion of seconds
      const upload = await tusUpload(bytes, {
        baseUrl: server.url,
        token,
        projectId,
        filename: 'Office A.ifc',
      });
      expect(upload.error).toBeNull();
      const modelId = upload.modelId!;
      const getModel = async (url: string) =>
        (await (await fetch(`${url}/api/models/${modelId}`, { headers: auth })).json()) as Model;
      let seen = await getModel(server.url);
      const deadline = Date.now() + 60_000;
      while (seen.status === 'queued' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await getModel(server.url);
      }
      expect(seen.status, server.output()).toBe('processing');

      const exited = new Promise<number | null>((resolve) =>
        server!.process.once('exit', (code) => resolve(code)),
      );
      server.process.kill('SIGTERM');
      await events.ended;
      expect(events.raw()).toMatch(/retry: \d+\n: server shutting down, reconnect\n\n$/);
      expect(await exited).toBe(0);
      expect(server.output()).toContain('job released (shutdown)');
      await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();

      // restarted: the job runs again right away and the model becomes ready
      server = await startChildServer(env());
      const ready = await waitForModel(() => getModel(server!.url), 120_000);
      expect(ready.status).toBe('ready');
    },
  );
});

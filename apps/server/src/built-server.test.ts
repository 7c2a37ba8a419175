import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Model } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BCF_SHARED } from '@truss/bcf/testing/xsd-validate';
import { builtServerEntry } from './testing/built-server.ts';
import { signUpOn, startChildServer, type ChildServer } from './testing/child-server.ts';
import { HAVE_SAMPLES, sample } from './testing/samples.ts';
import { testEngine } from './testing/test-server.ts';
import { tusUpload, waitForModel } from './testing/uploads.ts';

function run(file: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The built server (`npm start`: build.mjs bundles src/ into dist/, then `node dist/main.js`):
 * plain JavaScript without tsx, which starts, answers /api/health/ready, converts in its bundled
 * worker thread, reads BCF in its other worker, and whose command-line tools start. Once, on
 * PGlite (the default the build must work with).
 */
describe.skipIf(testEngine() !== 'pglite')('the built server (dist/)', () => {
  let dist: string;
  let dataDir: string;
  let server: ChildServer;

  beforeAll(async () => {
    dist = path.dirname(await builtServerEntry());
    dataDir = await mkdtemp(path.join(tmpdir(), 'truss-built-'));
    server = await startChildServer({ DATA_DIR: dataDir, JOB_POLL_INTERVAL_MS: '200' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is plain JavaScript that never loads tsx', async () => {
    const files = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.js'));
    for (const name of ['main.js', 'converter-worker.js', 'bcf-read-worker.js', 'ops-cli.js']) {
      expect(files).toContain(name);
    }
    expect(files.filter((file) => file.startsWith('migrations')).length).toBeGreaterThan(10);
    for (const file of files) {
      const text = await readFile(path.join(dist, file), 'utf8');
      expect(text, file).not.toMatch(/from\s*["']tsx|import\(\s*["']tsx/);
    }
  });

  it('answers /api/health/ready with its database and storage writable', async () => {
    const response = await fetch(`${server.url}/api/health/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  });

  it.skipIf(!HAVE_SAMPLES)(
    'converts an upload in its bundled worker thread',
    async () => {
      const user = await signUpOn(server.url);
      const outcome = await tusUpload(await readFile(sample('stl/stl_binary.stl')), {
        baseUrl: server.url,
        token: user.token,
        projectId: user.projectId,
        filename: 'stl_binary.stl',
      });
      expect(outcome.error).toBeNull();
      const model = await waitForModel(async () => {
        const response = await fetch(`${server.url}/api/models/${outcome.modelId}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        return (await response.json()) as Model;
      }, 120_000);
      expect(model).toMatchObject({ status: 'ready', format: 'stl', progress: 100 });
    },
    150_000,
  );

  it.skipIf(!existsSync(BCF_SHARED))('reads BCF in its bundled reader thread', async () => {
    const bytes = new Uint8Array(
      await readFile(path.join(BCF_SHARED, 'v2.1', 'Markup-MinimumInformation.bcf')),
    );
    const worker = new Worker(path.join(dist, 'bcf-read-worker.js'));
    try {
      const reply = await new Promise<{ type: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ bytes }, [bytes.buffer]);
      });
      expect(reply.type).toBe('result');
    } finally {
      await worker.terminate();
    }
  });

  it('runs the command-line tools (backup/restore, payments refund)', async () => {
    const ops = await run(path.join(dist, 'ops-cli.js'), [], { DATA_DIR: dataDir });
    expect(ops).toMatchObject({ code: 1 });
    expect(ops.stderr).toContain('usage: backup [archive.tar.gz] | restore <archive.tar.gz>');
    const refund = await run(path.join(dist, 'payments-refund.js'), [], { DATA_DIR: dataDir });
    expect(refund).toMatchObject({ code: 2 });
    expect(refund.stderr).toContain('usage: npm run payments:refund');
  });
});

import type { Model, Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDataAccess } from '../../app-data.ts';
import { convertedOutcome } from '../../testing/fake-convert.ts';
import type { TestUser } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import type { ConvertFn } from './index.ts';
import { ModelProcessedNotifier } from './notifier.ts';

const BYTES = Buffer.from('o tri\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

/** The test converter: what it does depends on the file's name. */
const calls = new Map<string, number>();
let hold: { reached: () => void; release: Promise<void> } | null = null;
const fakeConvert: ConvertFn = async ({ filename }) => {
  const call = (calls.get(filename) ?? 0) + 1;
  calls.set(filename, call);
  if (filename.startsWith('held') && hold) {
    hold.reached();
    await hold.release;
  }
  if (filename.startsWith('flaky') && call === 1) throw new Error('storage hiccup');
  if (filename.startsWith('crashing')) throw new Error('worker crashed');
  if (filename.startsWith('broken')) return { ok: false, code: 'MALFORMED_FILE', message: 'bad' };
  return convertedOutcome(filename);
};

/**
 * When the `model_processed` mail is not sent, or sent once although the job ran several
 * times: retries, models trashed or deleted during their conversion, an SMTP server that refuses.
 */
describe(`model processed mails: retries, deletion, mail failures (${testEngine()})`, () => {
  let server: TestServer;
  let user: TestUser & { projectId: string };
  beforeAll(async () => {
    server = await startTestServer({
      mail: 'smtp',
      models: { role: 'all', jobPollIntervalMs: 20, jobRetryBaseSeconds: 0, jobMaxAttempts: 3 },
      modelDeps: { convert: fakeConvert },
    });
    const created = await server.createUser();
    const projects = await server.api<Project[]>('GET', '/api/project', { token: created.token });
    user = { ...created, projectId: projects.body[0]!.id };
  });
  afterAll(() => server?.close());
  const email = () => user.user.email;

  const idle = async () => {
    const runner = server.app.models.runner!;
    while (runner.activeCount > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const get = async (id: string) =>
    (await server.api<Model>('GET', `/api/models/${id}`, { token: user.token })).body;
  const start = async (filename: string) => {
    const result = await tusUpload(BYTES, {
      baseUrl: server.url,
      token: user.token,
      projectId: user.projectId,
      filename,
    });
    expect(result.error).toBeNull();
    return result.modelId!;
  };
  const attempts = async (modelId: string) =>
    (
      await server.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('dedupe_key', '=', `model.convert:${modelId}`)
        .execute()
    ).map((job) => [job.status, job.attempts]);

  it('a conversion ready after a retried attempt is mailed once', async () => {
    const before = server.mail!.to(email()).length;
    const id = await start('flaky.obj');
    expect((await waitForModel(() => get(id))).status).toBe('ready');
    await idle();
    expect(await attempts(id)).toEqual([['succeeded', 2]]);
    const mails = server.mail!.to(email());
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe('Your model is ready to view in Truss');
    expect(mails[0]!.text).toContain('Your model "flaky.obj"');
  });

  it('a conversion failing every attempt is mailed once, after the last attempt', async () => {
    const before = server.mail!.to(email()).length;
    const id = await start('crashing.obj');
    const model = await waitForModel(() => get(id));
    await idle();
    expect(model).toMatchObject({ status: 'failed', failure: { code: 'CONVERSION_FAILED' } });
    expect(await attempts(id)).toEqual([['failed', 3]]);
    const mails = server.mail!.to(email());
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe('Your model could not be processed in Truss');
    expect(mails[0]!.text).toContain('Your model "crashing.obj"');
    expect(mails[0]!.text).toContain('Reason: Processing the model failed');
  });

  async function whileHeld(filename: string, during: (id: string) => Promise<void>) {
    let reached!: () => void;
    let release!: () => void;
    const wasReached = new Promise<void>((resolve) => (reached = resolve));
    hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const id = await start(filename);
    await wasReached;
    await during(id);
    release();
    hold = null;
    await idle();
    return id;
  }

  it('a model trashed during its conversion ends ready but is not mailed', async () => {
    const before = server.mail!.to(email()).length;
    const id = await whileHeld('held-trash.obj', async (modelId) => {
      const trashed = await server.api('DELETE', `/api/models/${modelId}`, { token: user.token });
      expect(trashed.status).toBe(200);
    });
    const model = await get(id);
    expect(model.status).toBe('ready');
    expect(model.deleted_at).not.toBeNull();
    expect(server.mail!.to(email())).toHaveLength(before);
  });

  it('a model deleted for good during its conversion is not mailed', async () => {
    const before = server.mail!.to(email()).length;
    const id = await whileHeld('held-delete.obj', async (modelId) => {
      await server.api('DELETE', `/api/models/${modelId}`, { token: user.token });
      const gone = await server.api('DELETE', `/api/models/${modelId}/permanent`, {
        token: user.token,
      });
      expect(gone.status).toBe(200);
    });
    expect((await server.api('GET', `/api/models/${id}`, { token: user.token })).status).toBe(404);
    expect(server.mail!.to(email())).toHaveLength(before);
  });

  it('a refused mail neither fails nor retries the conversion', async () => {
    const before = server.mail!.to(email()).length;
    server.mail!.failing = true;
    try {
      const ready = await start('refused.obj');
      expect((await waitForModel(() => get(ready))).status).toBe('ready');
      const broken = await start('broken.obj');
      expect((await waitForModel(() => get(broken))).failure?.code).toBe('MALFORMED_FILE');
      await idle();
      expect(await attempts(ready)).toEqual([['succeeded', 1]]);
      expect(await attempts(broken)).toEqual([['failed', 1]]);
    } finally {
      server.mail!.failing = false;
    }
    expect(server.mail!.to(email())).toHaveLength(before);
    // the next one goes out again
    const next = await start('after.obj');
    await waitForModel(() => get(next));
    await idle();
    expect(server.mail!.to(email())).toHaveLength(before + 1);
  });

  it('the notifier logs a mail failure with the error and does not throw', async () => {
    const id = await start('logged.obj');
    await waitForModel(() => get(id));
    await idle();
    const logged: unknown[][] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) };
    const failure = new Error('smtp down');
    const notifier = new ModelProcessedNotifier({
      data: createAppDataAccess(server.db),
      mailer: {
        kind: 'smtp',
        send: () => Promise.reject(failure),
        close: () => undefined,
      },
      notifications: { allows: async () => true },
      publicUrl: 'http://127.0.0.1',
      log: log as never,
    });
    await expect(notifier.conversionFinished(id, 'ready')).resolves.toBeUndefined();
    expect(logged).toEqual([
      [{ err: failure, model: id, status: 'ready' }, 'could not mail that a model was processed'],
    ]);
  });
});

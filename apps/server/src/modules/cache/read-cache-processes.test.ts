import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Model, Profile, Project, UserSubscription } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../../testing/child-server.ts';
import { grantPaidPlan } from '../../testing/paid-plan.ts';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';

/** How soon another instance must show a change (the bound docs/operations.md documents). */
const BOUND_MS = 1_000;

/**
 * Two server processes on one PostgreSQL database: this test's server (A) and `npm start` in a
 * child process (B) whose cache entries would live a minute. B reads first (so its answers come
 * from memory), A changes something, and B must show the change well within a second.
 */
describe.skipIf(testEngine() !== 'postgres')('hot reads cache across two processes', () => {
  const secrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    tokenHmacSecret: randomBytes(32).toString('hex'),
  };
  let a: TestServer;
  let b: ChildServer;
  let bDataDir: string;
  let team: Team;

  beforeAll(async () => {
    a = await startTestServer({ mail: 'outbox', config: secrets });
    bDataDir = await mkdtemp(path.join(tmpdir(), 'truss-cache-b-'));
    b = await startChildServer({
      DATABASE_URL: a.databaseUrl!,
      JWT_SECRET: secrets.jwtSecret,
      TOKEN_HMAC_SECRET: secrets.tokenHmacSecret,
      DATA_DIR: bDataDir,
      ROLE: 'api',
      READ_CACHE_SECONDS: '60',
    });
    team = await createTeam(a);
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
    if (bDataDir) await rm(bDataDir, { recursive: true, force: true });
  });

  async function onB<T>(route: string, token: string): Promise<{ status: number; body: T }> {
    const response = await fetch(`${b.url}${route}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Polls B until `done` holds; returns how long that took (fails past twice the bound). */
  async function untilOnB<T>(
    route: string,
    token: string,
    done: (answer: { status: number; body: T }) => boolean,
  ): Promise<number> {
    const started = Date.now();
    for (;;) {
      if (done(await onB<T>(route, token))) return Date.now() - started;
      if (Date.now() - started > 2 * BOUND_MS) throw new Error(`${route} on B never changed`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('a logout on A refuses the token on B', async () => {
    const user = await a.createUser();
    expect((await onB('/api/user/profile', user.token)).status).toBe(200);
    expect((await onB('/api/user/profile', user.token)).status).toBe(200);
    await a.api('POST', '/api/auth/logout', { token: user.token });
    const took = await untilOnB('/api/user/profile', user.token, (r) => r.status === 401);
    expect(took).toBeLessThan(BOUND_MS);
  });

  it("a project renamed on A shows in a member's list on B", async () => {
    const { owner, member, project } = team;
    await onB('/api/project', member.token);
    await onB('/api/project', member.token);
    await a.api('PUT', `/api/project/${project.id}`, {
      token: owner.token,
      body: { name: 'Renamed on A' },
    });
    const took = await untilOnB<Project[]>('/api/project', member.token, (r) =>
      r.body.some((each) => each.name === 'Renamed on A'),
    );
    expect(took).toBeLessThan(BOUND_MS);
  });

  it('a member removed on A loses the project and its models on B', async () => {
    const { owner, admin, project } = team;
    const models = `/api/project/${project.id}/models`;
    expect((await onB<Model[]>(models, admin.token)).status).toBe(200);
    await onB(models, admin.token);
    await onB('/api/project', admin.token);
    const row = await a.db
      .selectFrom('project_members')
      .select('id')
      .where('project_id', '=', project.id)
      .where('user_id', '=', admin.user.id)
      .executeTakeFirstOrThrow();
    const removed = await a.api('DELETE', `/api/project/${project.id}/members/${row.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await untilOnB(models, admin.token, (r) => r.status === 404)).toBeLessThan(BOUND_MS);
    const took = await untilOnB<Project[]>(
      '/api/project',
      admin.token,
      (r) => !r.body.some((each) => each.id === project.id),
    );
    expect(took).toBeLessThan(BOUND_MS);
  });

  it('a plan change written to the database shows on B', async () => {
    const { owner } = team;
    const route = '/api/user/subscription';
    expect((await onB<UserSubscription>(route, owner.token)).body.plan.id).toBe('free');
    await onB(route, owner.token);
    await grantPaidPlan(a.db, owner.user.id, 'pro');
    const took = await untilOnB<UserSubscription>(
      route,
      owner.token,
      (r) => r.body.plan.id === 'pro',
    );
    expect(took).toBeLessThan(BOUND_MS);
  });

  it('a profile changed on B shows on A', async () => {
    const { member } = team;
    await a.api('GET', '/api/user/profile', { token: member.token });
    await a.api('GET', '/api/user/profile', { token: member.token });
    const changed = await fetch(`${b.url}/api/user/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: 'Changed on B' }),
    });
    expect(changed.status).toBe(200);
    const started = Date.now();
    let company: string | null = null;
    while (Date.now() - started < 2 * BOUND_MS && company !== 'Changed on B') {
      company = (await a.api<Profile>('GET', '/api/user/profile', { token: member.token })).body
        .company;
    }
    expect(company).toBe('Changed on B');
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
  });
});

import { randomUUID } from 'node:crypto';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  type Model,
  type Profile,
  type Project,
  type UserSubscription,
} from '@truss/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPaidPlan } from '../../testing/paid-plan.ts';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';

/**
 * The hot reads' cache over real HTTP (PGlite, and PostgreSQL with TEST_DATABASE_URL): every
 * read is asked twice first, so the second answer comes from memory; then a change, and the very
 * next read must show it.
 */
describe('hot reads cache: a change shows on the next read', () => {
  let server: TestServer;
  let team: Team;

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = <T>(path: string, token: string) => server.api<T>('GET', path, { token });

  /** Reads twice: the second read must be answered from memory. */
  async function warm<T>(path: string, token: string): Promise<T> {
    const first = await get<T>(path, token);
    expect(first.status).toBe(200);
    const hits = server.app.readCache.stats.hits;
    const second = await get<T>(path, token);
    expect(second.status).toBe(200);
    expect(server.app.readCache.stats.hits).toBeGreaterThan(hits);
    expect(second.body).toEqual(first.body);
    return second.body;
  }

  async function insertModel(projectId: string, createdBy: string, name: string): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await server.db
      .insertInto('models')
      .values({
        id,
        project_id: projectId,
        name,
        original_filename: `${name}.ifc`,
        size_bytes: 1234,
        format: 'ifc',
        created_by: createdBy,
        original_key: `models/${id}/original`,
        original_sha256: null,
        status: 'queued',
        progress: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await insertVersion(id, createdBy, 1, 1234);
    await server.db
      .updateTable('models')
      .set({ current_version_id: id })
      .where('id', '=', id)
      .execute();
    return id;
  }

  /** A version row alone, as a new version's upload writes it before its model changes. */
  async function insertVersion(
    modelId: string,
    createdBy: string,
    number: number,
    sizeBytes: number,
  ): Promise<void> {
    const now = new Date();
    await server.db
      .insertInto('model_versions')
      .values({
        // Version 1 of a model shares its id (as migrated models and first uploads do).
        id: number === 1 ? modelId : randomUUID(),
        model_id: modelId,
        number,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
        size_bytes: sizeBytes,
        original_filename: 'probe.ifc',
        format: 'ifc',
        status: 'queued',
      })
      .execute();
  }

  it('keeps the hot reads in memory while it hears every change', async () => {
    expect(server.app.readCache.active).toBe(true);
    const { owner, project } = team;
    await warm(`/api/project`, owner.token);
    await warm(`/api/project/${project.id}/models`, owner.token);
    await warm(`/api/user/profile`, owner.token);
    await warm(`/api/user/subscription`, owner.token);
  });

  it('a logout refuses the token on the very next request', async () => {
    const user = await server.createUser();
    await warm('/api/user/profile', user.token);
    const out = await server.api('POST', '/api/auth/logout', { token: user.token });
    expect(out.status).toBe(200);
    expect((await get('/api/user/profile', user.token)).status).toBe(401);
    expect((await get('/api/project', user.token)).status).toBe(401);
  });

  it('signing out everywhere, a password change and account deletion end cached sessions', async () => {
    const everywhere = await server.createUser();
    await warm('/api/project', everywhere.token);
    await server.api('POST', '/api/auth/logout-all', { token: everywhere.token });
    expect((await get('/api/project', everywhere.token)).status).toBe(401);

    const changer = await server.createUser();
    const other = await server.api<{ token: string }>('POST', '/api/auth/login', {
      body: { email: changer.user.email, password: changer.password },
    });
    await warm('/api/project', other.body.token);
    const changed = await server.api('POST', '/api/user/password', {
      token: changer.token,
      body: { currentPassword: changer.password, newPassword: 'a brand new passphrase 42' },
    });
    expect(changed.status).toBe(200);
    // "signs out every other session"
    expect((await get('/api/project', other.body.token)).status).toBe(401);

    const leaver = await server.createUser();
    await warm('/api/user/profile', leaver.token);
    const deleted = await server.api('DELETE', '/api/user', {
      token: leaver.token,
      body: { confirm: DELETE_ACCOUNT_CONFIRMATION, password: leaver.password },
    });
    expect(deleted.status).toBe(200);
    expect((await get('/api/user/profile', leaver.token)).status).toBe(401);
  });

  it('renamed, created and deleted projects show in every member list at once', async () => {
    const { owner, member, project } = team;
    const names = async (token: string) =>
      (await get<Project[]>('/api/project', token)).body.map((each) => each.name);
    await warm('/api/project', member.token);
    const renamed = await server.api('PUT', `/api/project/${project.id}`, {
      token: owner.token,
      body: { name: 'Tower A (renamed)' },
    });
    expect(renamed.status).toBe(200);
    expect(await names(member.token)).toContain('Tower A (renamed)');

    const creator = await server.createUser();
    await grantPaidPlan(server.db, creator.user.id, 'pro', server.clock());
    await warm('/api/project', creator.token);
    const created = await server.api<Project>('POST', '/api/project', {
      token: creator.token,
      body: { name: 'Annex', description: 'East wing' },
    });
    expect(created.status).toBe(201);
    expect(await names(creator.token)).toContain('Annex');
    const gone = await server.api('DELETE', `/api/project/${created.body.id}`, {
      token: creator.token,
      body: { confirm: 'DELETE' },
    });
    expect(gone.status).toBe(200);
    expect(await names(creator.token)).not.toContain('Annex');
  });

  it('a removed member loses the project and its models at once', async () => {
    const [owner, leaving] = [await server.createUser(), await server.createUser()];
    await grantPaidPlan(server.db, owner.user.id, 'pro', server.clock());
    const project = (
      await server.api<Project>('POST', '/api/project', {
        token: owner.token,
        body: { name: 'Short stay', description: 'Temporary' },
      })
    ).body;
    const membership = await server.db
      .insertInto('project_members')
      .values({
        project_id: project.id,
        user_id: leaving.user.id,
        role: 'member',
        status: 'accepted',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lists = await warm<Project[]>('/api/project', leaving.token);
    expect(lists.map((each) => each.id)).toContain(project.id);
    await warm(`/api/project/${project.id}/models`, leaving.token);

    const removed = await server.api(
      'DELETE',
      `/api/project/${project.id}/members/${membership.id}`,
      {
        token: owner.token,
      },
    );
    expect(removed.status).toBe(200);
    const after = await get<Project[]>('/api/project', leaving.token);
    expect(after.body.map((each) => each.id)).not.toContain(project.id);
    expect((await get(`/api/project/${project.id}/models`, leaving.token)).status).toBe(404);
  });

  it("model changes and a creator's new name show in the model list at once", async () => {
    const { owner, member, project } = team;
    const modelId = await insertModel(project.id, owner.user.id, 'Level 1');
    const path = `/api/project/${project.id}/models`;
    const before = await warm<Model[]>(path, member.token);
    expect(before.map((model) => model.name)).toContain('Level 1');

    await server.api('PUT', `/api/models/${modelId}`, {
      token: owner.token,
      body: { name: 'Level 1 (final)' },
    });
    const renamed = await get<Model[]>(path, member.token);
    expect(renamed.body.find((model) => model.id === modelId)?.name).toBe('Level 1 (final)');

    await warm(path, member.token);
    await server.api('PUT', '/api/user/profile', {
      token: owner.token,
      body: { full_name: 'Owner Renamed' },
    });
    const byName = await get<Model[]>(path, member.token);
    expect(byName.body.find((model) => model.id === modelId)?.creator?.name).toBe('Owner Renamed');
    expect((await get<Profile>('/api/user/profile', owner.token)).body.full_name).toBe(
      'Owner Renamed',
    );
  });

  it("a plan change shows in the subscription and in the owner's projects at once", async () => {
    const { owner, member, project } = team;
    const free = await warm<UserSubscription>('/api/user/subscription', owner.token);
    expect(free.plan.id).toBe('free');
    const listed = await warm<Project[]>('/api/project', member.token);
    expect(listed.find((each) => each.id === project.id)?.tier).toBe('free');

    // Written straight to the database, as settlement (or the refund tool) writes it.
    await grantPaidPlan(server.db, owner.user.id, 'pro', server.clock());
    const paid = await get<UserSubscription>('/api/user/subscription', owner.token);
    expect(paid.body.plan.id).toBe('pro');
    const after = await get<Project[]>('/api/project', member.token);
    expect(after.body.find((each) => each.id === project.id)?.tier).toBe('paid');
  });

  it('usage in the subscription follows new models at once', async () => {
    const { owner, project } = team;
    const before = await warm<UserSubscription>('/api/user/subscription', owner.token);
    await insertModel(project.id, owner.user.id, 'Usage probe');
    const after = await get<UserSubscription>('/api/user/subscription', owner.token);
    expect(after.body.limits.storage.current).toBe(before.limits.storage.current + 1234);
  });

  it('usage in the subscription follows a new version at once', async () => {
    const { owner, project } = team;
    const modelId = await insertModel(project.id, owner.user.id, 'Version probe');
    const before = await warm<UserSubscription>('/api/user/subscription', owner.token);
    await insertVersion(modelId, owner.user.id, 2, 999);
    const after = await get<UserSubscription>('/api/user/subscription', owner.token);
    expect(after.body.limits.storage.current).toBe(before.limits.storage.current + 999);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'a change committed by another process shows within milliseconds',
    async () => {
      const { owner } = team;
      await warm('/api/user/profile', owner.token);
      const other = new pg.Client({ connectionString: server.databaseUrl! });
      await other.connect();
      try {
        await other.query('UPDATE users SET company = $1 WHERE id = $2', [
          'Outside Ltd',
          owner.user.id,
        ]);
        const started = Date.now();
        let company: string | null = null;
        while (Date.now() - started < 2_000) {
          company = (await get<Profile>('/api/user/profile', owner.token)).body.company;
          if (company === 'Outside Ltd') break;
        }
        expect(company).toBe('Outside Ltd');
        expect(Date.now() - started).toBeLessThan(1_000);
      } finally {
        await other.end();
      }
    },
  );
});

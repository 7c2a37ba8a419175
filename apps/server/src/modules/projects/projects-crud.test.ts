import type { Project } from '@truss/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDataAccess } from '../../app-data.ts';
import { projectRows } from './repositories.ts';
import { projectAudience } from '../members/index.ts';
import { createProject, createTeam, type Team } from '../../testing/project-team.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { ProjectsService, type ProjectDeletionListener } from './service.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('projects API: create, read, update, preferences, delete', () => {
  let server: TestServer;
  let team: Team;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
  });
  afterAll(() => server?.close());

  const as = (who: keyof Omit<Team, 'project'>) => team[who].token;

  describe('POST /api/project', () => {
    it('creates a project owned by the caller (201) with the chosen icon colour', async () => {
      const res = await server.api<Project>('POST', '/api/project', {
        token: as('member'),
        body: {
          name: '  Bridge  ',
          description: 'Deck and piers',
          metadata: { avatar_bg_color: '#0a0B0c' },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Bridge',
        description: 'Deck and piers',
        is_default: false,
        role: 'owner',
        member_count: 1,
        model_count: 0,
        metadata: { avatar_bg_color: '#0a0B0c' },
        creator: { id: team.member.user.id },
      });
      const list = await server.api<Project[]>('GET', '/api/project', { token: as('member') });
      expect(list.body.map((p) => p.id)).toContain(res.body.id);
    });

    it('picks a colour when none is given', async () => {
      const project = await createProject(server, as('outsider'), 'Plain');
      expect(project.metadata.avatar_bg_color).toMatch(/^#[0-9a-f]{6}$/);
    });

    it.each([
      [{ description: 'x' }, 'name', 'Please enter a project name'],
      [{ name: '   ', description: 'x' }, 'name', 'Please enter a project name'],
      [{ name: 'x' }, 'description', 'Please enter a project description'],
      [{ name: 'x'.repeat(10_000), description: 'x' }, 'name', 'at most 100'],
      [{ name: 'x', description: 'x', metadata: { avatar_bg_color: 'red' } }, 'metadata', '#'],
    ])('refuses %j with 400 VALIDATION_ERROR on %s', async (body, field, text) => {
      const before = await server.api<Project[]>('GET', '/api/project', { token: as('admin') });
      const res = await server.api<{ fields: Record<string, string> }>('POST', '/api/project', {
        token: as('admin'),
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      const key = Object.keys(res.body.fields).find((k) => k.startsWith(field));
      expect(key && res.body.fields[key]).toContain(text);
      const after = await server.api<Project[]>('GET', '/api/project', { token: as('admin') });
      expect(after.body).toHaveLength(before.body.length);
    });

    it('answers validation texts in Chinese for Accept-Language: zh-CN', async () => {
      const res = await server.api('POST', '/api/project', {
        token: as('admin'),
        body: { name: '', description: 'x' },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(res.body).toMatchObject({ message: '请输入项目名称' });
    });

    it('anonymous callers get 401', async () => {
      const res = await server.api('POST', '/api/project', {
        body: { name: 'a', description: 'b' },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/project/{id}', () => {
    it.each(['owner', 'admin', 'member'] as const)('%s sees it with their role', async (who) => {
      const res = await server.api<Project>('GET', `/api/project/${team.project.id}`, {
        token: as(who),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: team.project.id, role: who, member_count: 3 });
    });

    it('an outsider and an unknown id both get 404 PROJECT_NOT_FOUND', async () => {
      for (const id of [team.project.id, UNKNOWN_ID]) {
        const res = await server.api('GET', `/api/project/${id}`, { token: as('outsider') });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'PROJECT_NOT_FOUND', message: 'project not found' });
      }
    });

    it('a malformed id is 400, anonymous is 401', async () => {
      const bad = await server.api('GET', '/api/project/not-a-uuid', { token: as('owner') });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      const anon = await server.api('GET', `/api/project/${team.project.id}`);
      expect(anon.status).toBe(401);
    });
  });

  describe('PUT /api/project/{id}', () => {
    const put = (who: keyof Omit<Team, 'project'> | null, body: unknown, id = team.project.id) =>
      server.api<Project>('PUT', `/api/project/${id}`, {
        token: who ? as(who) : undefined,
        body,
      });

    it('owner and admin rename; member 403, outsider 404, anonymous 401', async () => {
      expect((await put('owner', { name: 'Tower A1' })).body.name).toBe('Tower A1');
      const admin = await put('admin', { name: 'Tower A2' });
      expect(admin.status).toBe(200);
      expect(admin.body).toMatchObject({ name: 'Tower A2', role: 'admin' });
      expect(await put('member', { name: 'x' })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
      expect(await put('outsider', { name: 'x' })).toMatchObject({
        status: 404,
        body: { code: 'PROJECT_NOT_FOUND' },
      });
      expect((await put(null, { name: 'x' })).status).toBe(401);
      const now = await server.api<Project>('GET', `/api/project/${team.project.id}`, {
        token: as('member'),
      });
      expect(now.body.name).toBe('Tower A2');
    });

    it('merges metadata: keys sent replace, null removes, unknown keys stay', async () => {
      await server.db
        .updateTable('projects')
        .set({ metadata: JSON.stringify({ avatar_bg_color: '#111111', theme: 'dark' }) })
        .where('id', '=', team.project.id)
        .execute();
      const recolour = await put('owner', { metadata: { avatar_bg_color: '#222222' } });
      expect(recolour.body.metadata).toEqual({ avatar_bg_color: '#222222', theme: 'dark' });
      expect(recolour.body.description).toBe('Structural model of tower A');
      const removed = await put('owner', { metadata: { avatar_bg_color: null } });
      expect(removed.body.metadata).toEqual({ theme: 'dark' });
      const described = await put('owner', { description: 'New text' });
      expect(described.body).toMatchObject({
        description: 'New text',
        metadata: { theme: 'dark' },
      });
    });

    it.each([{}, { name: '' }, { description: '  ' }, { name: 'y'.repeat(101) }, { role: 'x' }])(
      'refuses %j with 400 and changes nothing',
      async (body) => {
        const before = await put('owner', { name: 'Stable name' });
        const res = await put('owner', body);
        expect(res.status).toBe(400);
        const after = await server.api<Project>('GET', `/api/project/${team.project.id}`, {
          token: as('owner'),
        });
        expect(after.body.name).toBe(before.body.name);
        expect(after.body.updated_at).toBe(before.body.updated_at);
      },
    );
  });

  describe('PUT /api/project/{id}/preferences', () => {
    it("changes only the caller's own flags", async () => {
      const res = await server.api<Project>('PUT', `/api/project/${team.project.id}/preferences`, {
        token: as('member'),
        body: { is_favorite: true, show_in_sidebar: false },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ is_favorite: true, show_in_sidebar: false, role: 'member' });
      const owner = await server.api<Project>('GET', `/api/project/${team.project.id}`, {
        token: as('owner'),
      });
      expect(owner.body).toMatchObject({ is_favorite: false, show_in_sidebar: true });
    });

    it('outsider 404, anonymous 401, empty body 400', async () => {
      const path = `/api/project/${team.project.id}/preferences`;
      const body = { is_favorite: true };
      expect((await server.api('PUT', path, { token: as('outsider'), body })).status).toBe(404);
      expect((await server.api('PUT', path, { body })).status).toBe(401);
      expect((await server.api('PUT', path, { token: as('admin'), body: {} })).status).toBe(400);
    });
  });

  describe('DELETE /api/project/{id}', () => {
    it('needs the word DELETE', async () => {
      const path = `/api/project/${team.project.id}`;
      for (const body of [undefined, {}, { confirm: 'delete' }]) {
        const res = await server.api('DELETE', path, { token: as('owner'), body });
        expect(res.status).toBe(400);
      }
      expect((await server.api('GET', path, { token: as('owner') })).status).toBe(200);
    });

    it('admin and member 403, outsider 404, anonymous 401', async () => {
      const path = `/api/project/${team.project.id}`;
      const body = { confirm: 'DELETE' };
      expect((await server.api('DELETE', path, { token: as('admin'), body })).status).toBe(403);
      expect((await server.api('DELETE', path, { token: as('member'), body })).status).toBe(403);
      expect((await server.api('DELETE', path, { token: as('outsider'), body })).status).toBe(404);
      expect((await server.api('DELETE', path, { body })).status).toBe(401);
    });

    it('the default project cannot be deleted', async () => {
      const list = await server.api<Project[]>('GET', '/api/project', { token: as('owner') });
      const fallback = list.body.find((p) => p.is_default && p.role === 'owner')!;
      const res = await server.api('DELETE', `/api/project/${fallback.id}`, {
        token: as('owner'),
        body: { confirm: 'DELETE' },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'DEFAULT_PROJECT_UNDELETABLE',
        message: 'The default project cannot be deleted',
      });
    });

    it('the owner deletes it with its members, invitations and models, for good', async () => {
      const { id } = team.project;
      await server.db
        .insertInto('models')
        .values({ project_id: id, name: 'a.ifc', size_bytes: 10 })
        .execute();
      await server.db
        .insertInto('project_invitations')
        .values({
          project_id: id,
          email: 'later@example.com',
          role: 'member',
          token_hash: 'x'.repeat(64),
          invited_by: team.owner.user.id,
          created_at: new Date(),
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .execute();
      const res = await server.api('DELETE', `/api/project/${id}`, {
        token: as('owner'),
        body: { confirm: 'DELETE' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      for (const who of ['owner', 'admin', 'member'] as const) {
        const get = await server.api('GET', `/api/project/${id}`, { token: as(who) });
        expect(get.status).toBe(404);
      }
      for (const table of ['models', 'project_members', 'project_invitations'] as const) {
        const rows = await server.db
          .selectFrom(table)
          .select('id')
          .where('project_id', '=', id)
          .execute();
        expect(rows).toHaveLength(0);
      }
      const again = await server.api('DELETE', `/api/project/${id}`, {
        token: as('owner'),
        body: { confirm: 'DELETE' },
      });
      expect(again.status).toBe(404);
    });

    it('runs deletion listeners in the transaction and their clean-up after the commit', async () => {
      const project = await createProject(server, as('admin'), 'With files');
      const calls: string[] = [];
      const listener: ProjectDeletionListener = {
        async beforeProjectDelete({ projectId, repos }) {
          const still = await projectRows(repos).findAccess(projectId, team.admin.user.id);
          calls.push(`before:${still ? 'present' : 'gone'}`);
          return async () => {
            calls.push('after');
            throw new Error('storage offline');
          };
        },
      };
      const service = new ProjectsService({
        data: createAppDataAccess(server.db),
        events: { publish: async () => undefined },
        now: () => new Date(),
        log: pino({ level: 'silent' }),
        deletionListeners: [listener],
        projectAudience: projectAudience,
      });
      await service.delete(team.admin.user.id, project.id);
      expect(calls).toEqual(['before:present', 'after']);
      const get = await server.api('GET', `/api/project/${project.id}`, { token: as('admin') });
      expect(get.status).toBe(404);
    });
  });
});

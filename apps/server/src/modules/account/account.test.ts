import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuthResponse, DeletionPreview, Project } from '@truss/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject } from '../../testing/project-team.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe('account: password change, sign out everywhere, deletion', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  const login = (email: string, password: string) =>
    server.api<AuthResponse>('POST', '/api/auth/login', { body: { email, password } });
  const alive = async (token: string) =>
    (await server.api('GET', '/api/user/profile', { token })).status === 200;

  it('changes the password with the current one and signs out every other session', async () => {
    const user = await server.createUser();
    const other = (await login(user.user.email, user.password)).body;
    const change = (body: Record<string, unknown>) =>
      server.api('POST', '/api/user/password', { token: user.token, body });

    const wrong = await change({ currentPassword: 'not it', newPassword: 'new password 1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });
    const missing = await change({ newPassword: 'new password 1' });
    expect(missing.body).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });
    const same = await change({ currentPassword: user.password, newPassword: user.password });
    expect(same.body).toMatchObject({
      code: 'SAME_AS_OLD_PASSWORD',
      statusMessage: 'Same as old password',
    });
    const short = await change({ currentPassword: user.password, newPassword: 'short' });
    expect(short.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { newPassword: 'Password must be at least 8 characters' },
    });

    const ok = await change({ currentPassword: user.password, newPassword: 'new password 1' });
    expect(ok.status).toBe(200);
    expect(await alive(user.token)).toBe(true);
    expect(await alive(other.token)).toBe(false);
    expect((await login(user.user.email, user.password)).status).toBe(401);
    expect((await login(user.user.email, 'new password 1')).status).toBe(200);
  });

  it('an account without a password (made by Google) sets its first one without a current one', async () => {
    const user = await server.createUser();
    await server.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', user.user.id)
      .execute();
    const res = await server.api('POST', '/api/user/password', {
      token: user.token,
      body: { newPassword: 'first password' },
    });
    expect(res.status).toBe(200);
    expect((await login(user.user.email, 'first password')).status).toBe(200);
  });

  it('signs out everywhere, this session included', async () => {
    const user = await server.createUser();
    const other = (await login(user.user.email, user.password)).body;
    const res = await server.api('POST', '/api/auth/logout-all', { token: user.token });
    expect(res.status).toBe(200);
    expect(await alive(user.token)).toBe(false);
    expect(await alive(other.token)).toBe(false);
    const refresh = await server.api('POST', '/api/auth/refresh', {
      body: { refreshToken: other.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('a failure inside the deletion rolls everything back (ACCOUNT_DELETE_FAILED)', async () => {
    const user = await server.createUser();
    const project = await createProject(server, user.token, 'Survives');
    // The database refuses the final erase: the earlier steps must be undone too.
    await sql
      .raw(
        `CREATE FUNCTION refuse_erase() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'erase refused'; END $$`,
      )
      .execute(server.db);
    await sql
      .raw(
        `CREATE TRIGGER refuse_erase BEFORE UPDATE OF status ON users
         FOR EACH ROW WHEN (NEW.id = '${user.user.id}') EXECUTE FUNCTION refuse_erase()`,
      )
      .execute(server.db);
    try {
      const res = await server.api('DELETE', '/api/user', {
        token: user.token,
        body: { confirm: 'DELETE', password: user.password },
      });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 'ACCOUNT_DELETE_FAILED' });
    } finally {
      await sql.raw('DROP TRIGGER refuse_erase ON users').execute(server.db);
      await sql.raw('DROP FUNCTION refuse_erase()').execute(server.db);
    }
    expect(await alive(user.token)).toBe(true);
    const still = await server.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', project.id)
      .executeTakeFirst();
    expect(still).toBeDefined();
  });

  it('deleting the account transfers shared projects, deletes the rest with their models, and erases the person', async () => {
    const owner = await server.createUser();
    const admin = await server.createUser();
    const member = await server.createUser();
    const colleague = await server.createUser();
    const projects = await server.api<Project[]>('GET', '/api/project', { token: owner.token });
    const defaultProject = projects.body.find((project) => project.is_default)!;
    const shared = await createProject(server, owner.token, 'Shared tower');
    const withMember = await createProject(server, owner.token, 'Member only');
    const foreign = await createProject(server, colleague.token, 'Colleague project');
    // The member joined the shared project before the admin: the admin still takes over.
    await addMember(server, shared.id, member.user.id, 'member');
    await addMember(server, shared.id, admin.user.id, 'admin');
    await server.db
      .updateTable('project_members')
      .set({ created_at: new Date('2020-01-01T00:00:00Z') })
      .where('project_id', '=', shared.id)
      .where('user_id', '=', member.user.id)
      .execute();
    await addMember(server, withMember.id, member.user.id, 'member');
    await addMember(server, foreign.id, owner.user.id, 'admin');
    // A model with a stored file in the project that goes.
    const model = await server.db
      .insertInto('models')
      .values({
        project_id: defaultProject.id,
        name: 'Hall',
        size_bytes: 10,
        created_by: owner.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const modelDir = path.join(server.dataDir, 'storage', 'models', model.id);
    await mkdir(modelDir, { recursive: true });
    await writeFile(path.join(modelDir, 'original'), 'bytes');

    const preview = await server.api<DeletionPreview>('GET', '/api/user/deletion-preview', {
      token: owner.token,
    });
    const byId = (id: string) => preview.body.projects.find((project) => project.id === id);
    expect(preview.body.requires_password).toBe(true);
    expect(byId(defaultProject.id)).toMatchObject({
      action: 'delete',
      model_count: 1,
      new_owner: null,
    });
    expect(byId(shared.id)).toMatchObject({
      action: 'transfer',
      new_owner: { id: admin.user.id, email: admin.user.email },
    });
    expect(byId(withMember.id)).toMatchObject({
      action: 'transfer',
      new_owner: { id: member.user.id },
    });
    expect(byId(foreign.id)).toBeUndefined();

    const remove = (body: Record<string, unknown>) =>
      server.api<{ projects: unknown[] }>('DELETE', '/api/user', { token: owner.token, body });
    const unconfirmed = await remove({ confirm: 'delete', password: owner.password });
    expect(unconfirmed.body).toMatchObject({ fields: { confirm: 'Type DELETE to confirm' } });
    const wrongPassword = await remove({ confirm: 'DELETE', password: 'nope' });
    expect(wrongPassword.body).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });

    const deleted = await remove({ confirm: 'DELETE', password: owner.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body.projects).toEqual(preview.body.projects);

    const project = (id: string) =>
      server.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await project(defaultProject.id)).toBeUndefined();
    expect(
      await server.db
        .selectFrom('models')
        .where('id', '=', model.id)
        .select('id')
        .executeTakeFirst(),
    ).toBeUndefined();
    await expect(stat(modelDir)).rejects.toThrow(); // the models' listener removed the files
    expect(await project(shared.id)).toMatchObject({ owner_id: admin.user.id, is_default: false });
    expect(await project(withMember.id)).toMatchObject({ owner_id: member.user.id });
    // The new owners see and run their projects; the admin's own default project is untouched.
    const adminProjects = await server.api<Project[]>('GET', '/api/project', {
      token: admin.token,
    });
    expect(adminProjects.body.filter((p) => p.is_default)).toHaveLength(1);
    expect(adminProjects.body.find((p) => p.id === shared.id)).toMatchObject({ role: 'owner' });
    const memberships = await server.db
      .selectFrom('project_members')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(memberships).toHaveLength(0);

    const row = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'deleted', password_hash: null, full_name: null });
    expect(row.email).not.toBe(owner.user.email);
    expect(await alive(owner.token)).toBe(false);
    expect((await login(owner.user.email, owner.password)).status).toBe(401);
    // The address is free again.
    const again = await server.api('POST', '/api/auth/signup', {
      body: { email: owner.user.email, password: 'a new start', agreeTerms: true },
    });
    expect(again.status).toBe(200);
  });
});

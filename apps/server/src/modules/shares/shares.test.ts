import type { ErrorBody, Share } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/project-team.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import {
  createShare,
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';

describe(`shares owner API (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  const publicBody = () => ({
    modelId: team.model.id,
    type: 'public' as const,
    expiration: '7d' as const,
    allowComments: true,
    issuePermission: 'view' as const,
  });

  it('documents every share route in the OpenAPI document', async () => {
    const doc = await server.api<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/docs/json',
    );
    const paths = doc.body.paths;
    expect(Object.keys(paths['/api/shares']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/shares/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(paths['/api/share/{token}']?.get).toBeDefined();
    expect(paths['/api/share/{token}/verify']?.post).toBeDefined();
    for (const name of ['viewable.glb', 'metadata.json', 'thumbnail.png', 'original']) {
      expect(paths[`/api/share/{token}/${name}`]?.get).toBeDefined();
    }
  });

  describe('POST /api/shares', () => {
    it('owner, admin and member share a model they can view; 201 with token and url', async () => {
      for (const user of [team.owner, team.admin, team.member]) {
        const res = await server.api<Share>('POST', '/api/shares', {
          token: user.token,
          body: publicBody(),
        });
        expect(res.status).toBe(201);
        expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(res.body.url).toBe(`http://127.0.0.1/share/${res.body.token}`);
        expect(res.body).toMatchObject({
          model_id: team.model.id,
          model_name: team.model.name,
          project_id: team.project.id,
          type: 'public',
          status: 'active',
          expiration: '7d',
          expired: false,
          allow_comments: true,
          issue_permission: 'view',
          has_code: false,
          access_code: null,
          code_locked: false,
          creator: { id: user.user.id, email: user.user.email },
        });
        const expires = new Date(res.body.expires_at!).getTime();
        expect(expires - server.clock().getTime()).toBe(7 * 24 * 3600 * 1000);
      }
    });

    it('an outsider gets 404 (the model is not theirs to know), anonymous 401', async () => {
      const outsider = await server.api<ErrorBody>('POST', '/api/shares', {
        token: team.outsider.token,
        body: publicBody(),
      });
      expect(outsider.status).toBe(404);
      expect(outsider.body.code).toBe('MODEL_NOT_FOUND');
      const anonymous = await server.api('POST', '/api/shares', { body: publicBody() });
      expect(anonymous.status).toBe(401);
    });

    it('echoes a new access code once; later reads only say a code is set', async () => {
      const share = await createShare(server, team.owner.token, {
        ...publicBody(),
        type: 'password',
        accessCode: '0421',
      });
      expect(share).toMatchObject({ type: 'password', has_code: true, access_code: '0421' });
      const again = await server.api<Share>('GET', `/api/shares/${share.id}`, {
        token: team.owner.token,
      });
      expect(again.body).toMatchObject({ has_code: true, access_code: null, token: share.token });
      expect(again.body.url).toBe(share.url);
    });

    it('stores neither the link token nor the code: only a hash and an HMAC', async () => {
      const share = await createShare(server, team.owner.token, {
        ...publicBody(),
        type: 'password',
        accessCode: '7788',
      });
      const row = await server.db
        .selectFrom('shares')
        .selectAll()
        .where('id', '=', share.id)
        .executeTakeFirstOrThrow();
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(share.token);
      expect(stored).not.toContain('7788');
      expect(row.code_hmac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it.each([
      ['missing', undefined],
      ['three digits', '123'],
      ['five digits', '12345'],
      ['a letter', '12a4'],
      ['full-width digits', '１２３４'],
      ['spaces', ' 1234'],
    ])('a password share with a code that is %s: 400 in en and zh-CN', async (_label, code) => {
      const body = { ...publicBody(), type: 'password' as const, accessCode: code };
      const en = await server.api<ErrorBody>('POST', '/api/shares', {
        token: team.owner.token,
        body,
      });
      expect(en.status).toBe(400);
      expect(en.body.code).toBe('VALIDATION_ERROR');
      expect(en.body.fields).toEqual({ accessCode: 'Access Code Must Be 4 Digits' });
      expect(en.body.message).toBe('Access Code Must Be 4 Digits');
      const zh = await server.api<ErrorBody>('POST', '/api/shares', {
        token: team.owner.token,
        body,
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(zh.body.fields).toEqual({ accessCode: '访问码必须为 4 位数字' });
    });

    it('refuses unknown types, expirations and issue permissions', async () => {
      for (const patch of [{ type: 'friends' }, { expiration: '2d' }, { issuePermission: 'all' }]) {
        const res = await server.api<ErrorBody>('POST', '/api/shares', {
          token: team.owner.token,
          body: { ...publicBody(), ...patch },
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      }
    });

    it('a trashed model cannot be shared', async () => {
      const model = await readyModel(server, team.owner.token, team.project.id, 'old.obj');
      await server.api('DELETE', `/api/models/${model.id}`, { token: team.owner.token });
      const res = await server.api<ErrorBody>('POST', '/api/shares', {
        token: team.owner.token,
        body: { ...publicBody(), modelId: model.id },
      });
      expect(res.status).toBe(404);
    });
  });

  describe('GET /api/shares (My Shares)', () => {
    it("lists only the caller's own shares; ?modelId= lists what the caller may manage", async () => {
      const fresh = await createShareTeam(server);
      const mine = await createShare(server, fresh.member.token, {
        modelId: fresh.model.id,
        type: 'public',
        expiration: 'never',
        allowComments: false,
        issuePermission: 'edit',
      });
      const owners = await createShare(server, fresh.owner.token, {
        modelId: fresh.model.id,
        type: 'private',
        expiration: '30d',
        allowComments: true,
        issuePermission: 'view',
      });

      const memberList = await server.api<Share[]>('GET', '/api/shares', {
        token: fresh.member.token,
      });
      expect(memberList.status).toBe(200);
      expect(memberList.body.map((share) => share.id)).toEqual([mine.id]);
      expect(memberList.body[0]).toMatchObject({
        model_name: fresh.model.name,
        status: 'active',
        expires_at: null,
        type: 'public',
        allow_comments: false,
        issue_permission: 'edit',
      });

      const ownerList = await server.api<Share[]>('GET', '/api/shares', {
        token: fresh.owner.token,
      });
      expect(ownerList.body.map((share) => share.id)).toEqual([owners.id]);

      const byModel = (token: string) =>
        server.api<Share[]>('GET', `/api/shares?modelId=${fresh.model.id}`, { token });
      expect((await byModel(fresh.owner.token)).body.map((s) => s.id).sort()).toEqual(
        [mine.id, owners.id].sort(),
      );
      expect((await byModel(fresh.admin.token)).body).toHaveLength(2);
      expect((await byModel(fresh.member.token)).body.map((s) => s.id)).toEqual([mine.id]);
      expect((await byModel(fresh.outsider.token)).status).toBe(404);
      expect((await server.api('GET', '/api/shares')).status).toBe(401);
      expect(
        (await server.api('GET', '/api/shares?modelId=nope', { token: fresh.owner.token })).status,
      ).toBe(400);
    });
  });

  describe('GET, PATCH and DELETE /api/shares/{id}', () => {
    let memberShare: Share;
    beforeAll(async () => {
      memberShare = await createShare(server, team.member.token, publicBody());
    });

    it('the creator, the owner and admins see it; others do not', async () => {
      const get = (token?: string) =>
        server.api<ErrorBody>('GET', `/api/shares/${memberShare.id}`, { token });
      expect((await get(team.member.token)).status).toBe(200);
      expect((await get(team.owner.token)).status).toBe(200);
      expect((await get(team.admin.token)).status).toBe(200);
      expect((await get(team.outsider.token)).status).toBe(404);
      expect((await get()).status).toBe(401);
      const ownerShare = await createShare(server, team.owner.token, publicBody());
      const byMember = await server.api<ErrorBody>('GET', `/api/shares/${ownerShare.id}`, {
        token: team.member.token,
      });
      expect(byMember.status).toBe(403);
      expect(byMember.body.message).toBe('Access Denied');
    });

    it('edits settings; the expiry is recomputed from now', async () => {
      server.clock.advance(120);
      const res = await server.api<Share>('PATCH', `/api/shares/${memberShare.id}`, {
        token: team.member.token,
        body: { expiration: '1d', allowComments: false, issuePermission: 'edit' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        expiration: '1d',
        allow_comments: false,
        issue_permission: 'edit',
        token: memberShare.token,
      });
      expect(new Date(res.body.expires_at!).getTime()).toBe(
        server.clock().getTime() + 24 * 3600 * 1000,
      );
      const never = await server.api<Share>('PATCH', `/api/shares/${memberShare.id}`, {
        token: team.member.token,
        body: { expiration: 'never' },
      });
      expect(never.body.expires_at).toBeNull();
    });

    it('disables and enables (creator, owner, admin); members cannot touch others', async () => {
      const patch = (token: string, status: 'active' | 'disabled') =>
        server.api<Share>('PATCH', `/api/shares/${memberShare.id}`, { token, body: { status } });
      expect((await patch(team.member.token, 'disabled')).body.status).toBe('disabled');
      expect((await patch(team.admin.token, 'active')).body.status).toBe('active');
      expect((await patch(team.owner.token, 'disabled')).body.status).toBe('disabled');
      expect((await patch(team.outsider.token, 'active')).status).toBe(404);
      const ownerShare = await createShare(server, team.owner.token, publicBody());
      const byMember = await server.api('PATCH', `/api/shares/${ownerShare.id}`, {
        token: team.member.token,
        body: { status: 'disabled' },
      });
      expect(byMember.status).toBe(403);
    });

    it('switching to password needs a code when the share has none (en + zh-CN)', async () => {
      const share = await createShare(server, team.owner.token, publicBody());
      const en = await server.api<ErrorBody>('PATCH', `/api/shares/${share.id}`, {
        token: team.owner.token,
        body: { type: 'password' },
      });
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({
        code: 'SHARE_ACCESS_CODE_INVALID',
        message: 'Access Code Must Be 4 Digits',
      });
      const zh = await server.api<ErrorBody>('PATCH', `/api/shares/${share.id}`, {
        token: team.owner.token,
        body: { type: 'password' },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(zh.body.message).toBe('访问码必须为 4 位数字');
      const bad = await server.api<ErrorBody>('PATCH', `/api/shares/${share.id}`, {
        token: team.owner.token,
        body: { type: 'password', accessCode: '12' },
      });
      expect(bad.body.fields).toEqual({ accessCode: 'Access Code Must Be 4 Digits' });
      const ok = await server.api<Share>('PATCH', `/api/shares/${share.id}`, {
        token: team.owner.token,
        body: { type: 'password', accessCode: '9012' },
      });
      expect(ok.body).toMatchObject({ type: 'password', has_code: true, access_code: '9012' });
      const empty = await server.api<ErrorBody>('PATCH', `/api/shares/${share.id}`, {
        token: team.owner.token,
        body: {},
      });
      expect(empty.status).toBe(400);
    });

    it('deletes (members: only their own); a deleted share is gone', async () => {
      const ownerShare = await createShare(server, team.owner.token, publicBody());
      const del = (token: string | undefined, id: string) =>
        server.api('DELETE', `/api/shares/${id}`, { token });
      expect((await del(team.member.token, ownerShare.id)).status).toBe(403);
      expect((await del(team.outsider.token, ownerShare.id)).status).toBe(404);
      expect((await del(undefined, ownerShare.id)).status).toBe(401);
      expect((await del(team.admin.token, ownerShare.id)).status).toBe(200);
      expect((await del(team.owner.token, ownerShare.id)).status).toBe(404);
      const own = await createShare(server, team.member.token, publicBody());
      expect((await del(team.member.token, own.id)).status).toBe(200);
    });

    it('a member who left the project no longer lists or manages their shares', async () => {
      const fresh = await createShareTeam(server);
      const share = await createShare(server, fresh.member.token, {
        ...publicBody(),
        modelId: fresh.model.id,
      });
      await server.db
        .deleteFrom('project_members')
        .where('user_id', '=', fresh.member.user.id)
        .where('project_id', '=', fresh.project.id)
        .execute();
      const member = await signIn(server, fresh.member);
      const list = await server.api<Share[]>('GET', '/api/shares', { token: member.token });
      expect(list.body.map((s) => s.id)).not.toContain(share.id);
      const get = await server.api('GET', `/api/shares/${share.id}`, { token: member.token });
      expect(get.status).toBe(404);
    });
  });
});

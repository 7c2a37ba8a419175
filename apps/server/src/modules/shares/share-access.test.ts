import { gunzipSync } from 'node:zlib';
import type { ErrorBody, PublicShare, Share } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMBNAIL } from '../../testing/fake-convert.ts';
import { createProject, signIn } from '../../testing/project-team.ts';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import {
  cookieFrom,
  createShare,
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';

describe(`share links, public side (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  });
  afterAll(() => server?.close());

  const base = {
    expiration: '7d' as const,
    allowComments: true,
    issuePermission: 'view' as const,
  };
  const share = (body: Partial<Parameters<typeof createShare>[2]> = {}, token?: string) =>
    createShare(server, token ?? team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      ...base,
      ...body,
    });
  const open = (token: string, options: { bearer?: string; cookie?: string } = {}) =>
    server.api<PublicShare & ErrorBody>('GET', `/api/share/${token}`, {
      token: options.bearer,
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
  const file = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers });

  it('a public share shows the model, its permissions and share-scoped file URLs', async () => {
    const link = await share({
      allowComments: false,
      issuePermission: 'edit',
      allowDownload: true,
    });
    const res = await open(link.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({
      token: link.token,
      type: 'public',
      needs_code: false,
      unlocked: true,
      code_locked: false,
      permissions: { view: true, download: true, comment: false, editIssues: true },
      model: { name: team.model.name, status: 'ready', urn: team.model.urn },
    });
    const model = res.body.model!;
    expect(model.viewable_url).toMatch(new RegExp(`^/api/share/${link.token}/viewable\\.glb\\?v=`));
    const glb = await file(model.viewable_url!);
    expect(glb.status).toBe(200);
    expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
    expect(glb.headers.get('cache-control')).toBe('private, no-cache');
    expect(
      Buffer.from(await glb.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('glTF');
    const etag = glb.headers.get('etag')!;
    expect((await file(model.viewable_url!, { 'if-none-match': etag })).status).toBe(304);

    const thumb = await file(model.thumbnail_url!);
    expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(THUMBNAIL);

    const metadata = await file(model.metadata_url!);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('vary')).toBe('Accept-Encoding');
    expect(await metadata.json()).toMatchObject({ version: 1 });

    const original = await file(model.original_url!);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toContain('tower.obj');
    expect(await original.text()).toContain('o cube');
  });

  it('downloads follow the share: off for public and code links unless allowed, on for private', async () => {
    const original = (token: string, headers: Record<string, string> = {}) =>
      file(`/api/share/${token}/original`, headers);
    const member = { authorization: `Bearer ${team.member.token}` };

    const plain = await share();
    expect(plain.allow_download).toBe(false);
    const seen = await open(plain.token);
    expect(seen.body.permissions.download).toBe(false);
    expect(seen.body.model?.original_url).toBeNull();
    // The URL is refused by the server, not just hidden.
    const refused = await original(plain.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).code).toBe('FORBIDDEN');
    // The model itself still opens.
    expect((await file(seen.body.model!.viewable_url!)).status).toBe(200);

    const coded = await share({ type: 'password', accessCode: '1357' });
    expect(coded.allow_download).toBe(false);
    const unlock = await server.api<PublicShare>('POST', `/api/share/${coded.token}/verify`, {
      body: { code: '1357' },
    });
    const cookie = cookieFrom(unlock.headers.get('set-cookie')!);
    expect(unlock.body.model?.original_url).toBeNull();
    expect((await original(coded.token, { cookie })).status).toBe(403);

    const private_ = await share({ type: 'private' });
    expect(private_.allow_download).toBe(true);
    expect((await original(private_.token, member)).status).toBe(200);

    // The owner turns it on (and off again): the same URL follows at once.
    const on = await server.api<Share>('PATCH', `/api/shares/${plain.id}`, {
      token: team.owner.token,
      body: { allowDownload: true },
    });
    expect(on.body.allow_download).toBe(true);
    expect((await open(plain.token)).body.model?.original_url).toBe(
      `/api/share/${plain.token}/original`,
    );
    expect((await original(plain.token)).status).toBe(200);
    await server.api<Share>('PATCH', `/api/shares/${plain.id}`, {
      token: team.owner.token,
      body: { allowDownload: false },
    });
    expect((await original(plain.token)).status).toBe(403);
    const off = await server.api<Share>('PATCH', `/api/shares/${private_.id}`, {
      token: team.owner.token,
      body: { allowDownload: false },
    });
    expect(off.body.allow_download).toBe(false);
    expect((await original(private_.token, member)).status).toBe(403);
  });

  it('serves precompressed metadata with Content-Encoding', async () => {
    const link = await share();
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/share/${link.token}/metadata.json`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toMatchObject({ version: 1 });
  });

  it('unknown, disabled, expired, deleted and trashed-model links give the same 404 body', async () => {
    const bodies: string[] = [];
    const check = async (token: string) => {
      const res = await open(token);
      expect(res.status).toBe(404);
      bodies.push(res.text);
      // the files of the share answer the same
      const glb = await file(`/api/share/${token}/viewable.glb`);
      expect(glb.status).toBe(404);
      bodies.push(await glb.text());
    };
    await check('x'.repeat(32));
    await check('not-a-token');
    await check('a'.repeat(300));

    const disabled = await share();
    expect((await open(disabled.token)).status).toBe(200);
    await server.api('PATCH', `/api/shares/${disabled.id}`, {
      token: team.owner.token,
      body: { status: 'disabled' },
    });
    await check(disabled.token);
    await server.api('PATCH', `/api/shares/${disabled.id}`, {
      token: team.owner.token,
      body: { status: 'active' },
    });
    expect((await open(disabled.token)).status).toBe(200);

    const deleted = await share();
    await server.api('DELETE', `/api/shares/${deleted.id}`, { token: team.owner.token });
    await check(deleted.token);

    const fresh = await createShareTeam(server);
    const trashed = await createShare(server, fresh.owner.token, {
      modelId: fresh.model.id,
      type: 'public',
      ...base,
    });
    await server.api('DELETE', `/api/models/${fresh.model.id}`, { token: fresh.owner.token });
    await check(trashed.token);
    await server.api('POST', `/api/models/${fresh.model.id}/restore`, {
      token: fresh.owner.token,
    });
    expect((await open(trashed.token)).status).toBe(200);

    const oneDay = await share({ expiration: '1d' });
    server.clock.advance(24 * 3600 - 1);
    expect((await open(oneDay.token)).status).toBe(200);
    server.clock.advance(1);
    await check(oneDay.token);

    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({
      statusCode: 404,
      statusMessage: 'Share Does Not Exist or Has Expired',
      message: 'Share Does Not Exist or Has Expired',
      code: 'SHARE_NOT_FOUND',
    });
    // a day passed: the access tokens expired
    for (const role of ['owner', 'admin', 'member', 'outsider'] as const) {
      team[role] = await signIn(server, team[role]);
    }
  });

  it('permanent deletion of the model, and deletion of the project, remove the shares', async () => {
    const fresh = await createShareTeam(server);
    const link = await createShare(server, fresh.owner.token, {
      modelId: fresh.model.id,
      type: 'public',
      ...base,
    });
    await server.api('DELETE', `/api/models/${fresh.model.id}`, { token: fresh.owner.token });
    const gone = await server.api('DELETE', `/api/models/${fresh.model.id}/permanent`, {
      token: fresh.owner.token,
    });
    expect(gone.status).toBe(200);
    expect((await open(link.token)).status).toBe(404);
    const rows = await server.db
      .selectFrom('shares')
      .select('id')
      .where('id', '=', link.id)
      .execute();
    expect(rows).toHaveLength(0);

    const project = await createProject(server, fresh.owner.token, 'Short-lived');
    const model = await readyModel(server, fresh.owner.token, project.id);
    const projectLink = await createShare(server, fresh.owner.token, {
      modelId: model.id,
      type: 'public',
      ...base,
    });
    const deleted = await server.api('DELETE', `/api/project/${project.id}`, {
      token: fresh.owner.token,
      body: { confirm: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect((await open(projectLink.token)).text).toBe((await open('y'.repeat(32))).text);
  });

  it('reports the shared model as processing, failed or unavailable (no file URLs)', async () => {
    const fresh = await createShareTeam(server);
    const link = await createShare(server, fresh.owner.token, {
      modelId: fresh.model.id,
      type: 'public',
      ...base,
    });
    const setModel = (values: {
      status?: 'processing' | 'failed' | 'ready';
      derived_prefix?: null;
    }) => server.db.updateTable('models').set(values).where('id', '=', fresh.model.id).execute();
    const states: [Parameters<typeof setModel>[0], string][] = [
      [{ status: 'processing' }, 'processing'],
      [{ status: 'failed' }, 'failed'],
      [{ status: 'ready', derived_prefix: null }, 'unavailable'],
    ];
    for (const [values, expected] of states) {
      await setModel(values);
      const res = await open(link.token);
      expect(res.status).toBe(200);
      expect(res.body.model).toMatchObject({
        status: expected,
        viewable_url: null,
        metadata_url: null,
        thumbnail_url: null,
      });
    }
  });

  describe('private shares', () => {
    let link: Share;
    beforeAll(async () => {
      link = await share({ type: 'private' });
    });

    it('anonymous visitors must sign in; non-members get the not-found answer', async () => {
      const anonymous = await open(link.token);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('SHARE_SIGN_IN_REQUIRED');
      const outsider = await open(link.token, { bearer: team.outsider.token });
      expect(outsider.status).toBe(404);
      expect(outsider.text).toBe((await open('z'.repeat(32))).text);
      for (const name of ['viewable.glb', 'metadata.json', 'thumbnail.png', 'original']) {
        const res = await file(`/api/share/${link.token}/${name}`, {
          authorization: `Bearer ${team.outsider.token}`,
        });
        expect(res.status).toBe(404);
      }
      expect((await file(`/api/share/${link.token}/viewable.glb`)).status).toBe(401);
    });

    it('the owner and admins open it too', async () => {
      for (const user of [team.owner, team.admin]) {
        const res = await open(link.token, { bearer: user.token });
        expect(res.status).toBe(200);
        expect(res.body.model!.viewable_url).toContain(`u=${user.user.id}`);
        const viewable = await file(`/api/share/${link.token}/viewable.glb`, {
          authorization: `Bearer ${user.token}`,
        });
        expect(viewable.status).toBe(200);
      }
    });

    it('members get the model with file URLs signed for them, cut when they leave', async () => {
      const res = await open(link.token, { bearer: team.member.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ type: 'private', unlocked: true, needs_code: false });
      const url = res.body.model!.viewable_url!;
      expect(url).toContain(`u=${team.member.user.id}`);
      expect((await file(url)).status).toBe(200);
      // a forged signature or another user id does not pass
      expect((await file(url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(401);
      await server.db
        .deleteFrom('project_members')
        .where('project_id', '=', team.project.id)
        .where('user_id', '=', team.member.user.id)
        .execute();
      try {
        expect((await file(url)).status).toBe(404);
      } finally {
        await server.db
          .insertInto('project_members')
          .values({
            project_id: team.project.id,
            user_id: team.member.user.id,
            role: 'member',
            status: 'accepted',
          })
          .execute();
      }
    });
  });

  describe('code-protected shares', () => {
    it('asks for the code; files refuse without it; a right code unlocks with a cookie', async () => {
      const link = await share({ type: 'password', accessCode: '2468', allowDownload: true });
      const locked = await open(link.token);
      expect(locked.status).toBe(200);
      expect(locked.body).toMatchObject({ needs_code: true, unlocked: false, model: null });
      const viewable = `/api/share/${link.token}/viewable.glb`;
      const refused = await file(viewable);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as ErrorBody).code).toBe('SHARE_CODE_REQUIRED');

      const wrong = await server.api<ErrorBody>('POST', `/api/share/${link.token}/verify`, {
        body: { code: '1111' },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({
        code: 'SHARE_INCORRECT_CODE',
        message: 'Incorrect Password',
      });
      const wrongZh = await server.api<ErrorBody>('POST', `/api/share/${link.token}/verify`, {
        body: { code: '1111' },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(wrongZh.body.message).toBe('密码错误');
      const malformed = await server.api<ErrorBody>('POST', `/api/share/${link.token}/verify`, {
        body: { code: '12' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.fields).toEqual({ code: 'Access Code Must Be 4 Digits' });

      const right = await server.api<PublicShare>('POST', `/api/share/${link.token}/verify`, {
        body: { code: '2468' },
      });
      expect(right.status).toBe(200);
      expect(right.body).toMatchObject({ unlocked: true, needs_code: false });
      const setCookie = right.headers.get('set-cookie')!;
      expect(setCookie).toContain(`Path=/api/share/${link.token}`);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).not.toContain('Secure');
      const cookie = cookieFrom(setCookie);

      const unlocked = await open(link.token, { cookie });
      expect(unlocked.body).toMatchObject({ unlocked: true, model: { name: team.model.name } });
      expect((await file(unlocked.body.model!.viewable_url!, { cookie })).status).toBe(200);
      expect((await file(unlocked.body.model!.thumbnail_url!, { cookie })).status).toBe(200);
      expect((await file(unlocked.body.model!.original_url!, { cookie })).status).toBe(200);

      // the cookie of one share does not open another
      const other = await share({ type: 'password', accessCode: '2468' });
      expect((await open(other.token, { cookie })).body.unlocked).toBe(false);

      // a new code voids the unlock at once, on every URL
      await server.api('PATCH', `/api/shares/${link.id}`, {
        token: team.owner.token,
        body: { accessCode: '1357' },
      });
      expect((await file(viewable, { cookie })).status).toBe(403);
      expect((await open(link.token, { cookie })).body).toMatchObject({
        needs_code: true,
        model: null,
      });

      // disabling cuts a valid unlock too
      const again = await server.api('POST', `/api/share/${link.token}/verify`, {
        body: { code: '1357' },
      });
      const cookie2 = cookieFrom(again.headers.get('set-cookie'));
      expect((await file(viewable, { cookie: cookie2 })).status).toBe(200);
      await server.api('PATCH', `/api/shares/${link.id}`, {
        token: team.owner.token,
        body: { status: 'disabled' },
      });
      expect((await file(viewable, { cookie: cookie2 })).status).toBe(404);
    });
  });
});

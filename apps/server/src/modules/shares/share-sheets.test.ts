import type { ErrorBody, Model, PublicShare, Sheet, StoreyPlan } from '@truss/contracts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestServer } from '../../testing/test-server.ts';
import {
  cookieFrom,
  createShare,
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';

/**
 * A shared drawing's sheets (`/api/share/{token}/sheets`, its files and `/plans`): share-scoped
 * URLs, checked against the share on every request exactly as its viewable.glb is (live,
 * unlocked, a member of a private share), never the members' signed URLs.
 */
describe(`share links: a shared drawing's sheets (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;
  let drawing: Model;
  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
    // The fake converter turns a `.pdf` name into a one-page drawing (sheet p1).
    drawing = await readyModel(server, team.owner.token, team.project.id, 'plans.pdf');
  });
  afterAll(() => server?.close());

  const base = { expiration: '7d' as const, allowComments: true, issuePermission: 'edit' as const };
  const get = <T = unknown>(path: string, headers: Record<string, string> = {}, token?: string) =>
    server.api<T & ErrorBody>('GET', path, { headers, token });
  const file = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers });
  /** Every sheet route of a share, as a visitor calls it (`p1`: the drawing's one page). */
  const routes = (token: string) =>
    [
      'sheets',
      'plans',
      'sheets/source.pdf',
      'sheets/p1/content',
      'sheets/p1/text',
      'sheets/p1/preview.png',
    ].map((route) => `/api/share/${token}/${route}`);

  it('a public share lists the sheets with share-scoped URLs that serve the files', async () => {
    const link = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'public',
      ...base,
    });
    const page = await get<PublicShare>(`/api/share/${link.token}`);
    expect(page.status).toBe(200);
    // A drawing's viewable is its sheets: no glb URL (it would 404).
    expect(page.body.model).toMatchObject({
      format: 'pdf',
      status: 'ready',
      viewable_url: null,
      sheets_url: `/api/share/${link.token}/sheets`,
    });

    const list = await get<Sheet[]>(page.body.model!.sheets_url!);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.map((s) => [s.id, s.kind, s.content, s.pdf_page])).toEqual([
      ['p1', 'page', 'pdf', 1],
    ]);
    const [sheet] = list.body;
    const prefix = `/api/share/${link.token}/sheets/`;
    expect(sheet!.content_url).toMatch(new RegExp(`^${prefix}source\\.pdf\\?v=\\w+$`));
    expect(sheet!.text_url).toMatch(new RegExp(`^${prefix}p1/text\\?v=\\w+$`));
    expect(sheet!.preview_url).toMatch(new RegExp(`^${prefix}p1/preview\\.png\\?v=\\w+$`));

    const pdf = await file(sheet!.content_url, { range: 'bytes=0-5' });
    expect(pdf.status).toBe(206);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdf.text()).toBe('"%PDF-');
    const text = await file(sheet!.text_url!);
    expect(text.status).toBe(200);
    expect(await text.json()).toEqual({ texts: [] });
    const preview = await file(sheet!.preview_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    // Revalidated, never immutable: a share cut off later stops serving a cached sheet too.
    expect(preview.headers.get('cache-control') ?? '').not.toContain('immutable');
    const thumb = await file(`${sheet!.preview_url}&width=32`);
    expect(thumb.status).toBe(200);
    expect(PNG.sync.read(Buffer.from(await thumb.arrayBuffer())).width).toBe(32);
    expect((await file(`${sheet!.preview_url}&width=5`)).status).toBe(400);

    // A PDF page's content is its source PDF (as for members); no such sheet: 404.
    const content = await file(`/api/share/${link.token}/sheets/p1/content`);
    expect([content.status, content.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect((await file(`/api/share/${link.token}/sheets/p9/preview.png`)).status).toBe(404);
    expect((await file(`/api/share/${link.token}/sheets/p1/nope`)).status).toBe(404);
    // A drawing has no storey plans.
    const plans = await get<StoreyPlan[]>(`/api/share/${link.token}/plans`);
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual([]);
  });

  it('a code share serves its sheets only to the unlocked browser, until a new code', async () => {
    const link = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'password',
      accessCode: '2468',
      ...base,
    });
    const locked = await get<PublicShare>(`/api/share/${link.token}`);
    expect(locked.body.model).toBeNull();
    for (const path of routes(link.token)) {
      const res = await get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'SHARE_CODE_REQUIRED']);
    }
    // A member needs the code too: the bearer token is no unlock.
    const asMember = await get(`/api/share/${link.token}/sheets`, {}, team.member.token);
    expect(asMember.status).toBe(403);

    const verify = await server.api('POST', `/api/share/${link.token}/verify`, {
      body: { code: '2468' },
    });
    const cookie = { cookie: cookieFrom(verify.headers.get('set-cookie')) };
    const list = await get<Sheet[]>(`/api/share/${link.token}/sheets`, cookie);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    for (const url of [list.body[0]!.content_url, list.body[0]!.preview_url]) {
      expect((await file(url, cookie)).status).toBe(200);
    }
    // Another share's unlock opens nothing here.
    const other = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'password',
      accessCode: '1357',
      ...base,
    });
    expect((await get(`/api/share/${other.token}/sheets`, cookie)).status).toBe(403);

    await server.api('PATCH', `/api/shares/${link.id}`, {
      token: team.owner.token,
      body: { type: 'password', accessCode: '9753' },
    });
    for (const path of routes(link.token)) {
      const res = await get(path, cookie);
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'SHARE_CODE_REQUIRED']);
    }
  });

  it('a disabled share refuses its sheets with the one not-found answer', async () => {
    const disabled = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'public',
      ...base,
    });
    const list = await get<Sheet[]>(`/api/share/${disabled.token}/sheets`);
    expect(list.status).toBe(200);
    await server.api('PATCH', `/api/shares/${disabled.id}`, {
      token: team.owner.token,
      body: { status: 'disabled' },
    });
    for (const path of [...routes(disabled.token), list.body[0]!.content_url]) {
      const res = await get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'SHARE_NOT_FOUND']);
    }
  });

  it('a private share: members only, its file URLs signed for the member', async () => {
    const link = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'private',
      ...base,
    });
    const anonymous = await get(`/api/share/${link.token}/sheets`);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'SHARE_SIGN_IN_REQUIRED']);
    const outsider = await server.createUser();
    const stranger = await get(`/api/share/${link.token}/sheets`, {}, outsider.token);
    expect([stranger.status, stranger.body.code]).toEqual([404, 'SHARE_NOT_FOUND']);

    const page = await get<PublicShare>(`/api/share/${link.token}`, {}, team.member.token);
    expect(page.body.model?.sheets_url).toMatch(/\/sheets\?u=[\w-]+&exp=\d+&sig=[\w-]+$/);
    const list = await get<Sheet[]>(page.body.model!.sheets_url!, {}, team.member.token);
    expect(list.status).toBe(200);
    const [sheet] = list.body;
    // `<img>` and pdf.js send no bearer: the URLs carry the member's signature.
    expect(sheet!.preview_url).toMatch(/\?v=\w+&u=[\w-]+&exp=\d+&sig=[\w-]+$/);
    expect((await file(sheet!.preview_url)).status).toBe(200);
    expect((await file(sheet!.content_url)).status).toBe(200);
    // The signature is this share's: not a key to another share of the same drawing.
    const other = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'private',
      ...base,
    });
    const query = sheet!.preview_url.split('?')[1]!;
    expect((await file(`/api/share/${other.token}/sheets/p1/preview.png?${query}`)).status).toBe(
      401,
    );
  });

  it('a shared 3D model has no sheets: [] and no sheets URL, its sheet files 404', async () => {
    const link = await createShare(server, team.owner.token, {
      modelId: team.model.id,
      type: 'public',
      ...base,
    });
    const page = await get<PublicShare>(`/api/share/${link.token}`);
    expect(page.body.model?.viewable_url).not.toBeNull();
    expect(page.body.model?.sheets_url).toBeNull();
    const list = await get<Sheet[]>(`/api/share/${link.token}/sheets`);
    expect([list.status, list.body]).toEqual([200, []]);
    const plans = await get<StoreyPlan[]>(`/api/share/${link.token}/plans`);
    expect([plans.status, plans.body]).toEqual([200, []]);
    for (const route of ['sheets/source.pdf', 'sheets/p1/preview.png']) {
      expect((await file(`/api/share/${link.token}/${route}`)).status).toBe(404);
    }
  });

  it('a visitor with issue rights pins an issue with markup on a listed sheet', async () => {
    const link = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'public',
      ...base,
    });
    const [sheet] = (await get<Sheet[]>(`/api/share/${link.token}/sheets`)).body;
    const created = await server.api<{ id: string; pin: unknown; markup: unknown }>(
      'POST',
      `/api/share/${link.token}/topics`,
      {
        body: {
          kind: 'issue',
          title: 'Cloud on the stair',
          authorName: 'Client',
          pin: { sheetId: sheet!.id, x: 120, y: 80 },
          markup: {
            sheetId: sheet!.id,
            shapes: [
              { type: 'cloud', from: [100, 60], to: [160, 110], color: '#e11d48', lineWidth: 2 },
              {
                type: 'text',
                at: [100, 50],
                text: 'Check',
                size: 8,
                color: '#e11d48',
                lineWidth: 1,
              },
            ],
          },
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    // The member sees it on the sheet.
    const mine = await get<{ topics: { id: string; pin: unknown }[] }>(
      `/api/project/${team.project.id}/topics?sheetId=${sheet!.id}`,
      {},
      team.member.token,
    );
    expect(mine.body.topics.map((t) => [t.id, t.pin])).toEqual([
      [created.body.id, { sheetId: sheet!.id, x: 120, y: 80 }],
    ]);
  });

  // Last: the clock's day also ends the team's sign-ins.
  it('an expired share refuses its sheets with the one not-found answer', async () => {
    const expiring = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'public',
      ...base,
      expiration: '1d',
    });
    expect((await get(`/api/share/${expiring.token}/sheets`)).status).toBe(200);
    server.clock.advance(24 * 3600);
    for (const path of routes(expiring.token)) {
      const res = await get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'SHARE_NOT_FOUND']);
    }
  });
});

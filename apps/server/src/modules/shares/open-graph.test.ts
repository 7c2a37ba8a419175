import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeConvert } from '../../testing/fake-convert.ts';
import { createTeam } from '../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { ShareSecrets } from './secrets.ts';
import { createShare, readyModel } from '../../testing/share-fixture.ts';
import { escapeHtml } from '../../mail/templates.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Truss · 3D &amp; BIM Viewer</title>
  </head>
  <body><div id="root"></div>TRUSS_SPA</body>
</html>
`;

describe(`Open Graph tags of share pages (${testEngine()})`, () => {
  let server: TestServer;
  let dist: string;
  let modelName: string;
  let tokens: { public: string; password: string; private: string; disabled: string };
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'truss-og-'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    server = await startTestServer({
      mail: 'outbox',
      webDistDir: dist,
      models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
      modelDeps: { convert: fakeConvert },
    });
    const team = await createTeam(server);
    const model = await readyModel(
      server,
      team.owner.token,
      team.project.id,
      'Tower <A> & "B".obj',
    );
    modelName = model.name;
    const make = (type: 'public' | 'password' | 'private') =>
      createShare(server, team.owner.token, {
        modelId: model.id,
        type,
        accessCode: type === 'password' ? '1234' : undefined,
        expiration: '7d',
        allowComments: true,
        issuePermission: 'view',
      });
    const disabled = await make('public');
    await server.api('PATCH', `/api/shares/${disabled.id}`, {
      token: team.owner.token,
      body: { status: 'disabled' },
    });
    tokens = {
      public: (await make('public')).token,
      password: (await make('password')).token,
      private: (await make('private')).token,
      disabled: disabled.token,
    };
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = async (token: string, language = 'en') => {
    const res = await fetch(`${server.url}/share/${token}`, {
      headers: { 'accept-language': language },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('TRUSS_SPA');
    return html;
  };
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

  it('a live public share shows the model name and its share-scoped thumbnail', async () => {
    const html = await page(tokens.public);
    expect(modelName).toContain('Tower <A> & "B"');
    expect(meta(html, 'og:title')).toBe(escapeHtml(modelName));
    expect(html).toContain(`<title>${escapeHtml(modelName)} · Truss</title>`);
    const image = meta(html, 'og:image')!;
    expect(image).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1/api/share/${tokens.public}/thumbnail\\.png\\?v=`),
    );
    expect(meta(html, 'og:url')).toBe(`http://127.0.0.1/share/${tokens.public}`);
    expect(meta(html, 'og:description')).toContain('Truss');
    expect(meta(html, 'robots')).toBe('noindex, nofollow');
    // the image URL works without any cookie (crawlers have none)
    const thumbnail = await fetch(
      image.replace('http://127.0.0.1', server.url).replace(/&amp;/g, '&'),
    );
    expect(thumbnail.status).toBe(200);
    expect(meta(await page(tokens.public, 'zh-CN'), 'og:description')).toContain('分享的 3D 模型');
  });

  it('code-protected, private, disabled and unknown links get one generic card', async () => {
    const generic = (html: string, token: string) => html.replace(new RegExp(token, 'g'), 'TOKEN');
    const pages = [
      generic(await page(tokens.password), tokens.password),
      generic(await page(tokens.private), tokens.private),
      generic(await page(tokens.disabled), tokens.disabled),
      generic(await page('u'.repeat(32)), 'u'.repeat(32)),
    ];
    expect(new Set(pages).size).toBe(1);
    const html = pages[0]!;
    expect(meta(html, 'og:title')).toBe('Shared model · Truss');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(html).not.toContain('Tower');
  });

  it('other pages are served as they are', async () => {
    const res = await fetch(`${server.url}/models`);
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('share tokens are at least 128 bits of base64url', () => {
    const secrets = new ShareSecrets('secret');
    const token = secrets.token('00000000-0000-4000-8000-000000000000', secrets.newSalt());
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token.length * 6).toBeGreaterThanOrEqual(128);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div>TRUSS_SPA</body></html>';
/** The model page's own shell (the web build writes it with the preview inline). */
const MODEL_HTML =
  '<!doctype html><html><body><div id="root"></div>TRUSS_MODEL_SHELL</body></html>';

/** Every route of the spec, plus deep slugs: the SPA answers them all. */
const SPEC_ROUTES = [
  '/',
  '/invite',
  '/index__',
  '/settings',
  '/settings/plan',
  '/settings/account',
  '/settings/profile',
  '/settings/connectors',
  '/settings/preferences',
  '/settings/notifications',
  '/settings/components/avatar',
  '/settings/components/sidebar',
  '/dev',
  '/model_/abc',
  '/email',
  '/signin',
  '/signin?redirect=%2Fproject_%2F1%2Fmembers',
  '/signup',
  '/terms',
  '/models_',
  '/models_/trash',
  '/models_/some-name',
  '/share/tok123',
  '/upgrade',
  '/upgrade/paycode',
  '/upgrade/payment',
  '/project_',
  '/project_/abc',
  '/project_/abc/members',
  '/callback',
  '/privacy',
  '/subscription',
  '/reset-password',
  '/cookie-policy',
  '/model_/components/header',
  '/models',
  '/project/abc/members',
  '/any/deep/slug',
];

describe('single-page app', () => {
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'truss-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dist, 'model.html'), MODEL_HTML);
    await writeFile(path.join(dist, 'assets', 'app-3f9a1c.js'), 'console.log("app");');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ webDistDir: dist, mail: 'outbox' });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(SPEC_ROUTES)('GET %s returns the app (index.html, no-cache)', async (route) => {
    const res = await fetch(`${server.url}${route}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('TRUSS_SPA');
  });

  it.each(['/model/0b7f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b', '/model/abc/'])(
    'GET %s returns the model page shell (model.html, no-cache)',
    async (route) => {
      const res = await fetch(`${server.url}${route}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('TRUSS_MODEL_SHELL');
    },
  );

  it.each(['/models', '/model/abc/versions', '/share/tok123'])(
    'GET %s keeps index.html',
    async (route) => {
      expect(await (await fetch(`${server.url}${route}`)).text()).toContain('TRUSS_SPA');
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await fetch(`${server.url}/assets/app-3f9a1c.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('console.log');
  });

  it('serves other files as they are, revalidated', async () => {
    const res = await fetch(`${server.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('index.html itself is never cached', async () => {
    const res = await fetch(`${server.url}/index.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('a missing hashed asset is a plain 404, not HTML', async () => {
    const res = await fetch(`${server.url}/assets/gone-123.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('text/html');
  });

  it('unknown API paths stay JSON 404 even with the SPA present', async () => {
    const res = await server.api('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('HEAD works for app routes', async () => {
    const res = await fetch(`${server.url}/models_/trash`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});

describe('without a web build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('non-API routes answer 503 telling how to build the app', async () => {
    const res = await fetch(`${server.url}/signin`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('npm run build:web');
  });

  it('the API keeps working', async () => {
    expect((await server.api('GET', '/api/health')).status).toBe(200);
  });
});

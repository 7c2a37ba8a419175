import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { authStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { isOpenRoute } from './guard';
import { canonicalPath, routes } from './router';

function routeName(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  const handle = matches[matches.length - 1]?.route.handle as { name?: string } | undefined;
  return handle?.name;
}

/** Until the navigation is done: the layouts load lazily (the first import of one is slow here). */
async function settle(router: ReturnType<typeof createMemoryRouter>) {
  const deadline = Date.now() + 15_000;
  while (
    Date.now() < deadline &&
    (router.state.navigation.state !== 'idle' || !router.state.initialized)
  ) {
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('route table', () => {
  it.each([
    ['/', 'home'],
    ['/index__', 'index'],
    ['/invite', 'invite'],
    ['/signin', 'signin'],
    ['/signup', 'signup'],
    ['/email', 'email'],
    ['/reset-password', 'reset-password'],
    ['/verify-email', 'verify-email'],
    ['/magic-code', 'magic-code'],
    ['/callback', 'callback'],
    ['/models', 'models'],
    ['/models/trash', 'models-trash'],
    ['/models/site-a', 'models-name'],
    ['/model/42', 'model-id'],
    ['/project', 'project'],
    ['/project/42', 'project-id'],
    ['/project/42/members', 'project-id-members'],
    ['/settings', 'settings'],
    ['/settings/plan', 'settings-plan'],
    ['/settings/account', 'settings-account'],
    ['/settings/profile', 'settings-profile'],
    ['/settings/connectors', 'settings-connectors'],
    ['/settings/preferences', 'settings-preferences'],
    ['/settings/notifications', 'settings-notifications'],
    ['/dev', 'dev'],
    ['/terms', 'page-terms'],
    ['/privacy', 'page-privacy'],
    ['/cookie-policy', 'page-cookie-policy'],
    ['/share/abc', 'page-share'],
    ['/upgrade', 'upgrade'],
    ['/upgrade/paycode', 'upgrade-paycode'],
    ['/upgrade/payment', 'upgrade-payment'],
    ['/subscription', 'subscription'],
    ['/settings/components/avatar', 'slug'],
    ['/model/components/header', 'slug'],
    ['/settings/components/sidebar', 'slug'],
    ['/no/such/page', 'slug'],
  ])('%s is %s', (path, name) => {
    expect(routeName(path)).toBe(name);
  });

  it('maps the spec underscore paths to the clean ones, keeping the query', () => {
    expect(canonicalPath(new URL('http://x/models_'))).toBe('/models');
    expect(canonicalPath(new URL('http://x/models_/trash?project=1'))).toBe(
      '/models/trash?project=1',
    );
    expect(canonicalPath(new URL('http://x/models_/site-a'))).toBe('/models/site-a');
    expect(canonicalPath(new URL('http://x/model_/7?view=3d'))).toBe('/model/7?view=3d');
    expect(canonicalPath(new URL('http://x/project_'))).toBe('/project');
    expect(canonicalPath(new URL('http://x/project_/9/members'))).toBe('/project/9/members');
    expect(canonicalPath(new URL('http://x/project_/'))).toBe('/models');
  });

  it('opens exactly the spec guard names without sign-in', () => {
    for (const name of [
      'signin',
      'magic-code',
      'dev',
      'slug',
      'email',
      'reset-password',
      'signup',
      'verify-email',
      'home',
      'index',
      'upgrade-payment',
      'upgrade-paycode',
      'callback',
      'page-terms',
      'page-share',
    ]) {
      expect(isOpenRoute(name)).toBe(true);
    }
    for (const name of [
      'models',
      'models-trash',
      'model-id',
      'project',
      'project-id-members',
      'settings-plan',
      'upgrade',
      'subscription',
      'invite',
    ]) {
      expect(isOpenRoute(name)).toBe(false);
    }
  });
});

describe('navigation', () => {
  beforeEach(() => {
    authStore.clear();
    queryClient.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  it('sends a signed-out visitor to /signin with the full path wanted', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/project/1/members?tab=a'] });
    await settle(router);
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/project/1/members?tab=a',
    );
  });

  it('replaces an underscore path with its clean form', async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: ['/', '/models_/trash?project=1'],
      initialIndex: 0,
    });
    await settle(router);
    await router.navigate('/models_/trash?project=1');
    await settle(router);
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/models/trash?project=1',
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects /settings to /settings/profile and /index__ to /', async () => {
    authStore.setTokens({ token: 't', refreshToken: 'r', expiresIn: 900 });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        const body = url.endsWith('/api/project')
          ? [{ id: 'p1', name: 'Default Project', is_default: true }]
          : { plan: { id: 'free' }, language: 'en' };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/settings'] });
    await settle(router);
    expect(router.state.location.pathname).toBe('/settings/profile');
    // After sign-in the guard asks at once for the profile, the date/time preferences every page
    // formats with, the subscription and the projects, in this order.
    expect(calls).toEqual([
      '/api/user/profile',
      '/api/user/preferences',
      '/api/user/subscription',
      '/api/project',
    ]);

    await router.navigate('/index__');
    await settle(router);
    expect(router.state.location.pathname).toBe('/');
  });

  it('the model page asks for the model and its files beside the profile, not after the session data', async () => {
    authStore.setTokens({ token: 't', refreshToken: 'r', expiresIn: 900 });
    const calls: string[] = [];
    let releaseProject: () => void = () => undefined;
    const projectHeld = new Promise<void>((resolve) => (releaseProject = resolve));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url === '/api/project') {
          await projectHeld;
          return json([{ id: 'p1', name: 'Default Project', is_default: true }]);
        }
        if (url === '/api/models/m1') {
          return json({
            id: 'm1',
            status: 'ready',
            viewable_url: '/api/models/m1/viewable.glb?v=h',
            metadata_url: '/api/models/m1/metadata.json?v=h',
          });
        }
        if (url.startsWith('/api/models/m1/')) return new Response(new ArrayBuffer(8));
        return json({ plan: { id: 'free' }, language: 'en' });
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/model/m1'] });
    await settle(router);
    // The page is entered while the project list is still on its way...
    expect(router.state.location.pathname).toBe('/model/m1');
    expect(router.state.navigation.state).toBe('idle');
    // ...and the model was asked for with the profile, its files as soon as it was known.
    expect(calls.slice(0, 2).sort()).toEqual(['/api/models/m1', '/api/user/profile']);
    expect(calls).toContain('/api/models/m1/viewable.glb?v=h');
    expect(calls).toContain('/api/models/m1/metadata.json?v=h');
    releaseProject();
    // As long as settle() may wait: the first load of the model page's modules (the viewer's)
    // took over 4 s on the shared 2-core machine.
  }, 15_000);
});

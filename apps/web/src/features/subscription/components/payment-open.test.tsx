import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { createMemoryRouter } from 'react-router';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import { routes } from '../../../app/router';

/** Until the navigation is done: the layouts load lazily. */
async function settle(router: ReturnType<typeof createMemoryRouter>) {
  const deadline = Date.now() + 15_000;
  while (
    Date.now() < deadline &&
    (router.state.navigation.state !== 'idle' || !router.state.initialized)
  ) {
    await new Promise((r) => setTimeout(r, 5));
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
  queryClient.clear();
});

describe('payment pages signed out (spec §2: upgrade-paycode and upgrade-payment are open)', () => {
  it.each(['/upgrade/paycode?order=o1', '/upgrade/payment?order=o1', '/upgrade/paycode'])(
    'keeps the visitor on %s, asking nothing of the API, with a way back after sign-in',
    async (path) => {
      authStore.clear();
      const fetch = vi.fn(async () => new Response('{}', { status: 401 }));
      vi.stubGlobal('fetch', fetch);
      const router = renderRoutes(routes, path);
      await settle(router);
      expect(
        await screen.findByText('Sign in to see this payment', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
      expect(fetch).not.toHaveBeenCalled();
      const hrefs = screen
        .getAllByRole('link', { name: 'Sign in' })
        .map((link) => new URL(link.getAttribute('href') ?? '', 'http://x'));
      expect(
        hrefs.some((h) => h.pathname === '/signin' && h.searchParams.get('redirect') === path),
      ).toBe(true);
    },
  );
});

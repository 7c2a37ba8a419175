import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { UserSubscription } from '@truss/contracts';
import { authStore } from '../../../lib/auth-store';
import { currentLimit, dismissLimit } from '../../../lib/limit-prompt';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import { subscriptionKey } from '../../subscription';
import { ProjectFormDialog } from '../dialogs/ProjectDialogs';

function subscription(current: number, limit: number): UserSubscription {
  const usage = { current: 0, limit: 10, exceeded: false };
  return {
    plan: { id: 'free', name: 'Free', features: {} as UserSubscription['plan']['features'] },
    status: 'active',
    period: null,
    current_period_end: null,
    limits: {
      projects: { current, limit, exceeded: current >= limit },
      members_per_project: usage,
      models_per_project: usage,
      storage: usage,
    },
  };
}

afterEach(() => {
  cleanup();
  dismissLimit();
  queryClient.clear();
  authStore.clear();
  vi.unstubAllGlobals();
});

function renderCreate(onOpenChange: (open: boolean) => void) {
  renderRoutes(
    [{ path: '*', Component: () => <ProjectFormDialog open onOpenChange={onOpenChange} /> }],
    '/projects',
  );
}

describe('new project at the plan limit (issue 35 item 4)', () => {
  it('opens the upgrade prompt as the form opens, before anything is filled in', async () => {
    queryClient.setQueryData(subscriptionKey, subscription(3, 3));
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const onOpenChange = vi.fn();
    renderCreate(onOpenChange);
    await waitFor(() => expect(currentLimit()).toBe('PROJECT_LIMIT_EXCEEDED'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for a fresh subscription and refuses when it says the limit is reached', async () => {
    authStore.setTokens({ token: 't', refreshToken: 'r', expiresIn: 900 });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(subscription(3, 3)), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const onOpenChange = vi.fn();
    renderCreate(onOpenChange);
    await waitFor(() => expect(currentLimit()).toBe('PROJECT_LIMIT_EXCEEDED'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('below the limit the form stays open', async () => {
    queryClient.setQueryData(subscriptionKey, subscription(2, 3));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(subscription(2, 3)), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const onOpenChange = vi.fn();
    renderCreate(onOpenChange);
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(currentLimit()).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedView } from '@truss/contracts';
import { authStore } from '../../../lib/auth-store';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import type { Viewer } from '../../viewer';
import { SavedViewsButton } from './SavedViewsButton';

// Only the active language ships with a page; the Chinese case needs its catalogue loaded.
beforeAll(() => loadLanguage('zh-CN'));

const MODEL = '00000000-0000-4000-8000-0000000000a1';
const view: SavedView = {
  id: '00000000-0000-4000-8000-0000000000b1',
  model_id: MODEL,
  name: 'Kitchen',
  state: 'x',
  model_ids: [],
  thumbnail: null,
  created_by: null,
  author_name: 'Ada',
  created_at: '2026-01-02T03:04:05Z',
  updated_at: '2026-01-02T03:04:05Z',
};

/** The list answers one view; DELETE answers 204. Returns the requests made. */
function stubApi() {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({ method, url });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return new Response(JSON.stringify([view]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const render = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <SavedViewsButton
            viewer={{} as Viewer}
            source={{ kind: 'model', modelId: MODEL }}
            may={{ create: false, manage: () => true }}
          />
        ),
      },
    ],
    '/',
  );

beforeEach(() => {
  queryClient.clear();
  authStore.setState({ isAuthenticated: true, token: 't', tokenExpiry: Date.now() + 600_000 });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
  await i18n.changeLanguage('en');
});
afterAll(() => i18n.changeLanguage('en'));

describe('deleting a saved view', () => {
  it('asks first: cancel keeps the view, confirming deletes it', async () => {
    const calls = stubApi();
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Saved views' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Kitchen' }));
    const dialog = await screen
      .findByRole('alertdialog', { name: 'Delete “Kitchen”?' })
      .catch(() => screen.findByRole('dialog', { name: 'Delete “Kitchen”?' }));
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Delete “Kitchen”?')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Kitchen' }));
    const again = await screen.findByRole('dialog', { name: 'Delete “Kitchen”?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete view' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        `/api/models/${MODEL}/views/${view.id}`,
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Delete “Kitchen”?')).toBeNull());
  });

  it('asks in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    const calls = stubApi();
    render();
    fireEvent.click(screen.getByRole('button', { name: '保存的视图' }));
    fireEvent.click(await screen.findByRole('button', { name: '删除 Kitchen' }));
    expect(await screen.findByText('删除“Kitchen”？')).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除视图' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Share } from '@truss/contracts';
import { authStore } from '../../../lib/auth-store';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import { ShareForm } from './ShareForm';

// The app loads one language's texts at a time; these tests use both.
beforeAll(() => loadLanguage('zh-CN'));

const MODEL = '00000000-0000-4000-8000-0000000000m1'.replace('m', 'a');
const share: Share = {
  id: '00000000-0000-4000-8000-0000000000s1'.replace('s', 'b'),
  token: 'tok',
  url: 'http://localhost/share/tok',
  model_id: MODEL,
  model_name: 'Duck.glb',
  project_id: '00000000-0000-4000-8000-0000000000c1',
  project_name: 'Tower',
  model_trashed: false,
  model_version: null,
  type: 'password',
  status: 'active',
  expiration: '7d',
  expires_at: '2026-11-29T00:00:00.000Z',
  expired: false,
  allow_comments: true,
  issue_permission: 'view',
  allow_download: false,
  has_code: true,
  access_code: null,
  code_locked: false,
  creator: null,
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
  analytics: { opens: 0, visitors: 0, last_opened_at: null },
};

function stubFetch(answer: unknown, status = 200) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      // The form reads the model's versions (the pin option): none here.
      if (String(input).includes('/versions')) {
        return new Response('[]', { headers: { 'content-type': 'application/json' } });
      }
      bodies.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

function renderForm(existing: Share | null, onSaved = vi.fn()) {
  renderRoutes(
    [
      {
        path: '*',
        element: <ShareForm modelId={MODEL} share={existing} onSaved={onSaved} />,
      },
    ],
    '/',
  );
  return onSaved;
}

const codeInput = () => screen.getByLabelText('Access code') as HTMLInputElement;

beforeEach(() => {
  authStore.clear();
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('share form', () => {
  it('offers a random 4-digit code for a new code-protected link', () => {
    renderForm(null);
    expect(codeInput().value).toMatch(/^\d{4}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(codeInput().value).toMatch(/^\d{4}$/);
  });

  it('keeps digits only and refuses fewer than 4 with the spec text, sending nothing', () => {
    const bodies = stubFetch(share);
    renderForm(null);
    fireEvent.change(codeInput(), { target: { value: '1a2b' } });
    expect(codeInput().value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByText('Access Code Must Be 4 Digits')).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
    // The message goes once the code is right.
    fireEvent.change(codeInput(), { target: { value: '1234' } });
    expect(screen.queryByText('Access Code Must Be 4 Digits')).toBeNull();
  });

  it('creates a code-protected link with the chosen settings', async () => {
    const bodies = stubFetch({ ...share, access_code: '4821' });
    const onSaved = renderForm(null);
    fireEvent.change(codeInput(), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    fireEvent.click(screen.getByRole('radio', { name: 'No comments' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Issue Editing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([
      {
        modelId: MODEL,
        type: 'password',
        expiration: '30d',
        accessCode: '4821',
        allowComments: false,
        issuePermission: 'edit',
        allowDownload: false,
      },
    ]);
  });

  it('downloads: off for public and code links, on for private, until chosen; edits send the change', async () => {
    const bodies = stubFetch({ ...share, type: 'private', allow_download: true });
    const onSaved = renderForm(null);
    const checked = (name: string) =>
      screen.getByRole('radio', { name }).getAttribute('aria-checked');
    expect(checked('View only, no download')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /^Public/ }));
    expect(checked('View only, no download')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    expect(checked('Visitors can download')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies[0]).toMatchObject({ type: 'private', allowDownload: true });
    cleanup();

    const edits = stubFetch({ ...share, allow_download: true });
    const saved = renderForm(share);
    fireEvent.click(screen.getByRole('radio', { name: 'Visitors can download' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect(edits).toEqual([{ allowDownload: true }]);
  });

  it('names the download option in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      renderForm(null);
      expect(screen.getByText('原始文件')).toBeTruthy();
      expect(screen.getByRole('radio', { name: '仅查看，不可下载' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: '访客可下载' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('sends no code for a public link, and only what changed when editing', async () => {
    const bodies = stubFetch({ ...share, type: 'public' });
    const onSaved = renderForm(share);
    // An existing code may stay: the empty field is not an error.
    expect(codeInput().value).toBe('');
    fireEvent.click(screen.getByRole('radio', { name: /^Public/ }));
    expect(screen.queryByLabelText('Access code')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Disabled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ type: 'public', status: 'disabled' }]);
  });

  it('demands a new code when the old one is locked', () => {
    const bodies = stubFetch(share);
    renderForm({ ...share, code_locked: true });
    expect(screen.getByText(/the code is locked/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Access Code Must Be 4 Digits')).toBeTruthy();
    expect(bodies).toEqual([]);
  });
});

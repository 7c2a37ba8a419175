import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConnectorsResponse, Preferences, Profile } from '@truss/contracts';
import { authStore } from '../../../lib/auth-store';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { getFormatPreferences, setFormatPreferences } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { clearToasts, getToasts } from '../../../lib/toast';
import { renderRoutes } from '../../../testing/render';
import { profileKey } from '../../auth';
import { connectorsKey, preferencesKey } from '../api';
import ConnectorsPage from './ConnectorsPage';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import PreferencesPage from './PreferencesPage';
import ProfilePage from './ProfilePage';

// The app loads one language's texts at a time; these tests use both.
beforeAll(() => loadLanguage('zh-CN'));

const profile: Profile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  email_verified: true,
  status: 'active',
  language: 'en',
  avatar: null,
  full_name: null,
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  phone_country_code: 'GB',
  date_of_birth: null,
  gender: null,
  company: null,
  job_title: null,
  department: null,
  website: null,
  country: null,
  location: null,
  bio: null,
  name_format: 'western',
  created_at: '2026-01-02T03:04:05Z',
};

function stubApi(replies: Record<string, (body: unknown) => unknown>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init?.method ?? 'GET', body });
      const reply = replies[`${init?.method ?? 'GET'} ${url}`];
      return new Response(JSON.stringify(reply ? reply(body) : {}), {
        status: reply ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const checked = (name: RegExp) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;

/** The toaster is not mounted here: read the toast store. */
const toasted = (title: string) =>
  waitFor(() => expect(getToasts().map((t) => t.title)).toContain(title));

beforeEach(() => {
  clearToasts();
  queryClient.clear();
  authStore.setState({ isAuthenticated: true, token: 't', tokenExpiry: Date.now() + 600_000 });
  queryClient.setQueryData(profileKey, profile);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
  setFormatPreferences({});
});

describe('profile page', () => {
  it('checks the phone for the chosen country ("Phone must be valid") before saving', async () => {
    const calls = stubApi({
      'PUT /api/user/profile': (body) => ({ ...profile, ...(body as object) }),
    });
    renderRoutes([{ path: '/', Component: ProfilePage }], '/');
    const phone = screen.getByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Phone must be valid')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    // A real London number in the UK's plan is accepted and saved with the region code.
    fireEvent.change(phone, { target: { value: '020 7946 0958' } });
    await waitFor(() => expect(screen.queryByText('Phone must be valid')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await toasted('Profile saved');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ phone: '020 7946 0958', phone_country_code: 'GB' });
  });

  it('previews the name in the chosen name format', () => {
    stubApi({});
    renderRoutes([{ path: '/', Component: ProfilePage }], '/');
    const preview = () => screen.getByText('Your name is shown as').parentElement?.textContent;
    expect(preview()).toContain('Ada Lovelace');
    fireEvent.click(screen.getByRole('radio', { name: 'Eastern (last name first)' }));
    expect(preview()).toContain('Lovelace Ada');
  });

  it('finds a country code by its Chinese name or by +code', async () => {
    stubApi({});
    renderRoutes([{ path: '/', Component: ProfilePage }], '/');
    fireEvent.click(screen.getByRole('button', { name: 'Country code' }));
    const search = await screen.findByRole('combobox', { name: 'Search country or code' });
    fireEvent.change(search, { target: { value: '日本' } });
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Japan+81']);
    fireEvent.change(search, { target: { value: '+86' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Country code' }).textContent).toContain('+86'),
    );
  });
});

describe('preferences page', () => {
  const prefs: Preferences = {
    language: 'en',
    timezone: null,
    date_format: 'yyyy-mm-dd',
    time_format: '24h',
    week_start: 'monday',
  };

  it('saves a choice and applies it to every date formatter at once', async () => {
    queryClient.setQueryData(preferencesKey, prefs);
    const calls = stubApi({
      'PUT /api/user/preferences': (body) => ({ ...prefs, ...(body as object) }),
    });
    renderRoutes([{ path: '/', Component: PreferencesPage }], '/');
    fireEvent.click(screen.getByRole('radio', { name: /^dd\/mm\/yyyy/ }));
    await toasted('Preferences saved');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ date_format: 'dd/mm/yyyy' });
    expect(getFormatPreferences().dateFormat).toBe('dd/mm/yyyy');
    fireEvent.click(screen.getByRole('radio', { name: 'Sunday' }));
    await waitFor(() => expect(getFormatPreferences().weekStart).toBe('sunday'));
  });

  it('takes a second choice while the first is saving; saves them in order and keeps both', async () => {
    queryClient.setQueryData(preferencesKey, prefs);
    // A slow server that answers only when told to, with its stored preferences.
    let stored: Preferences = { ...prefs };
    const sent: unknown[] = [];
    const answers: Array<() => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Partial<Preferences>;
        sent.push(body);
        await new Promise<void>((resolve) => answers.push(resolve));
        stored = { ...stored, ...body };
        return new Response(JSON.stringify(stored), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderRoutes([{ path: '/', Component: PreferencesPage }], '/');
    fireEvent.click(screen.getByRole('radio', { name: /^dd\/mm\/yyyy/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^12-hour/ }));
    // Both show before any answer; only the first has gone to the server.
    await waitFor(() => {
      expect(checked(/^dd\/mm\/yyyy/)).toBe(true);
      expect(checked(/^12-hour/)).toBe(true);
    });
    expect(sent).toHaveLength(1);
    answers.shift()!();
    await waitFor(() =>
      expect(sent).toEqual([{ date_format: 'dd/mm/yyyy' }, { time_format: '12h' }]),
    );
    expect(checked(/^12-hour/)).toBe(true);
    answers.shift()!();
    await waitFor(() =>
      expect(queryClient.getQueryData(preferencesKey)).toMatchObject({
        date_format: 'dd/mm/yyyy',
        time_format: '12h',
      }),
    );
    expect(checked(/^dd\/mm\/yyyy/)).toBe(true);
    expect(checked(/^12-hour/)).toBe(true);
  });
});

describe('connectors page', () => {
  const connectors = (hasPassword: boolean): ConnectorsResponse => ({
    has_password: hasPassword,
    connectors: [
      {
        provider: 'google',
        available: true,
        linked: true,
        display_name: 'Ada',
        email: 'ada@gmail.test',
        linked_at: '2026-03-04T05:06:07Z',
      },
      {
        provider: 'wechat',
        available: false,
        linked: false,
        display_name: null,
        email: null,
        linked_at: null,
      },
    ],
  });

  it('refuses to unlink the only sign-in method, with the reason', () => {
    queryClient.setQueryData(connectorsKey, connectors(false));
    stubApi({});
    renderRoutes([{ path: '/', Component: ConnectorsPage }], '/');
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/only way to sign in/)).toBeTruthy();
    expect(screen.getByText('Not configured on this server')).toBeTruthy();
    expect(screen.getByText(/WECHAT_APP_ID and WECHAT_APP_SECRET/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link WeChat' })).toBeNull();
  });

  it('says in Chinese that the server has no credentials, and which settings turn it on', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      queryClient.setQueryData(connectorsKey, connectors(true));
      stubApi({});
      renderRoutes([{ path: '/', Component: ConnectorsPage }], '/');
      expect(screen.getByText('此服务器未配置')).toBeTruthy();
      expect(screen.getByText(/WECHAT_APP_ID 和 WECHAT_APP_SECRET/)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('unlinks after confirming when a password remains', async () => {
    queryClient.setQueryData(connectorsKey, connectors(true));
    const calls = stubApi({
      'DELETE /api/user/connectors/google': () => ({
        ...connectors(true),
        connectors: connectors(true).connectors.map((c) => ({ ...c, linked: false })),
      }),
    });
    renderRoutes([{ path: '/', Component: ConnectorsPage }], '/');
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Google' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await toasted('Google unlinked');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Link Google' })).toBeTruthy();
  });
});

describe('account deletion', () => {
  it('lists what happens to each owned project and needs DELETE typed', async () => {
    const calls = stubApi({
      'GET /api/user/deletion-preview': () => ({
        requires_password: true,
        projects: [
          {
            id: '00000000-0000-4000-8000-00000000000a',
            name: 'Tower A',
            model_count: 3,
            action: 'transfer',
            new_owner: {
              id: '00000000-0000-4000-8000-00000000000b',
              email: 'bo@x.com',
              name: 'Bo',
            },
          },
          {
            id: '00000000-0000-4000-8000-00000000000c',
            name: 'Sketches',
            model_count: 2,
            action: 'delete',
            new_owner: null,
          },
        ],
      }),
      'DELETE /api/user': () => ({ ok: true, projects: [] }),
    });
    renderRoutes(
      [
        { path: '/settings/account', Component: AccountDeletionHarness },
        { path: '*', Component: () => <p>home</p> },
      ],
      '/settings/account',
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('1 project is handed over');
    expect(dialog.textContent).toContain('Tower A goes to Bo');
    expect(dialog.textContent).toContain('1 project is deleted with its models');
    expect(dialog.textContent).toContain('Sketches (2 models)');

    const confirm = within(dialog).getByLabelText('Type DELETE to confirm');
    const button = within(dialog).getByRole('button', { name: 'Delete account' });
    fireEvent.change(confirm, { target: { value: 'delete' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'pw-123456' } });
    fireEvent.change(confirm, { target: { value: 'DELETE' } });
    fireEvent.click(button);
    await screen.findByText('home');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({
      confirm: 'DELETE',
      password: 'pw-123456',
    });
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});

function AccountDeletionHarness() {
  return <DeleteAccountDialog open onOpenChange={() => undefined} />;
}

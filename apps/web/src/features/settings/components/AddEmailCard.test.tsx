import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Profile } from '@truss/contracts';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import { profileKey } from '../../auth';
import ProfilePage from './ProfilePage';

const profile: Profile = {
  id: '00000000-0000-4000-8000-000000000002',
  email: null,
  email_verified: false,
  status: 'active',
  language: 'en',
  avatar: null,
  full_name: 'Wei Zhang',
  first_name: null,
  last_name: null,
  phone: null,
  phone_country_code: null,
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

beforeEach(() => {
  queryClient.clear();
  authStore.setState({ isAuthenticated: true, token: 't', tokenExpiry: Date.now() + 600_000 });
  queryClient.setQueryData(profileKey, profile);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('adding an email to an account without one', () => {
  it('mails a code to the address, then the code makes it the profile email', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ url, body });
        const reply = url.endsWith('/api/user/email')
          ? { email: 'wei@example.com', codeExpiresIn: 600, resendIn: 60 }
          : { ...profile, email: 'wei@example.com', email_verified: true };
        return new Response(JSON.stringify(reply), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderRoutes([{ path: '/', Component: ProfilePage }], '/');
    expect(screen.getByRole('heading', { name: 'Add your email' })).toBeTruthy();
    expect(screen.getByText('No email yet')).toBeTruthy();

    // Checked before anything is sent.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Wei@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('wei@example.com')).toBeTruthy();
    expect(calls[0]).toMatchObject({ body: { email: 'wei@example.com' } });

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ body: { code: '123456' } }));
    expect(calls.at(-1)!.url).toMatch(/\/api\/user\/email\/verify$/);
    // The profile now has the address: the card is gone.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Add your email' })).toBeNull(),
    );
    expect(queryClient.getQueryData<Profile>(profileKey)?.email).toBe('wei@example.com');
  });
});

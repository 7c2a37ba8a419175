// One message at a time, and none about values the user has since changed (issue 17, item 13):
// the verify page after a wrong code, the reset and change-password forms after "Same as old
// password", in English and Chinese; email addresses break only where they must.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ParseKeys } from 'i18next';
import { authStore } from '../../../lib/auth-store';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import type { Profile } from '@truss/contracts';
import { connectorsKey } from '../../settings';
// The settings page's form, whose messages this file checks beside the sign-in forms' own.
// eslint-disable-next-line no-restricted-imports
import AccountPage from '../../settings/components/AccountPage';
import { profileKey } from '../api';
import ResetPasswordPage from './ResetPasswordPage';
import VerifyEmailPage from './VerifyEmailPage';

// The app loads one language's texts at a time; these tests use both.
beforeAll(() => loadLanguage('zh-CN'));

const fail = (status: number, code: string) => ({
  status,
  body: { statusCode: status, statusMessage: 'x', message: 'x', code },
});
const profile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  email_verified: true,
  status: 'active',
  language: 'en',
  created_at: '2026-01-02T03:04:05Z',
};

function stubApi(replies: Record<string, { status: number; body: unknown }>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { status, body } = replies[String(input).split('?')[0] ?? ''] ?? fail(404, 'NOT_FOUND');
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  authStore.clear();
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
});
afterAll(() => i18n.changeLanguage('en'));

describe.each(['en', 'zh-CN'])('form messages (%s)', (language) => {
  beforeEach(() => i18n.changeLanguage(language));
  const t = (key: ParseKeys) => i18n.t(key);

  it('the verify page shows one message at a time and clears the server one on edit', async () => {
    stubApi({ '/api/auth/verify-email': fail(400, 'INVALID_VERIFICATION_CODE') });
    renderRoutes(
      [{ path: '/verify-email', Component: VerifyEmailPage }],
      '/verify-email?email=ada%40example.com',
    );
    const input = screen.getByLabelText<HTMLInputElement>(t('auth.codeLabel'));
    fireEvent.change(input, { target: { value: '654321' } });
    expect(await screen.findByText(t('errors.INVALID_VERIFICATION_CODE'))).toBeTruthy();
    // The code was cleared for a new try; submitting it empty says so, and only that.
    fireEvent.click(screen.getByRole('button', { name: t('auth.verify') }));
    expect(await screen.findByText(t('validation.codeRequired'))).toBeTruthy();
    expect(screen.queryByText(t('errors.INVALID_VERIFICATION_CODE'))).toBeNull();
    // Typing again removes the server's answer too.
    fireEvent.change(input, { target: { value: '654321' } });
    expect(await screen.findByText(t('errors.INVALID_VERIFICATION_CODE'))).toBeTruthy();
    fireEvent.change(input, { target: { value: '1' } });
    await waitFor(() =>
      expect(screen.queryByText(t('errors.INVALID_VERIFICATION_CODE'))).toBeNull(),
    );
  });

  it('the reset form drops "Same as old password" once the password is edited', async () => {
    stubApi({ '/api/auth/password/reset': fail(400, 'SAME_AS_OLD_PASSWORD') });
    renderRoutes(
      [{ path: '/reset-password', Component: ResetPasswordPage }],
      '/reset-password?token=abc',
    );
    const fill = (value: string) => {
      fireEvent.change(screen.getByLabelText(t('settings.account.newPassword')), {
        target: { value },
      });
      fireEvent.change(screen.getByLabelText(t('form.confirmPassword')), { target: { value } });
    };
    fill('long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: t('auth.setNewPassword') }));
    expect(await screen.findByText(t('errors.SAME_AS_OLD_PASSWORD'))).toBeTruthy();
    fill('long-enough-2');
    await waitFor(() => expect(screen.queryByText(t('errors.SAME_AS_OLD_PASSWORD'))).toBeNull());
  });

  it('the change-password form drops "Same as old password" once a field is edited', async () => {
    authStore.setState({ isAuthenticated: true, token: 't', tokenExpiry: Date.now() + 600_000 });
    queryClient.setQueryData(profileKey, profile as Profile);
    queryClient.setQueryData(connectorsKey, { has_password: true, connectors: [] });
    stubApi({ '/api/user/password': fail(400, 'SAME_AS_OLD_PASSWORD') });
    renderRoutes([{ path: '/settings/account', Component: AccountPage }], '/settings/account');
    const current = await screen.findByLabelText(t('settings.account.currentPassword'));
    fireEvent.change(current, { target: { value: 'long-enough-1' } });
    fireEvent.change(screen.getByLabelText(t('settings.account.newPassword')), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.change(screen.getByLabelText(t('form.confirmPassword')), {
      target: { value: 'long-enough-1' },
    });
    const form = current.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    expect(await screen.findByText(t('errors.SAME_AS_OLD_PASSWORD'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t('settings.account.newPassword')), {
      target: { value: 'long-enough-2' },
    });
    await waitFor(() => expect(screen.queryByText(t('errors.SAME_AS_OLD_PASSWORD'))).toBeNull());
  });

  it('an email address wraps only where it must (overflow-wrap: anywhere, never break-all)', () => {
    stubApi({});
    const email = 'someone.with.a.rather.long.address@example.com';
    renderRoutes(
      [{ path: '/verify-email', Component: VerifyEmailPage }],
      `/verify-email?email=${encodeURIComponent(email)}`,
    );
    const shown = screen.getByText(email);
    expect(shown.className).toContain('wrap-anywhere');
    expect(shown.className).not.toContain('break-all');
  });
});

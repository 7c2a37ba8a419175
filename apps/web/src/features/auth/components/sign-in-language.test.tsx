import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { i18n, setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { clearToasts, getToasts } from '../../../lib/toast';
import { renderRoutes } from '../../../testing/render';
import VerifyEmailPage from './VerifyEmailPage';

const session = {
  token: 'tok',
  expiresIn: 900,
  refreshToken: 'ref',
  user: { id: '00000000-0000-4000-8000-000000000002', email: 'li@example.com', language: 'zh-CN' },
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
  queryClient.clear();
  clearToasts();
  await setLanguage('en');
});

describe('sign-in in another language than the account (issue 35 item 5)', () => {
  it('switches to the account language first, then toasts in it on the next page', async () => {
    await setLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(session), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const router = renderRoutes(
      [
        { path: '/verify-email', Component: VerifyEmailPage },
        { path: '*', Component: () => <p>landed</p> },
      ],
      '/verify-email?email=li%40example.com',
    );
    fireEvent.paste(screen.getByLabelText('Verification code'), {
      clipboardData: { getData: () => '123456' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/models'));
    expect(i18n.language).toBe('zh-CN');
    expect(getToasts().map((toast) => toast.title)).toEqual(['邮箱已验证，欢迎使用 Truss！']);
  });
});

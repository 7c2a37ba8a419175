import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import CallbackPage from './CallbackPage';
import MagicCodePage from './MagicCodePage';
import ResetPasswordPage from './ResetPasswordPage';
import SignInPage from './SignInPage';

const profile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  language: 'en',
};
const session = { token: 'tok', expiresIn: 900, refreshToken: 'ref', user: profile };
type Reply = { status: number; body: unknown; headers?: Record<string, string> };
const fail = (status: number, code: string): Reply => ({
  status,
  body: { statusCode: status, statusMessage: 'x', message: 'x', code },
});

function stubApi(replies: Record<string, Reply | Reply[]>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const entry = replies[url];
      // A list answers call by call (the last one repeats).
      const reply = Array.isArray(entry)
        ? (entry[calls.filter((c) => c.url === url).length - 1] ?? entry.at(-1))
        : entry;
      const { status, body, headers } = reply ?? fail(404, 'NOT_FOUND');
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    }),
  );
  return calls;
}
const posted = (calls: { url: string; body: unknown }[], url: string) =>
  calls.filter((c) => c.url === url).map((c) => c.body);

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/signin', Component: SignInPage },
      { path: '/magic-code', Component: MagicCodePage },
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/callback', Component: CallbackPage },
      { path: '*', Component: () => <p>landed</p> },
    ],
    path,
  );
}

beforeEach(() => {
  authStore.clear();
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  authStore.clear();
});

const codeSent = {
  status: 200,
  body: { email: 'ada@example.com', codeExpiresIn: 600, resendIn: 60 },
};

async function sendCode() {
  fireEvent.click(screen.getByRole('radio', { name: 'Use email code' }));
  // The code form loads when that mode is chosen (SignInPage: not in the sign-in page's chunk).
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'Ada@Example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('Verification code');
}

describe('sign-in with an emailed code', () => {
  it('switches modes, sends the code, takes six digits only and signs in to the redirect', async () => {
    const calls = stubApi({
      '/api/auth/providers': { status: 200, body: { google: false, wechat: false } },
      '/api/auth/code/send': codeSent,
      '/api/auth/code/verify': { status: 200, body: session },
    });
    const router = renderAt('/signin?redirect=%2Fproject%2F7');
    expect(screen.getByLabelText('Password', { exact: true })).toBeTruthy();
    const input = (await sendCode()) as HTMLInputElement;
    expect(router.state.location.search).toContain('mode=code');
    expect(posted(calls, '/api/auth/code/send')).toEqual([{ email: 'ada@example.com' }]);

    // Letters are dropped and five digits do not submit.
    fireEvent.change(input, { target: { value: '12a34b5' } });
    expect(input.value).toBe('12345');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(posted(calls, '/api/auth/code/verify')).toEqual([]);

    // A pasted code with separators submits by itself.
    fireEvent.paste(input, { clipboardData: { getData: () => '123 456' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/7'));
    expect(posted(calls, '/api/auth/code/verify')).toEqual([
      { email: 'ada@example.com', code: '123456' },
    ]);
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('counts down before resending and shows the 429 text with its wait', async () => {
    const calls = stubApi({
      '/api/auth/code/send': [
        codeSent,
        { ...fail(429, 'TOO_MANY_REQUESTS'), headers: { 'retry-after': '1800' } },
      ],
      '/api/auth/code/verify': fail(400, 'INVALID_VERIFICATION_CODE'),
    });
    renderAt('/signin?mode=code');
    const input = await sendCode();
    expect(screen.getByRole('button', { name: /^Resend in 6[01]s$/ })).toHaveProperty(
      'disabled',
      true,
    );

    fireEvent.change(input, { target: { value: '000000' } });
    expect(await screen.findByText('Invalid verification code')).toBeTruthy();

    // After the minute the resend button works; the server refuses with 429.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many operations, please try again later')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Resend in 1[78]\d\ds$/ })).toBeTruthy();
    expect(posted(calls, '/api/auth/code/send')).toHaveLength(2);
  });
});

describe('the mailed sign-in link', () => {
  it('signs in once from /magic-code', async () => {
    const calls = stubApi({ '/api/auth/code/verify': { status: 200, body: session } });
    const router = renderAt('/magic-code?email=ada%40example.com&code=654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/models'));
    expect(posted(calls, '/api/auth/code/verify')).toEqual([
      { email: 'ada@example.com', code: '654321' },
    ]);
  });

  it('explains an expired code and offers a new one', async () => {
    stubApi({ '/api/auth/code/verify': fail(400, 'VERIFICATION_CODE_EXPIRED') });
    renderAt('/magic-code?email=ada%40example.com&code=654321');
    expect(await screen.findByText('The verification code expired, please resend it')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new code' }).getAttribute('href')).toBe(
      '/signin?mode=code&email=ada%40example.com',
    );
  });
});

describe('password reset', () => {
  it('requests a link from the sign-in page and says to check the mail', async () => {
    const calls = stubApi({
      '/api/auth/providers': { status: 200, body: { google: false, wechat: false } },
      '/api/auth/password/forgot': { status: 200, body: { ok: true, expiresIn: 1800 } },
    });
    const router = renderAt('/signin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(screen.getByText(/expires in 30 minutes/)).toBeTruthy();
    expect(posted(calls, '/api/auth/password/forgot')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('checks the new password, shows each server error, then signs in', async () => {
    const calls = stubApi({
      '/api/auth/password/reset': [
        fail(400, 'SAME_AS_OLD_PASSWORD'),
        fail(400, 'PASSWORD_TOO_WEAK'),
        fail(500, 'PASSWORD_UPDATE_FAILED'),
        fail(400, 'RESET_LINK_EXPIRED'),
        { status: 200, body: session },
      ],
    });
    const router = renderAt('/reset-password?token=abc');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const fill = (password: string, confirm = password) => {
      fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
      fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
    };

    fill('short');
    submit();
    expect(await screen.findByText(/at least 8 characters/i, { selector: 'p[id]' })).toBeTruthy();
    fill('long-enough-1', 'long-enough-2');
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(posted(calls, '/api/auth/password/reset')).toEqual([]);

    fill('long-enough-1');
    for (const text of [
      'Same as old password',
      'New password does not meet security requirements',
      'Password update failed',
      'Reset password link is invalid or has expired',
    ]) {
      submit();
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/models'));
    expect(posted(calls, '/api/auth/password/reset').at(-1)).toEqual({
      token: 'abc',
      password: 'long-enough-1',
    });
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('an empty token reads "Missing valid reset password token"', () => {
    stubApi({});
    renderAt('/reset-password?token=');
    expect(screen.getByText('Missing valid reset password token')).toBeTruthy();
  });
});

describe('Google / WeChat callback', () => {
  it('posts the query once and signs in to the redirect', async () => {
    const calls = stubApi({
      '/api/auth/oauth/callback': {
        status: 200,
        body: {
          mode: 'signin',
          provider: 'google',
          redirect: '/dev',
          created: false,
          auth: session,
        },
      },
    });
    const router = renderAt('/callback?code=c0de&state=st4te&iss=http%3A%2F%2Fidp.test&extra=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dev'));
    expect(posted(calls, '/api/auth/oauth/callback')).toEqual([
      { code: 'c0de', state: 'st4te', iss: 'http://idp.test' },
    ]);
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('shows the error and the way back', async () => {
    stubApi({ '/api/auth/oauth/callback': fail(400, 'OAUTH_CANCELLED') });
    renderAt('/callback?error=access_denied&state=s');
    expect(await screen.findByText('Sign-in was cancelled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/signin',
    );
  });

  it('shows the provider buttons the server has configured', async () => {
    stubApi({ '/api/auth/providers': { status: 200, body: { google: true, wechat: false } } });
    renderAt('/signin');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with WeChat' })).toBeNull();
  });
});

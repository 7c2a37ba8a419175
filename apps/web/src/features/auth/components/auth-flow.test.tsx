import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { safeRedirect } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import SignInPage from './SignInPage';
import VerifyEmailPage from './VerifyEmailPage';

const profile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  language: 'en',
};
const session = { token: 'tok', expiresIn: 900, refreshToken: 'ref', user: profile };

type Reply = { status: number; body: unknown };
function stubApi(replies: Record<string, Reply>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[url] ??
        // The sign-in page asks which provider buttons to show; none here.
        (url === '/api/auth/providers'
          ? { status: 200, body: { google: false, wechat: false } }
          : null) ?? {
          status: 404,
          body: { statusCode: 404, statusMessage: '', message: '', code: 'NOT_FOUND' },
        };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/signin', Component: SignInPage },
      { path: '/verify-email', Component: VerifyEmailPage },
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
  authStore.clear();
});

describe('sign-in', () => {
  function fillAndSubmit(password = 'correct-horse') {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
      target: { value: password },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('shows the server error by code', async () => {
    stubApi({
      '/api/auth/login': {
        status: 401,
        body: { statusCode: 401, statusMessage: 'x', message: 'x', code: 'INVALID_CREDENTIALS' },
      },
    });
    renderAt('/signin');
    fillAndSubmit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('stores the session and goes to the redirect', async () => {
    stubApi({ '/api/auth/login': { status: 200, body: session } });
    const router = renderAt('/signin?redirect=%2Fproject%2F1%3Ftab%3Dx');
    fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/1'));
    expect(router.state.location.search).toBe('?tab=x');
    expect(authStore.getState()).toMatchObject({
      token: 'tok',
      refreshToken: 'ref',
      isAuthenticated: true,
    });
  });

  it('ignores an unsafe redirect and goes to /models', async () => {
    stubApi({ '/api/auth/login': { status: 200, body: session } });
    const router = renderAt('/signin?redirect=https%3A%2F%2Fevil.example%2F');
    fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/models'));
  });

  it('sends an unverified user to the verify page with a fresh code', async () => {
    const calls = stubApi({
      '/api/auth/login': {
        status: 403,
        body: { statusCode: 403, statusMessage: 'x', message: 'x', code: 'EMAIL_NOT_VERIFIED' },
      },
      '/api/auth/verify-email/resend': {
        status: 200,
        body: { email: 'ada@example.com', codeExpiresIn: 600 },
      },
    });
    const router = renderAt('/signin?redirect=%2Fdev');
    fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(calls.map((c) => c.url).filter((u) => u !== '/api/auth/providers')).toEqual([
      '/api/auth/login',
      '/api/auth/verify-email/resend',
    ]);
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('email')).toBe('ada@example.com');
    expect(params.get('redirect')).toBe('/dev');
  });
});

describe('verify email', () => {
  it('accepts a pasted code with separators, verifies it and signs in', async () => {
    const calls = stubApi({ '/api/auth/verify-email': { status: 200, body: session } });
    const router = renderAt('/verify-email?email=ada%40example.com&redirect=%2Fproject');
    const input = screen.getByLabelText('Verification code');
    fireEvent.paste(input, { clipboardData: { getData: () => '123 456' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/project'));
    expect(calls[0]).toEqual({
      url: '/api/auth/verify-email',
      body: { email: 'ada@example.com', code: '123456' },
    });
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('keeps digits only and reports a wrong code', async () => {
    stubApi({
      '/api/auth/verify-email': {
        status: 400,
        body: {
          statusCode: 400,
          statusMessage: 'x',
          message: 'x',
          code: 'INVALID_VERIFICATION_CODE',
        },
      },
    });
    renderAt('/verify-email?email=ada%40example.com');
    const input = screen.getByLabelText<HTMLInputElement>('Verification code');
    fireEvent.change(input, { target: { value: '12ab3' } });
    expect(input.value).toBe('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    fireEvent.change(input, { target: { value: '654321' } });
    expect(await screen.findByText('Invalid verification code')).toBeTruthy();
  });

  it('counts down before a code can be resent', () => {
    stubApi({});
    renderAt('/verify-email?email=ada%40example.com&sent=1');
    const resend = screen.getByRole('button', { name: /Resend in \d+s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
  });
});

describe('safeRedirect', () => {
  it('accepts same-origin paths only', () => {
    expect(safeRedirect('/models?x=1#y')).toBe('/models?x=1#y');
    expect(safeRedirect('//evil.example/x')).toBe('/models');
    expect(safeRedirect('/\\evil.example')).toBe('/models');
    expect(safeRedirect('javascript:alert(1)')).toBe('/models');
    expect(safeRedirect('https://evil.example')).toBe('/models');
    expect(safeRedirect('/signin?redirect=/x')).toBe('/models');
    expect(safeRedirect(null)).toBe('/models');
  });
});

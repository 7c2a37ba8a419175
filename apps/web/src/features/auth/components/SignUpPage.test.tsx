import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../../../testing/render';
import SignUpPage from './SignUpPage';

function renderSignUp() {
  return renderRoutes(
    [
      { path: '/signup', Component: SignUpPage },
      { path: '/verify-email', Component: () => <p>verify page</p> },
    ],
    '/signup?redirect=%2Fproject',
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up form', () => {
  it('shows the spec validation texts', async () => {
    renderSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms to continue')).toBeTruthy();

    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(field('Password'), { target: { value: 'short' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'different' } });
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs up and continues to the verify page', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ email: 'ada@example.com', codeExpiresIn: 600 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = renderSignUp();
    fireEvent.change(field('Email'), { target: { value: ' Ada@Example.com ' } });
    fireEvent.change(field('Password'), { target: { value: 'correct-horse' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.submit(screen.getByRole('button', { name: 'Create account' }).closest('form')!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/signup');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct-horse',
      agreeTerms: true,
      language: 'en',
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('email')).toBe('ada@example.com');
    expect(params.get('redirect')).toBe('/project');
  });

  it('shows a server error by its code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              statusCode: 409,
              statusMessage: 'Conflict',
              message: 'x',
              code: 'EMAIL_ALREADY_REGISTERED',
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    renderSignUp();
    fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'correct-horse' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email has been registered')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toBeTruthy();
  });
});

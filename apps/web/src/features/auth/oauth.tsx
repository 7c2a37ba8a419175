import { queryOptions } from '@tanstack/react-query';
import type { AuthProviders, OAuthProvider, OAuthStartBody } from '@truss/contracts';
import { http } from '../../lib/api';

export const providersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: () => http.get<AuthProviders>('/api/auth/providers', { auth: false }),
    staleTime: 10 * 60_000,
  });

/**
 * Start Google / WeChat sign-in (or linking): the server sets an HttpOnly cookie binding state,
 * nonce and PKCE verifier to this browser, then the whole page goes to the provider.
 */
export async function startOAuth(provider: OAuthProvider, body: OAuthStartBody): Promise<void> {
  const { authorizationUrl } = await http.post<{ authorizationUrl: string }>(
    `/api/auth/oauth/${provider}/start`,
    body,
    { auth: body.mode === 'link' },
  );
  window.location.assign(authorizationUrl);
}

/** The providers' own marks (drawn here: no icon service). */
export function ProviderIcon({
  provider,
  className,
}: {
  provider: OAuthProvider;
  className?: string;
}) {
  if (provider === 'google') {
    return (
      <svg viewBox="0 0 48 48" className={className} aria-hidden>
        <path
          fill="#FFC107"
          d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
        />
        <path
          fill="#FF3D00"
          d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden>
      <rect width="48" height="48" rx="10" fill="#07C160" />
      <path
        fill="#fff"
        d="M20 11c-7.2 0-13 4.8-13 10.8 0 3.4 1.9 6.5 4.9 8.5l-1.2 3.8 4.4-2.3c1.5.4 3.1.7 4.9.7h.9a9 9 0 0 1-.4-2.6c0-5.9 5.6-10.6 12.5-10.6h.8C32.6 14.9 26.9 11 20 11zm-4.4 5.5a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4zm8.9 0a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4z"
      />
      <path
        fill="#fff"
        d="M41 29.8c0-5-4.9-9-11-9s-11 4-11 9 4.9 9 11 9c1.3 0 2.6-.2 3.8-.5l3.6 1.9-1-3.2c2.8-1.7 4.6-4.2 4.6-7.2zm-14.6-1.4a1.4 1.4 0 1 1 0-2.8 1.4 1.4 0 0 1 0 2.8zm7.3 0a1.4 1.4 0 1 1 0-2.8 1.4 1.4 0 0 1 0 2.8z"
      />
    </svg>
  );
}

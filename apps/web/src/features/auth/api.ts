import { queryOptions } from '@tanstack/react-query';
import type {
  AuthResponse,
  CodeSendResponse,
  CodeVerifyBody,
  Locale,
  OAuthCallbackBody,
  OAuthCallbackResponse,
  Profile,
  ResetPasswordBody,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { setFormatPreferences } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { withFirstAnswer } from '../../lib/first-answer';

const PROFILE_FAILED_MESSAGE = 'failed to get user info';

export const profileKey = ['user', 'profile'] as const;

/**
 * GET /api/user/profile; mirrored into the auth store's `profile` (spec §3). `first`: the answer
 * the boot asked for (the route loader's), taken by the first fetch.
 */
export const profileQuery = (first?: Promise<unknown>) => {
  const get = withFirstAnswer(() => http.get<Profile>('/api/user/profile'), first);
  return queryOptions({
    queryKey: profileKey,
    queryFn: async () => {
      try {
        const profile = await get();
        authStore.setState({ profile });
        void applyProfileLanguageOnce(profile);
        return profile;
      } catch (error) {
        const message =
          error instanceof ApiError && error.statusMessage
            ? error.statusMessage
            : PROFILE_FAILED_MESSAGE;
        authStore.setState({ error: message });
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
};

let languageApplied = false;

/**
 * Spec §6: when signed in and the profile has a language, the locale is set from it at start.
 * Resolves once the page is in that language.
 */
export async function applyProfileLanguageOnce(profile: Pick<Profile, 'language'>): Promise<void> {
  if (languageApplied) return;
  languageApplied = true;
  if (profile.language) await setLanguage(profile.language);
}

/**
 * Store the session a sign-in or a verified email returned. Resolves once the account's language
 * is in place: callers navigate and toast after it, so the next page and its toast are in one
 * language (the account's), not a toast of the sign-in page's language left on the new one.
 */
export async function completeSignIn(response: AuthResponse): Promise<void> {
  authStore.setTokens(response);
  authStore.setState({ user: response.user, profile: response.user, isLoading: false });
  queryClient.setQueryData(profileKey, response.user);
  await applyProfileLanguageOnce(response.user);
}

interface CodeSent {
  email: string;
  codeExpiresIn: number;
}

export const authApi = {
  checkEmail: (email: string) =>
    http.post<{ registered: boolean }>('/api/auth/check-email', { email }, { auth: false }),
  signup: (body: { email: string; password: string; agreeTerms: true; language: Locale }) =>
    http.post<CodeSent>('/api/auth/signup', body, { auth: false }),
  verifyEmail: (body: { email: string; code: string }) =>
    http.post<AuthResponse>('/api/auth/verify-email', body, { auth: false }),
  resendCode: (email: string) =>
    http.post<CodeSent>('/api/auth/verify-email/resend', { email }, { auth: false }),
  login: (body: { email: string; password: string }) =>
    http.post<AuthResponse>('/api/auth/login', body, { auth: false }),
  sendCode: (email: string) =>
    http.post<CodeSendResponse>('/api/auth/code/send', { email }, { auth: false }),
  verifyCode: (body: CodeVerifyBody) =>
    http.post<AuthResponse>('/api/auth/code/verify', body, { auth: false }),
  forgotPassword: (email: string) =>
    http.post<{ ok: true; expiresIn: number }>(
      '/api/auth/password/forgot',
      { email },
      { auth: false },
    ),
  resetPassword: (body: ResetPasswordBody) =>
    http.post<AuthResponse>('/api/auth/password/reset', body, { auth: false }),
  /** Linking (mode link) needs the bearer token; signing in must not send a stale one. */
  oauthCallback: (body: OAuthCallbackBody, signedIn: boolean) =>
    http.post<OAuthCallbackResponse>('/api/auth/oauth/callback', body, { auth: signedIn }),
};

/** Logout calls the server if a token exists and always clears the local session and cache. */
export async function signOut(): Promise<void> {
  const { token, refreshToken } = authStore.getState();
  authStore.setState({ isLoading: true });
  if (token) {
    try {
      await http.post('/api/auth/logout', refreshToken ? { refreshToken } : {}, { auth: false });
    } catch (error) {
      console.warn('[auth] server logout failed; the local session is cleared anyway', error);
    }
  }
  endLocalSession();
}

/** Forget the session here: tokens, cached data, the profile's language and date formats. */
export function endLocalSession(): void {
  http.endSession();
  languageApplied = false;
  setFormatPreferences({});
}

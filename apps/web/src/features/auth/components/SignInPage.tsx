import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInIcons } from '../../../components/sign-in-icons';
import clsx from 'clsx';
import type { AuthResponse } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { EmailField } from '../../../components/ui/CredentialFields';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { useAuth } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/errors';
import { useFormValidation } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { safeRedirect } from '../../../lib/navigation';
import { authApi, completeSignIn } from '../api';
import { InvitationBanner, useRedirectInvitation } from '../../invite';
import { AuthHeading } from './AuthHeading';
import { ProviderButtons } from './ProviderButtons';
import { checkSignIn } from '../validation';

const { KeyRound, Mail } = signInIcons;

/** The emailed-code form (and its code input) loads when that mode is chosen. */
const CodeSignInForm = lazy(async () => ({
  default: (await import('./CodeSignInForm')).CodeSignInForm,
}));

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const redirectParam = params.get('redirect');
  const target = safeRedirect(redirectParam);
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  // Password or emailed-code mode (spec §4), kept in the URL so a reload stays in it.
  const mode: 'password' | 'code' = params.get('mode') === 'code' ? 'code' : 'password';
  const setMode = (next: 'password' | 'code') =>
    setParams(
      (prev) => {
        const query = new URLSearchParams(prev);
        if (next === 'code') query.set('mode', 'code');
        else query.delete('mode');
        return query;
      },
      { replace: true },
    );
  const invitation = useRedirectInvitation(redirectParam);
  const { errors, submit, revalidate } = useFormValidation(checkSignIn, t);

  const onSignedIn = async (response: AuthResponse) => {
    await completeSignIn(response);
    navigate(target, { replace: true });
  };
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: onSignedIn,
    onError: async (error, variables) => {
      if (error instanceof ApiError && error.errorCode === 'EMAIL_NOT_VERIFIED') {
        // Send a fresh code and continue on the verify page.
        const query = new URLSearchParams({ email: variables.email });
        if (redirectParam) query.set('redirect', redirectParam);
        try {
          await authApi.resendCode(variables.email);
          query.set('sent', '1');
        } catch (resendError) {
          // A code was sent moments ago (429): wait as long as the server asks.
          if (resendError instanceof ApiError && resendError.retryAfter) {
            query.set('wait', String(resendError.retryAfter));
          }
        }
        navigate(`/verify-email?${query}`, { state: { notVerified: true } });
      }
    },
  });

  if (isAuthenticated && !login.isPending) return <Navigate to={target} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = submit({ email, password });
    if (values) login.mutate(values);
  };

  const withRedirect = (path: string) => {
    const query = new URLSearchParams();
    if (redirectParam) query.set('redirect', redirectParam);
    if (invitation && email.trim()) query.set('email', email.trim());
    const search = query.toString();
    return search ? `${path}?${search}` : path;
  };
  const serverError =
    login.error &&
    !(login.error instanceof ApiError && login.error.errorCode === 'EMAIL_NOT_VERIFIED');

  return (
    <>
      <AuthHeading title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')} />
      <InvitationBanner invitation={invitation} email={email} onEmail={setEmail} />

      <div
        role="radiogroup"
        aria-label={t('auth.signInMethod')}
        className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1 text-sm"
      >
        {(
          [
            ['password', KeyRound, t('auth.methodPassword')],
            ['code', Mail, t('auth.useEmailCode')],
          ] as const
        ).map(([value, Icon, label]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={mode === value}
            onClick={() => setMode(value)}
            className={clsx(
              'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 font-medium transition-colors',
              mode === value
                ? 'bg-white text-gray-900 shadow-xs'
                : 'text-gray-600 hover:text-gray-900',
            )}
          >
            <Icon className="hidden size-4 sm:block" aria-hidden />
            {label}
          </button>
        ))}
      </div>

      {mode === 'code' ? (
        <Suspense fallback={<Spinner className="mx-auto my-8 size-6 text-gray-400" />}>
          <CodeSignInForm email={email} onEmail={setEmail} onSignedIn={onSignedIn} />
        </Suspense>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="space-y-4"
          aria-describedby={serverError ? 'signin-error' : undefined}
        >
          {serverError && (
            <div id="signin-error">
              <FormAlert>{errorMessage(login.error, t)}</FormAlert>
            </div>
          )}
          <EmailField
            name="email"
            autoFocus={!email}
            value={email}
            error={errors.email}
            disabled={login.isPending}
            onChange={(e) => {
              setEmail(e.target.value);
              revalidate({ email: e.target.value, password });
            }}
          />
          <TextField
            label={t('form.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus={!!email}
            value={password}
            error={errors.password}
            disabled={login.isPending}
            labelAside={
              <Link
                to={
                  email.trim()
                    ? `/reset-password?email=${encodeURIComponent(email.trim())}`
                    : '/reset-password'
                }
                className="text-sm font-medium text-brand-700 hover:text-brand-800"
              >
                {t('auth.forgotPassword')}
              </Link>
            }
            onChange={(e) => {
              setPassword(e.target.value);
              revalidate({ email, password: e.target.value });
            }}
          />
          <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
            {t('auth.signIn')}
          </Button>
        </form>
      )}

      <ProviderButtons redirect={redirectParam} />

      <p className="mt-6 text-center text-sm text-gray-600">
        {t('auth.noAccount')}{' '}
        <Link
          to={withRedirect('/signup')}
          className="font-medium text-brand-700 hover:text-brand-800"
        >
          {t('auth.createAccount')}
        </Link>
      </p>
    </>
  );
}

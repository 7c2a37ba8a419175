import { useId, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { EmailField, NewPasswordFields } from '../../../components/ui/CredentialFields';
import { FormAlert } from '../../../components/ui/Field';
import { useAuth } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/errors';
import { useFormValidation, useFormValues } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { currentLocale } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/navigation';
import { authApi } from '../api';
import { InvitationBanner, useRedirectInvitation } from '../../invite';
import { AuthHeading } from './AuthHeading';
import { checkSignUp, type SignUpValues } from '../validation';

export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  const termsId = useId();
  const invitation = useRedirectInvitation(redirectParam);
  const { errors, submit, revalidate, applyServerErrors } = useFormValidation(checkSignUp, t);
  const { values, setValues, set } = useFormValues<SignUpValues>(
    { email: params.get('email') ?? '', password: '', confirmPassword: '', agreeTerms: false },
    revalidate,
  );

  const signup = useMutation({
    mutationFn: authApi.signup,
    onSuccess: (result) => {
      const query = new URLSearchParams({ email: result.email, sent: '1' });
      if (redirectParam) query.set('redirect', redirectParam);
      navigate(`/verify-email?${query}`, { state: { codeExpiresIn: result.codeExpiresIn } });
    },
    onError: (error) => applyServerErrors(error),
  });

  if (isAuthenticated) return <Navigate to={safeRedirect(redirectParam)} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submit(values);
    if (parsed) {
      signup.mutate({
        email: parsed.email,
        password: parsed.password,
        agreeTerms: true,
        language: currentLocale(),
      });
    }
  };

  const alreadyRegistered =
    signup.error instanceof ApiError && signup.error.errorCode === 'EMAIL_ALREADY_REGISTERED';
  const signInLink = `/signin?${new URLSearchParams({ email: values.email.trim(), ...(redirectParam ? { redirect: redirectParam } : {}) })}`;

  return (
    <>
      <AuthHeading title={t('auth.signUpTitle')} subtitle={t('auth.signUpSubtitle')} />
      <InvitationBanner
        invitation={invitation}
        email={values.email}
        onEmail={(email) => setValues((v) => ({ ...v, email }))}
      />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {signup.error && (
          <FormAlert>
            {errorMessage(signup.error, t)}
            {alreadyRegistered && (
              <>
                {' '}
                <Link to={signInLink} className="font-semibold underline underline-offset-2">
                  {t('auth.signInInstead')}
                </Link>
              </>
            )}
          </FormAlert>
        )}
        <EmailField
          name="email"
          autoFocus
          value={values.email}
          error={errors.email}
          disabled={signup.isPending}
          onChange={(e) => set('email', e.target.value)}
        />
        <NewPasswordFields
          label={t('form.password')}
          hint={t('form.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          names={{ password: 'new-password', confirm: 'confirm-password' }}
          password={values.password}
          confirm={values.confirmPassword}
          passwordError={errors.password}
          confirmError={errors.confirmPassword}
          disabled={signup.isPending}
          onPasswordChange={(value) => set('password', value)}
          onConfirmChange={(value) => set('confirmPassword', value)}
        />
        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              checked={values.agreeTerms}
              disabled={signup.isPending}
              aria-invalid={errors.agreeTerms ? true : undefined}
              aria-describedby={errors.agreeTerms ? `${termsId}-error` : undefined}
              onChange={(e) => set('agreeTerms', e.target.checked)}
              className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
            />
            <label htmlFor={termsId} className="text-sm leading-5 text-gray-700">
              <Trans
                i18nKey="auth.agreeTerms"
                components={{
                  terms: (
                    <Link
                      to="/terms"
                      target="_blank"
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    />
                  ),
                  privacy: (
                    <Link
                      to="/privacy"
                      target="_blank"
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    />
                  ),
                }}
              />
            </label>
          </div>
          {errors.agreeTerms && (
            <p id={`${termsId}-error`} className="pl-7 text-xs font-medium text-red-600">
              {errors.agreeTerms}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" className="w-full" loading={signup.isPending}>
          {t('auth.createAccount')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        {t('auth.haveAccount')}{' '}
        <Link
          to={redirectParam ? `/signin?redirect=${encodeURIComponent(redirectParam)}` : '/signin'}
          className="font-medium text-brand-700 hover:text-brand-800"
        >
          {t('auth.signIn')}
        </Link>
      </p>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInIcons } from '../../../components/sign-in-icons';
import { z } from 'zod';
import { forgotPasswordBodySchema, passwordSchema } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { EmailField, NewPasswordFields } from '../../../components/ui/CredentialFields';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { useFormValues, useSchemaValidation } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { DEFAULT_AFTER_SIGN_IN } from '../../../lib/navigation';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { authApi, completeSignIn } from '../api';
import { AuthHeading, AuthIcon } from './AuthHeading';

const { KeyRound, MailCheck } = signInIcons;

const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    error: 'validation.passwordsMismatch',
  });

/** Step 1: ask for the email; the server mails a link (and answers alike for unknown addresses). */
function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<{ email: string; minutes: number } | null>(null);
  const { errors, submit, revalidate } = useSchemaValidation<
    typeof forgotPasswordBodySchema,
    'email'
  >(forgotPasswordBodySchema, t);
  const forgot = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: (result, address) =>
      setSent({ email: address, minutes: Math.max(1, Math.round(result.expiresIn / 60)) }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submit({ email });
    if (parsed) forgot.mutate(parsed.email);
  };

  if (sent) {
    return (
      <div className="text-center">
        <AuthIcon icon={MailCheck} />
        <AuthHeading
          title={t('auth.checkMailTitle')}
          subtitle={
            <>
              {t('auth.resetLinkSent')}{' '}
              <span className="font-medium wrap-anywhere text-gray-900">{sent.email}</span>
            </>
          }
        />
        <p className="text-sm text-gray-600">
          {t('auth.resetLinkExpires', { count: sent.minutes })}
        </p>
        <div className="mt-6 flex flex-col items-center gap-3 text-sm">
          <button
            type="button"
            onClick={() => setSent(null)}
            className="font-medium text-brand-700 hover:text-brand-800"
          >
            {t('auth.resetTryAgain')}
          </button>
          <Link to="/signin" className="text-gray-500 hover:text-gray-800">
            {t('auth.backToSignIn')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <AuthIcon icon={KeyRound} />
      <AuthHeading title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {forgot.error && <FormAlert>{errorMessage(forgot.error, t)}</FormAlert>}
        <EmailField
          autoFocus
          value={email}
          error={errors.email}
          onChange={(e) => {
            setEmail(e.target.value);
            revalidate({ email: e.target.value });
          }}
        />
        <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
          {t('auth.sendResetLink')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-medium text-brand-700 hover:text-brand-800">
          {t('auth.backToSignIn')}
        </Link>
      </p>
    </>
  );
}

/** A dead link can't be fixed by typing: the form offers a new one. */
const isLinkDead = (error: unknown) =>
  error instanceof ApiError &&
  ['RESET_LINK_INVALID', 'RESET_LINK_EXPIRED', 'RESET_TOKEN_MISSING'].includes(error.code);

/** Step 2 (from the mail): a new password; success signs in with a fresh session. */
function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errors, submit, revalidate } = useSchemaValidation<
    typeof newPasswordSchema,
    'password' | 'confirm'
  >(newPasswordSchema, t);
  // Editing clears a server error about the typed password; a dead link stays said.
  const { values, set } = useFormValues({ password: '', confirm: '' }, revalidate, () => {
    if (!isLinkDead(reset.error)) reset.reset();
  });
  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: async (response) => {
      await completeSignIn(response);
      // The account's language is in place now: not the `t` of this render's language.
      toast.success(i18n.t('auth.passwordResetDone'));
      navigate(DEFAULT_AFTER_SIGN_IN, { replace: true });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submit(values);
    if (parsed) reset.mutate({ token, password: parsed.password });
  };
  const linkDead = isLinkDead(reset.error);

  return (
    <>
      <AuthIcon icon={KeyRound} />
      <AuthHeading title={t('auth.newPasswordTitle')} subtitle={t('auth.newPasswordSubtitle')} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {reset.error && (
          <FormAlert>
            {errorMessage(reset.error, t)}
            {linkDead && (
              <>
                {' '}
                <Link to="/reset-password" className="font-medium underline">
                  {t('auth.requestNewLink')}
                </Link>
              </>
            )}
          </FormAlert>
        )}
        <NewPasswordFields
          label={t('settings.account.newPassword')}
          hint={t('auth.passwordRule')}
          autoFocus
          password={values.password}
          confirm={values.confirm}
          passwordError={errors.password}
          confirmError={errors.confirm}
          onPasswordChange={(value) => set('password', value)}
          onConfirmChange={(value) => set('confirm', value)}
        />
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          {t('auth.setNewPassword')}
        </Button>
      </form>
    </>
  );
}

/** /reset-password: request a link, or (with ?token=) set the new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token === null) return <ForgotPasswordForm initialEmail={params.get('email') ?? ''} />;
  if (!token.trim()) {
    return (
      <div className="text-center">
        <AuthHeading title={t('auth.resetTitle')} subtitle={t('errors.RESET_TOKEN_MISSING')} />
        <Link to="/reset-password" className="font-medium text-brand-700 hover:text-brand-800">
          {t('auth.requestNewLink')}
        </Link>
      </div>
    );
  }
  return <NewPasswordForm token={token} />;
}

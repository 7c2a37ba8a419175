import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInIcons } from '../../../components/sign-in-icons';
import {
  EMAIL_CODE_TTL_SECONDS,
  VERIFICATION_CODE_LENGTH,
  verifyEmailBodySchema,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { CodeInput } from '../../../shared/ui/CodeInput';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { useSchemaValidation } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { safeRedirect } from '../../../lib/navigation';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { authApi, completeSignIn } from '../api';
import { AuthHeading, AuthIcon } from './AuthHeading';
import { CodeSentTo, ResendCodeButton } from './VerificationCode';

const { MailCheck } = signInIcons;

/** Seconds before another code may be requested. */
export const RESEND_COOLDOWN_SECONDS = 60;

type Field = 'email' | 'code';

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const state = (location.state ?? {}) as { codeExpiresIn?: number; notVerified?: boolean };
  const [code, setCode] = useState('');
  const [expiresIn, setExpiresIn] = useState(state.codeExpiresIn ?? EMAIL_CODE_TTL_SECONDS);
  const [resendUntil, setResendUntil] = useState<number | null>(() => {
    const wait = Number(params.get('wait'));
    if (wait > 0) return Date.now() + Math.min(wait, 3600) * 1000;
    return params.get('sent') === '1' ? Date.now() + RESEND_COOLDOWN_SECONDS * 1000 : null;
  });
  const secondsLeft = useCountdown(resendUntil);
  const inputRef = useRef<HTMLInputElement>(null);
  const { errors, submit, revalidate } = useSchemaValidation<typeof verifyEmailBodySchema, Field>(
    verifyEmailBodySchema,
    t,
  );

  const verify = useMutation({
    mutationFn: authApi.verifyEmail,
    onSuccess: async (response) => {
      await completeSignIn(response);
      // The account's language is in place now: not the `t` of this render's language.
      toast.success(i18n.t('auth.verified'));
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    onError: () => {
      // Start over with an empty code; the message says why.
      setCode('');
      inputRef.current?.focus();
    },
  });

  const resend = useMutation({
    mutationFn: () => authApi.resendCode(email),
    onSuccess: (result) => {
      setExpiresIn(result.codeExpiresIn);
      setResendUntil(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
      setCode('');
      verify.reset();
      toast.success(t('auth.codeResent'), t('auth.codeSentTo', { email: result.email }));
      inputRef.current?.focus();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.retryAfter)
        setResendUntil(Date.now() + error.retryAfter * 1000);
    },
  });

  if (!email) {
    return (
      <div className="text-center">
        <AuthHeading title={t('auth.verifyTitle')} subtitle={t('auth.verifyMissingEmail')} />
        <Link to="/signup" className="font-medium text-brand-700 hover:text-brand-800">
          {t('auth.createAccount')}
        </Link>
      </div>
    );
  }

  const doVerify = (value: string) => {
    const parsed = submit({ email, code: value });
    // One message at a time: the field's own complaint replaces the server's earlier answer.
    if (!parsed) verify.reset();
    else if (!verify.isPending) verify.mutate(parsed);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    doVerify(code);
  };

  const minutes = Math.max(1, Math.round(expiresIn / 60));

  return (
    <>
      <AuthIcon icon={MailCheck} />
      <AuthHeading title={t('auth.verifyTitle')} subtitle={<CodeSentTo email={email} />} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {state.notVerified && !verify.error && (
          <FormAlert tone="info">{t('errors.EMAIL_NOT_VERIFIED')}</FormAlert>
        )}
        {verify.error && !errors.code && <FormAlert>{errorMessage(verify.error, t)}</FormAlert>}
        {resend.error && <FormAlert>{errorMessage(resend.error, t)}</FormAlert>}
        <CodeInput
          ref={inputRef}
          label={t('auth.codeLabel')}
          value={code}
          length={VERIFICATION_CODE_LENGTH}
          autoFocus
          disabled={verify.isPending}
          error={errors.code}
          onChange={(value) => {
            setCode(value);
            revalidate({ email, code: value });
            if (verify.error) verify.reset();
          }}
          onComplete={doVerify}
        />
        <p className="text-xs text-gray-500">{t('auth.codeExpires', { count: minutes })}</p>
        <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
          {t('auth.verify')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-gray-600">
        <p>
          {t('auth.noCode')}{' '}
          <ResendCodeButton
            secondsLeft={secondsLeft}
            pending={resend.isPending}
            onClick={() => resend.mutate()}
          />
        </p>
        <Link
          to={
            params.get('redirect')
              ? `/signup?redirect=${encodeURIComponent(params.get('redirect') ?? '')}`
              : '/signup'
          }
          className="text-gray-500 hover:text-gray-800"
        >
          {t('auth.useDifferentEmail')}
        </Link>
      </div>
    </>
  );
}

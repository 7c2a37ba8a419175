import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_LENGTH,
  type AuthResponse,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { CodeInput } from '../../../shared/ui/CodeInput';
import { EmailField } from '../../../components/ui/CredentialFields';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { useFormValidation } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { authApi } from '../api';
import { CodeSentTo, ResendCodeButton } from './VerificationCode';
import { checkCodeSend, checkCodeVerify } from '../validation';

/** Resend waits: the server's `resendIn`, or its Retry-After on a 429 (capped at an hour). */
function resendDeadline(seconds: number): number {
  return Date.now() + Math.min(Math.max(seconds, 1), 3600) * 1000;
}

/**
 * Sign in with an emailed code: email -> "Send code" -> the 6-digit code (typed or pasted;
 * six digits submit by themselves) -> signed in. The code can be resent after a countdown.
 */
export function CodeSignInForm({
  email,
  onEmail,
  onSignedIn,
}: {
  email: string;
  onEmail: (email: string) => void;
  onSignedIn: (response: AuthResponse) => void;
}) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [resendUntil, setResendUntil] = useState<number | null>(null);
  const [minutes, setMinutes] = useState(10);
  const secondsLeft = useCountdown(resendUntil);
  const codeRef = useRef<HTMLInputElement>(null);
  const emailForm = useFormValidation(checkCodeSend, t);
  const codeForm = useFormValidation(checkCodeVerify, t);

  const send = useMutation({
    mutationFn: authApi.sendCode,
    onSuccess: (result, address) => {
      const resent = sentTo === result.email;
      setSentTo(result.email);
      setCode('');
      setMinutes(Math.max(1, Math.round(result.codeExpiresIn / 60)));
      setResendUntil(resendDeadline(result.resendIn || EMAIL_CODE_RESEND_SECONDS));
      verify.reset();
      if (resent) toast.success(t('auth.codeResent'), t('auth.codeSentTo', { email: address }));
      requestAnimationFrame(() => codeRef.current?.focus());
    },
    onError: (error) => {
      if (error instanceof ApiError && error.retryAfter)
        setResendUntil(resendDeadline(error.retryAfter));
    },
  });

  const verify = useMutation({
    mutationFn: authApi.verifyCode,
    onSuccess: onSignedIn,
    onError: () => {
      setCode('');
      codeRef.current?.focus();
    },
  });

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailForm.submit({ email });
    if (parsed) send.mutate(parsed.email);
  };

  const doVerify = (value: string) => {
    if (!sentTo) return;
    const parsed = codeForm.submit({ email: sentTo, code: value });
    if (parsed && !verify.isPending) verify.mutate(parsed);
  };

  if (!sentTo) {
    return (
      <form noValidate onSubmit={onSend} className="space-y-4">
        {send.error && <FormAlert>{errorMessage(send.error, t)}</FormAlert>}
        <EmailField
          name="email"
          autoFocus
          value={email}
          error={emailForm.errors.email}
          disabled={send.isPending}
          hint={t('auth.codeModeHint')}
          onChange={(e) => {
            onEmail(e.target.value);
            emailForm.revalidate({ email: e.target.value });
          }}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={send.isPending}
          disabled={secondsLeft > 0}
        >
          {secondsLeft > 0 ? t('auth.resendIn', { count: secondsLeft }) : t('auth.sendCode')}
        </Button>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        doVerify(code);
      }}
      className="space-y-5"
    >
      <p className="text-sm text-gray-600">
        <CodeSentTo email={sentTo} />
      </p>
      {verify.error && <FormAlert>{errorMessage(verify.error, t)}</FormAlert>}
      {send.error && <FormAlert>{errorMessage(send.error, t)}</FormAlert>}
      <CodeInput
        ref={codeRef}
        label={t('auth.codeLabel')}
        value={code}
        length={VERIFICATION_CODE_LENGTH}
        autoFocus
        disabled={verify.isPending}
        error={codeForm.errors.code}
        onChange={(value) => {
          setCode(value);
          codeForm.revalidate({ email: sentTo, code: value });
        }}
        onComplete={doVerify}
      />
      <p className="text-xs text-gray-500">
        {t('auth.codeExpires', { count: minutes })} {t('auth.magicLinkToo')}
      </p>
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
        {t('auth.signIn')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <ResendCodeButton
          secondsLeft={secondsLeft}
          pending={send.isPending}
          onClick={() => send.mutate(sentTo)}
        />
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            send.reset();
            verify.reset();
          }}
          className="text-gray-500 hover:text-gray-800"
        >
          {t('auth.useDifferentEmail')}
        </button>
      </div>
    </form>
  );
}

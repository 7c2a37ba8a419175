import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { KeyRound } from 'lucide-react';
import { SHARE_ACCESS_CODE_LENGTH } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { CodeInput } from '../../../shared/ui/CodeInput';
import { FormAlert } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/http';
import { useVerifyShare } from '../api';

/** The visitor-facing text for a failed verify (spec: Incorrect Password, Verification Failed). */
export function verifyErrorKey(
  error: unknown,
):
  | 'errors.SHARE_INCORRECT_CODE'
  | 'errors.TOO_MANY_REQUESTS'
  | 'errors.SHARE_CODE_DELAYED'
  | 'errors.SHARE_CODE_LOCKED'
  | 'errors.SHARE_NOT_FOUND'
  | 'errors.SHARE_VERIFY_FAILED' {
  const code = error instanceof ApiError ? error.code : null;
  switch (code) {
    case 'SHARE_INCORRECT_CODE':
      return 'errors.SHARE_INCORRECT_CODE';
    case 'TOO_MANY_REQUESTS':
      return 'errors.TOO_MANY_REQUESTS';
    case 'SHARE_CODE_DELAYED':
      return 'errors.SHARE_CODE_DELAYED';
    case 'SHARE_CODE_LOCKED':
      return 'errors.SHARE_CODE_LOCKED';
    case 'SHARE_NOT_FOUND':
      return 'errors.SHARE_NOT_FOUND';
    default:
      return 'errors.SHARE_VERIFY_FAILED';
  }
}

/**
 * The spec's catalogue text ("Incorrect Password") is a requirement, but what the visitor typed
 * is an access code: the wrong-code message says so after it.
 */
export function verifyErrorText(key: ReturnType<typeof verifyErrorKey>, t: TFunction): string {
  return key === 'errors.SHARE_INCORRECT_CODE'
    ? t('share.page.wrongCode', { error: t(key) })
    : t(key);
}

/**
 * A code-protected share: four digits, checked by the server (which sets the HttpOnly unlock
 * cookie on a right code). A locked code takes no input: only the owner can set a new one.
 */
export function ShareCodePrompt({
  token,
  locked,
  onGone,
}: {
  token: string;
  locked: boolean;
  /** The share stopped existing (or got locked) meanwhile: reload its state. */
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyShare(token);
  const errorKey = verify.error ? verifyErrorKey(verify.error) : null;
  const isLocked = locked || errorKey === 'errors.SHARE_CODE_LOCKED';

  const check = (value: string) => {
    if (value.length !== SHARE_ACCESS_CODE_LENGTH || verify.isPending) return;
    verify.mutate(value, {
      onError: (error) => {
        setCode('');
        inputRef.current?.focus();
        const key = verifyErrorKey(error);
        if (key === 'errors.SHARE_NOT_FOUND' || key === 'errors.SHARE_CODE_LOCKED') onGone();
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    check(code);
  };

  return (
    <div className="w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="mb-5 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <KeyRound className="size-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-gray-900">
        {t('share.page.codeTitle')}
      </h1>
      <p className="mt-1.5 text-sm leading-6 text-gray-600">
        {isLocked ? t('errors.SHARE_CODE_LOCKED') : t('share.page.codeDescription')}
      </p>
      {!isLocked && (
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
          <CodeInput
            ref={inputRef}
            label={t('share.page.codeLabel')}
            length={SHARE_ACCESS_CODE_LENGTH}
            value={code}
            autoFocus
            disabled={verify.isPending}
            onChange={(value) => {
              if (verify.error) verify.reset();
              setCode(value);
            }}
            onComplete={check}
            error={errorKey ? verifyErrorText(errorKey, t) : undefined}
          />
          <Button
            type="submit"
            className="w-full"
            loading={verify.isPending}
            disabled={code.length !== SHARE_ACCESS_CODE_LENGTH}
          >
            {t('share.page.open')}
          </Button>
        </form>
      )}
      {isLocked && (
        <div className="mt-5">
          <FormAlert>{t('share.page.lockedHint')}</FormAlert>
        </div>
      )}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MailPlus } from 'lucide-react';
import {
  addEmailBodySchema,
  confirmEmailBodySchema,
  VERIFICATION_CODE_LENGTH,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { CodeInput } from '../../../shared/ui/CodeInput';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { Card } from '../../../shared/ui/Page';
import { errorMessage } from '../../../lib/errors';
import { useSchemaValidation } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { ResendCodeButton } from '../../auth';
import { addEmailApi, useProfileCache } from '../api';

/**
 * For an account without an email (a WeChat sign-up): the address, then the 6-digit code mailed
 * to it; once confirmed it is the account's email (mails, invitations, a password).
 */
export function AddEmailCard() {
  const { t } = useTranslation();
  const setProfile = useProfileCache();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const emailForm = useSchemaValidation<typeof addEmailBodySchema, 'email'>(addEmailBodySchema, t);
  const codeForm = useSchemaValidation<typeof confirmEmailBodySchema, 'code'>(
    confirmEmailBodySchema,
    t,
  );
  const send = useMutation({
    mutationFn: addEmailApi.send,
    onSuccess: (result) => {
      setSentTo(result.email);
      setCode('');
      setResendAt(Date.now() + result.resendIn * 1000);
    },
  });
  const confirm = useMutation({
    mutationFn: addEmailApi.confirm,
    onSuccess: (profile) => {
      setProfile(profile);
      toast.success(
        t('settings.addEmail.added'),
        t('settings.addEmail.addedHint', { email: profile.email }),
      );
    },
  });

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailForm.submit({ email });
    if (parsed) send.mutate(parsed.email);
  };
  const onConfirm = (value: string) => {
    const parsed = codeForm.submit({ code: value });
    if (parsed) confirm.mutate(parsed.code);
  };

  return (
    <Card className="border-brand-200 p-5">
      <div className="flex gap-3">
        <MailPlus className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <h3 className="text-sm font-semibold text-gray-900">{t('settings.addEmail.title')}</h3>
            <p className="mt-1 text-sm text-gray-600">{t('settings.addEmail.hint')}</p>
          </div>
          {sentTo === null ? (
            <form
              noValidate
              onSubmit={onSend}
              className="flex flex-col gap-3 sm:flex-row sm:items-start"
            >
              <TextField
                className="min-w-0 flex-1"
                label={t('form.email')}
                type="email"
                autoComplete="email"
                value={email}
                error={emailForm.errors.email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  emailForm.revalidate({ email: event.target.value });
                  if (send.error) send.reset();
                }}
              />
              <Button type="submit" className="sm:mt-6.5" loading={send.isPending}>
                {t('settings.addEmail.send')}
              </Button>
            </form>
          ) : (
            <form
              noValidate
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                onConfirm(code);
              }}
            >
              <p className="text-sm text-gray-600">
                {t('settings.addEmail.sentHint')}{' '}
                <span className="font-medium wrap-anywhere text-gray-900">{sentTo}</span>
              </p>
              {confirm.error && !codeForm.errors.code && (
                <FormAlert>{errorMessage(confirm.error, t)}</FormAlert>
              )}
              <CodeInput
                label={t('auth.codeLabel')}
                value={code}
                length={VERIFICATION_CODE_LENGTH}
                autoFocus
                disabled={confirm.isPending}
                error={codeForm.errors.code}
                onChange={(value) => {
                  setCode(value);
                  codeForm.revalidate({ code: value });
                  if (confirm.error) confirm.reset();
                }}
                onComplete={onConfirm}
              />
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <Button type="submit" loading={confirm.isPending}>
                  {t('settings.addEmail.confirm')}
                </Button>
                <ResendCodeButton
                  secondsLeft={secondsLeft}
                  pending={send.isPending}
                  onClick={() => send.mutate(sentTo)}
                />
                <button
                  type="button"
                  className="font-medium text-gray-600 hover:text-gray-900"
                  onClick={() => {
                    setSentTo(null);
                    confirm.reset();
                  }}
                >
                  {t('settings.addEmail.otherAddress')}
                </button>
              </div>
            </form>
          )}
          {send.error && <FormAlert>{errorMessage(send.error, t)}</FormAlert>}
        </div>
      </div>
    </Card>
  );
}

import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInIcons } from '../../../components/sign-in-icons';
import { codeVerifyBodySchema } from '@truss/contracts';
import { buttonClass } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { safeRedirect } from '../../../lib/navigation';
import { authApi, completeSignIn } from '../api';
import { AuthHeading, AuthIcon, AuthWorking } from './AuthHeading';

const { MailX } = signInIcons;

/** The mailed sign-in link: /magic-code?email=…&code=… signs in at once. */
export default function MagicCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const parsed = codeVerifyBodySchema.safeParse({
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
  });
  const verify = useMutation({
    mutationFn: authApi.verifyCode,
    onSuccess: async (response) => {
      await completeSignIn(response);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
  });
  // A code works once: never post it twice (React re-runs effects in development).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !parsed.success) return;
    sent.current = true;
    verify.mutate(parsed.data);
  }, [parsed, verify]);

  if (parsed.success && !verify.error) {
    return <AuthWorking label={t('auth.magicSigningIn')} />;
  }

  const email = params.get('email') ?? '';
  const retry = `/signin?mode=code${email ? `&email=${encodeURIComponent(email)}` : ''}`;
  return (
    <div className="text-center">
      <AuthIcon icon={MailX} tone="red" />
      <AuthHeading
        title={t('auth.magicTitle')}
        subtitle={
          verify.error ? errorMessage(verify.error, t) : t('errors.INVALID_VERIFICATION_CODE')
        }
      />
      <Link to={retry} className={buttonClass('primary', 'lg', 'w-full')}>
        {t('auth.magicSendNew')}
      </Link>
      <Link
        to="/signin"
        className="mt-4 inline-block text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        {t('auth.signInWithPassword')}
      </Link>
    </div>
  );
}

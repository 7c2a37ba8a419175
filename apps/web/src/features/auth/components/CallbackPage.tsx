import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInIcons } from '../../../components/sign-in-icons';
import type { OAuthCallbackResponse } from '@truss/contracts';
import { buttonClass } from '../../../components/ui/Button';
import { useAuth } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/errors';
import { safeRedirect } from '../../../lib/navigation';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { authApi, completeSignIn } from '../api';
import { AuthHeading, AuthIcon, AuthWorking } from './AuthHeading';

const { Link2Off } = signInIcons;

/**
 * /callback: where Google and WeChat send the browser back. The query goes to the server, which
 * checks state, nonce and PKCE against this browser's cookie, then signs in or links.
 */
export default function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const finish = useMutation({
    mutationFn: () =>
      authApi.oauthCallback(
        // The provider's query as received (RFC 9207 `iss` included when present).
        Object.fromEntries(
          (['code', 'state', 'iss', 'error'] as const).flatMap((key) => {
            const value = params.get(key);
            return value ? [[key, value]] : [];
          }),
        ),
        signedIn,
      ),
    onSuccess: async (result: OAuthCallbackResponse) => {
      const provider = t(`auth.providers.${result.provider}`);
      if (result.mode === 'signin') {
        await completeSignIn(result.auth);
        if (result.created) {
          // A WeChat sign-up has no email yet: say where it is added.
          // In the account's language, now in place (not this render's `t`).
          const later = result.auth.user.email === null ? i18n.t('auth.addEmailLater') : undefined;
          toast.success(i18n.t('auth.welcomeNew'), later);
        }
        navigate(safeRedirect(result.redirect), { replace: true });
      } else {
        void client.invalidateQueries({ queryKey: ['user', 'connectors'] });
        toast.success(t('auth.providerLinked', { provider }));
        navigate(result.redirect ?? '/settings/connectors', { replace: true });
      }
    },
  });
  // The provider's code works once: post it once (React re-runs effects in development).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    finish.mutate();
  }, [finish]);

  if (!finish.error) {
    return <AuthWorking label={t('auth.callbackWorking')} />;
  }
  return (
    <div className="text-center">
      <AuthIcon icon={Link2Off} tone="red" />
      <AuthHeading title={t('auth.callbackTitle')} subtitle={errorMessage(finish.error, t)} />
      <Link
        to={signedIn ? '/settings/connectors' : '/signin'}
        className={buttonClass('primary', 'lg', 'w-full')}
      >
        {signedIn ? t('auth.backToConnectors') : t('auth.backToSignIn')}
      </Link>
    </div>
  );
}

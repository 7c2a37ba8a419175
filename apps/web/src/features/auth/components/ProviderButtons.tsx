import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { ProviderIcon, providersQuery, startOAuth } from '../oauth';

/**
 * "Continue with Google / WeChat", shown only for the providers the server has configured.
 * Google goes to its sign-in page; WeChat to its QR-connect page. Both come back to /callback.
 */
export function ProviderButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const { data } = useQuery(providersQuery());
  const start = useMutation({
    mutationFn: (provider: OAuthProvider) =>
      startOAuth(provider, { mode: 'signin', ...(redirect ? { redirect } : {}) }),
  });
  const providers = (['google', 'wechat'] as const).filter((p) => data?.[p]);
  if (providers.length === 0) return null;

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-gray-500">
        <span className="h-px flex-1 bg-gray-200" />
        {t('auth.orContinueWith')}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      {start.error && (
        <div className="mt-4">
          <FormAlert>{errorMessage(start.error, t)}</FormAlert>
        </div>
      )}
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            size="lg"
            className={providers.length === 1 ? 'sm:col-span-2' : undefined}
            loading={start.isPending && start.variables === provider}
            disabled={start.isPending}
            onClick={() => start.mutate(provider)}
          >
            <ProviderIcon provider={provider} className="size-5" />
            {t('auth.continueWith', { provider: t(`auth.providers.${provider}`) })}
          </Button>
        ))}
      </div>
    </div>
  );
}

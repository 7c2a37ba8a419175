import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Info, Link2, Unlink } from 'lucide-react';
import type { Connector } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { Badge, Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDate, useFormatPreferences } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ProviderIcon, startOAuth } from '../../auth';
import { connectorsKey, connectorsQuery, settingsApi } from '../api';

function ConnectorRow({
  connector,
  lastMethod,
  onUnlink,
}: {
  connector: Connector;
  /** The only way left to sign in: unlinking is refused. */
  lastMethod: boolean;
  onUnlink: () => void;
}) {
  const { t, i18n } = useTranslation();
  const provider = t(`auth.providers.${connector.provider}`);
  const link = useMutation({
    mutationFn: () =>
      startOAuth(connector.provider, { mode: 'link', redirect: '/settings/connectors' }),
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const account = connector.email ?? connector.display_name;

  return (
    <div className="flex flex-wrap items-center gap-4 px-5 py-4">
      <ProviderIcon provider={connector.provider} className="size-9 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
          {provider}
          {connector.linked ? (
            <Badge tone="green">{t('settings.connectors.linked')}</Badge>
          ) : !connector.available ? (
            <Badge>{t('settings.connectors.unavailable')}</Badge>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-gray-600">
          {connector.linked
            ? [
                account,
                connector.linked_at &&
                  t('settings.connectors.linkedOn', {
                    date: formatDate(connector.linked_at, i18n.language),
                  }),
              ]
                .filter(Boolean)
                .join(' · ')
            : connector.available
              ? t(`settings.connectors.hint.${connector.provider}`)
              : // Why it can't be linked, and what an administrator sets to change that.
                t(`settings.connectors.unavailableHint.${connector.provider}`)}
        </p>
        {connector.linked && lastMethod && (
          <p className="mt-1 flex items-start gap-1.5 text-xs text-amber-700">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {t('settings.connectors.lastMethod')}
          </p>
        )}
      </div>
      {connector.linked ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={lastMethod}
          onClick={onUnlink}
          aria-label={t('settings.connectors.unlinkLabel', { provider })}
        >
          <Unlink className="size-4" aria-hidden />
          {t('settings.connectors.unlink')}
        </Button>
      ) : (
        connector.available && (
          <Button
            size="sm"
            loading={link.isPending}
            onClick={() => link.mutate()}
            aria-label={t('settings.connectors.linkLabel', { provider })}
          >
            <Link2 className="size-4" aria-hidden />
            {t('settings.connectors.link')}
          </Button>
        )
      )}
    </div>
  );
}

/** /settings/connectors: link and unlink Google and WeChat; the last sign-in method stays. */
export default function ConnectorsPage() {
  const { t } = useTranslation();
  useFormatPreferences();
  const client = useQueryClient();
  const { data, error } = useQuery(connectorsQuery());
  const [unlinking, setUnlinking] = useState<Connector | null>(null);
  const unlink = useMutation({
    mutationFn: settingsApi.unlink,
    onSuccess: (next, provider) => {
      client.setQueryData(connectorsKey, next);
      setUnlinking(null);
      toast.success(
        t('settings.connectors.unlinked', { provider: t(`auth.providers.${provider}`) }),
      );
    },
  });

  if (error) return <FormAlert>{errorMessage(error, t)}</FormAlert>;
  if (!data) return <LoadingBlock label={t('common.loading')} />;
  const linkedCount = data.connectors.filter((c) => c.linked).length;
  const lastMethod = !data.has_password && linkedCount <= 1;

  return (
    <div className="space-y-4">
      <Card className="divide-y divide-gray-100">
        {data.connectors.map((connector) => (
          <ConnectorRow
            key={connector.provider}
            connector={connector}
            lastMethod={lastMethod}
            onUnlink={() => {
              unlink.reset();
              setUnlinking(connector);
            }}
          />
        ))}
      </Card>
      <p className="text-sm text-gray-600">
        {data.has_password
          ? t('settings.connectors.passwordToo')
          : t('settings.connectors.noPassword')}
      </p>
      <ConfirmDialog
        open={!!unlinking}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={t('settings.connectors.unlinkTitle', {
          provider: unlinking ? t(`auth.providers.${unlinking.provider}`) : '',
        })}
        description={t('settings.connectors.unlinkDescription')}
        confirmLabel={t('settings.connectors.unlink')}
        onConfirm={() => unlinking && unlink.mutate(unlinking.provider)}
        pending={unlink.isPending}
        error={unlink.error ? errorMessage(unlink.error, t) : null}
      />
    </div>
  );
}

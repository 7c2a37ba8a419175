import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'radix-ui';
import clsx from 'clsx';
import { Inbox, MailOpen, RefreshCw } from 'lucide-react';
import type { DevMail } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { FormAlert } from '../../../components/ui/Field';
import { Card, PageHeader } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, relativeTime } from '../../../lib/format';
import NotFoundPage from '../../../app/error/NotFoundPage';
import { ApiError } from '../../../lib/http';
import { DEV_MAIL_REFRESH_MS, devMailQuery } from '../api';
import { DevPendingOrders } from './DevPendingOrders';

/** A 6-digit code in a mail, shown on its own so a developer can copy it at a glance. */
export function findCode(mail: Pick<DevMail, 'subject' | 'text'>): string | null {
  return /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1] ?? null;
}

function MailView({ mail }: { mail: DevMail }) {
  const { t, i18n } = useTranslation();
  const code = findCode(mail);
  return (
    <Card className="flex min-h-[28rem] flex-col overflow-hidden">
      <div className="space-y-1 border-b border-gray-200 p-4">
        <h2 className="text-base font-semibold break-words text-gray-900">{mail.subject}</h2>
        <p className="text-sm text-gray-600">
          {t('dev.to')}: <span className="font-medium text-gray-900">{mail.to}</span>
        </p>
        <p className="text-xs text-gray-500">{formatDateTime(mail.created_at, i18n.language)}</p>
        {code && (
          <p className="pt-1 text-sm text-gray-700">
            {t('dev.code')}:{' '}
            <code className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-base font-semibold tracking-widest text-brand-800">
              {code}
            </code>
          </p>
        )}
      </div>
      <Tabs.Root defaultValue="html" className="flex flex-1 flex-col">
        <Tabs.List
          aria-label={t('dev.format')}
          className="flex gap-1 border-b border-gray-200 px-3"
        >
          {(['html', 'text'] as const).map((v) => (
            <Tabs.Trigger
              key={v}
              value={v}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-gray-600 hover:text-gray-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
            >
              {t(`dev.${v}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="html" className="flex-1 bg-white">
          <iframe
            title={t('dev.htmlPreview')}
            srcDoc={mail.html}
            sandbox=""
            className="h-full min-h-96 w-full border-0"
          />
        </Tabs.Content>
        <Tabs.Content value="text" className="flex-1">
          <pre className="h-full overflow-auto p-4 font-mono text-sm whitespace-pre-wrap text-gray-800">
            {mail.text}
          </pre>
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}

/**
 * /dev: the payments sandbox's pending orders (Pay buttons) and the development outbox (mails the
 * server would send), refreshed every few seconds.
 */
export default function DevPage() {
  const { t, i18n } = useTranslation();
  const query = useQuery(devMailQuery());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mails = query.data ?? [];
  const selected = mails.find((m) => m.id === selectedId) ?? mails[0] ?? null;
  const unavailable = query.error instanceof ApiError && query.error.statusCode === 404;

  // In production the outbox API does not exist, so neither does this page.
  if (unavailable) return <NotFoundPage />;

  return (
    <>
      <PageHeader
        title={t('dev.title')}
        subtitle={t('dev.subtitle', { seconds: DEV_MAIL_REFRESH_MS / 1000 })}
        actions={
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isLoading}
          >
            {!(query.isFetching && !query.isLoading) && (
              <RefreshCw className="size-4" aria-hidden />
            )}
            {t('dev.refresh')}
          </Button>
        }
      />
      <DevPendingOrders />
      {query.isLoading ? (
        <LoadingBlock label={t('common.loading')} />
      ) : query.error ? (
        <FormAlert>{errorMessage(query.error, t)}</FormAlert>
      ) : mails.length === 0 ? (
        <EmptyState icon={Inbox} title={t('dev.emptyTitle')} description={t('dev.empty')} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
          <Card className="overflow-hidden">
            <ul
              aria-label={t('dev.listLabel')}
              className="max-h-[32rem] divide-y divide-gray-100 overflow-y-auto"
            >
              {mails.map((mail) => {
                const active = selected?.id === mail.id;
                return (
                  <li key={mail.id}>
                    <button
                      type="button"
                      onClick={() => setSelectedId(mail.id)}
                      aria-current={active ? 'true' : undefined}
                      className={clsx(
                        'flex w-full gap-3 px-4 py-3 text-left transition-colors',
                        active ? 'bg-brand-50' : 'hover:bg-gray-50',
                      )}
                    >
                      <MailOpen
                        className={clsx(
                          'mt-0.5 size-4 shrink-0',
                          active ? 'text-brand-600' : 'text-gray-400',
                        )}
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-gray-900">
                          {mail.subject}
                        </span>
                        <span className="block truncate text-xs text-gray-600">{mail.to}</span>
                        <time dateTime={mail.created_at} className="block text-xs text-gray-500">
                          {relativeTime(mail.created_at, t, i18n.language)}
                        </time>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </Card>
          {selected && <MailView mail={selected} />}
        </div>
      )}
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link2 } from 'lucide-react';
import type { Share } from '@truss/contracts';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { ListTableHead } from '../../../shared/ui/ListTableHead';
import { LoadErrorAlert } from '../../../shared/ui/LoadErrorAlert';
import { Card, PageHeader } from '../../../shared/ui/Page';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { useMyShares } from '../api';
import { useShareProjectName } from '../project-name';
import { ShareRowActions, ShareToggle } from './ShareActions';
import { CodeLockedBadge } from './CodeLockedBadge';
import { ShareExpiry } from './ShareExpiry';
import { ShareStatusBadge } from './ShareStatusBadge';
import { ShareTypeBadge } from './ShareTypeBadge';
import { ShareDialog } from './ShareDialog';

/** How the link travelled: opens, visitors, last opened (share analytics, no IPs kept). */
function ShareAnalytics({ share }: { share: Share }) {
  const { t } = useTranslation();
  const { opens, visitors, last_opened_at: last } = share.analytics;
  if (opens === 0) return <span className="text-gray-500">{t('share.analytics.never')}</span>;
  return (
    <span className="block">
      <span className="block text-gray-900">
        {t('share.analytics.opens', { count: opens })} ·{' '}
        {t('share.analytics.visitors', { count: visitors })}
      </span>
      {last && (
        <span className="block text-xs text-gray-500">
          {t('share.analytics.last')} <RelativeTime iso={last} />
        </span>
      )}
    </span>
  );
}

function ShareRow({ share, onEdit }: { share: Share; onEdit: () => void }) {
  const { t } = useTranslation();
  const projectName = useShareProjectName();
  return (
    <tr className="border-b border-gray-100 last:border-0 hover:bg-gray-50">
      <td className="max-w-0 px-4 py-3">
        <Link
          to={`/model/${share.model_id}`}
          title={share.model_name}
          className="block truncate font-medium text-gray-900 hover:text-brand-700 hover:underline"
        >
          {share.model_name}
        </Link>
        <p className="truncate text-xs text-gray-500">
          {projectName(share)}
          {share.model_trashed && ` · ${t('share.list.modelTrashed')}`}
        </p>
        {/* On phones the type, status and expiry fold under the name. */}
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-gray-500 md:hidden">
          <ShareTypeBadge type={share.type} />
          <ShareStatusBadge share={share} />
          {share.code_locked && <CodeLockedBadge />}
          <ShareExpiry share={share} />
        </div>
        <div className="mt-1 text-xs text-gray-500 md:hidden">
          <ShareAnalytics share={share} />
        </div>
      </td>
      <td className="hidden px-4 py-3 md:table-cell">
        <div className="flex flex-wrap items-center gap-1">
          <ShareTypeBadge type={share.type} />
          {share.code_locked && <CodeLockedBadge />}
        </div>
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-2">
          <ShareToggle share={share} />
          <span className="hidden md:inline">
            <ShareStatusBadge share={share} />
          </span>
        </div>
      </td>
      <td className="hidden px-4 py-3 text-gray-600 md:table-cell">
        <ShareExpiry share={share} />
      </td>
      <td className="hidden px-4 py-3 text-gray-600 md:table-cell">
        <ShareAnalytics share={share} />
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-gray-600 lg:table-cell">
        <RelativeTime iso={share.created_at} />
      </td>
      <td className="px-2 py-3">
        <ShareRowActions share={share} onEdit={onEdit} />
      </td>
    </tr>
  );
}

/** /shares: every link the signed-in user made, with toggles, copy, edit and delete. */
export default function MySharesPage() {
  const { t } = useTranslation();
  const shares = useMyShares();
  const [editing, setEditing] = useState<Share | null>(null);

  return (
    <>
      <PageHeader title={t('share.list.title')} subtitle={t('share.list.subtitle')} />
      {shares.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : shares.error ? (
        <LoadErrorAlert
          title={t('errors.SHARE_LIST_FAILED')}
          error={shares.error}
          retryLabel={t('share.list.retry')}
          onRetry={() => void shares.refetch()}
        />
      ) : shares.data.length === 0 ? (
        <EmptyState
          icon={Link2}
          title={t('share.list.emptyTitle')}
          description={t('share.list.emptyDescription')}
        >
          <Link to="/models" className={buttonClass('secondary')}>
            {t('share.list.goToModels')}
          </Link>
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full table-fixed text-left text-sm">
            <ListTableHead
              columns={[
                { label: t('share.list.columns.model') },
                { label: t('share.list.columns.type'), className: 'hidden w-52 md:table-cell' },
                { label: t('share.list.columns.status'), className: 'w-20 md:w-36' },
                { label: t('share.list.columns.expires'), className: 'hidden w-40 md:table-cell' },
                { label: t('share.list.columns.opened'), className: 'hidden w-44 md:table-cell' },
                { label: t('share.list.columns.created'), className: 'hidden w-32 lg:table-cell' },
              ]}
              actions={{ label: t('share.list.columns.actions'), className: 'w-32' }}
            />
            <tbody>
              {shares.data.map((share) => (
                <ShareRow key={share.id} share={share} onEdit={() => setEditing(share)} />
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing && (
        <ShareDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          modelId={editing.model_id}
          modelName={editing.model_name}
          share={editing}
        />
      )}
    </>
  );
}

import { Link } from 'react-router';
import clsx from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { FREE_PLAN_ID, isUnlimited } from '@truss/contracts';
import { buttonClass } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Badge, Card } from '../../../shared/ui/Page';
import { Progress } from '../../../shared/ui/Progress';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatBytes, formatDate } from '../../../lib/format';
import { subscriptionQuery } from '../api';

function Usage({
  label,
  current,
  limit,
  exceeded,
  bytes,
}: {
  label: string;
  current: number;
  limit: number | null | 'unlimited';
  exceeded: boolean;
  bytes?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const unlimited = isUnlimited(limit);
  const show = (n: number) => (bytes ? formatBytes(n, i18n.language) : String(n));
  const max = typeof limit === 'number' ? limit : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 text-gray-700">
          {label}
          {exceeded && <Badge tone="red">{t('plan.limitReached')}</Badge>}
        </span>
        <span className="text-gray-900 tabular-nums">
          {show(current)} / {unlimited ? t('plan.unlimited') : show(max)}
        </span>
      </div>
      {!unlimited && (
        <Progress
          className={clsx('mt-2', exceeded && '[&>div]:bg-red-600')}
          label={label}
          value={max > 0 ? (current / max) * 100 : exceeded ? 100 : 0}
        />
      )}
    </div>
  );
}

/** The signed-in user's plan, status and usage against the plan's limits. */
export function SubscriptionSummary({ showPlansLink = true }: { showPlansLink?: boolean }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, error } = useQuery(subscriptionQuery());
  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (error || !data)
    return <FormAlert>{error ? errorMessage(error, t) : t('plan.loadFailed')}</FormAlert>;
  const { limits } = data;
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">
            {t('plan.currentLabel')}
          </p>
          <p className="mt-1 flex items-center gap-2 text-xl font-semibold text-gray-900">
            {t(`plans.${data.plan.id}`)}
            <Badge tone={data.status === 'active' ? 'green' : 'amber'}>
              {t(`plan.status.${data.status}`)}
            </Badge>
          </p>
          <p className="mt-1 text-sm text-gray-600">
            {data.period && t(`plan.billed.${data.period}`)}
            {data.current_period_end &&
              ` · ${t('plan.renews', { date: formatDate(data.current_period_end, i18n.language) })}`}
          </p>
        </div>
        {showPlansLink && data.plan.id === FREE_PLAN_ID && (
          <Link to="/upgrade" className={buttonClass('primary')}>
            <Sparkles className="size-4" aria-hidden />
            {t('plan.seePlans')}
          </Link>
        )}
      </div>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <Usage
          label={t('limits.projects')}
          current={limits.projects.current}
          limit={limits.projects.limit}
          exceeded={limits.projects.exceeded}
        />
        <Usage
          label={t('limits.members_per_project')}
          current={limits.members_per_project.current}
          limit={limits.members_per_project.limit}
          exceeded={limits.members_per_project.exceeded}
        />
        <Usage
          label={t('limits.models_per_project')}
          current={limits.models_per_project.current}
          limit={limits.models_per_project.limit}
          exceeded={limits.models_per_project.exceeded}
        />
        <Usage
          label={t('limits.storage')}
          current={limits.storage.current}
          limit={limits.storage.limit}
          exceeded={limits.storage.exceeded}
          bytes
        />
      </div>
    </Card>
  );
}

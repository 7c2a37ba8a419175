import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { FREE_PLAN_ID, isUnlimited } from '@truss/contracts';
import { Progress } from '../shared/ui/Progress';
import { subscriptionQuery } from '../features/subscription/api';

/** The current plan and project usage, with the way to upgrade. */
export function PlanCard({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(subscriptionQuery());
  if (!data) return null;
  const projects = data.limits.projects;
  const unlimited = isUnlimited(projects.limit);
  const pct = !unlimited && projects.limit ? (projects.current / projects.limit) * 100 : 0;
  return (
    <div className="rounded-xl border border-gray-200 bg-gray-50 p-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-gray-900">
          {t('plan.current', { name: t(`plans.${data.plan.id}`) })}
        </p>
      </div>
      <p className="mt-1 text-xs text-gray-600">
        {unlimited
          ? t('plan.projectsUnlimited', { count: projects.current })
          : t('plan.projectsUsed', { count: projects.current, limit: projects.limit })}
      </p>
      {!unlimited && <Progress value={pct} label={t('plan.projectsUsage')} className="mt-2" />}
      {data.plan.id === FREE_PLAN_ID && (
        <Link
          to="/upgrade"
          onClick={onNavigate}
          className="mt-3 inline-flex items-center gap-1.5 text-xs font-semibold text-brand-700 hover:text-brand-800"
        >
          <Sparkles className="size-3.5" aria-hidden />
          {t('plan.upgradeCta')}
        </Link>
      )}
    </div>
  );
}

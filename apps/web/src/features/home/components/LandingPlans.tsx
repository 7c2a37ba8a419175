import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isUnlimited, type Plan } from '@truss/contracts';
import { buttonClass } from '../../../components/ui/Button';
import { formatCny } from '../../../lib/format';
import { plansQuery } from '../../subscription';

/** One plan as the landing page shows it: name, price, the limits that differ between plans. */
function PlanSummary({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const period = plan.prices.monthly !== null ? 'monthly' : 'yearly';
  const price = plan.prices[period];
  const limit = (value: number | null, key: 'projects' | 'members' | 'storage') =>
    isUnlimited(value)
      ? t(`upgrade.limits.${key}Unlimited`)
      : t(`upgrade.limits.${key}`, { count: value ?? 0 });
  return (
    <li
      className={
        plan.recommended
          ? 'rounded-2xl border border-brand-500 bg-white p-6 ring-1 ring-brand-500'
          : 'rounded-2xl border border-gray-200 bg-white p-6'
      }
    >
      <h3 className="text-base font-semibold text-gray-900">{t(`plans.${plan.id}`)}</h3>
      <p className="mt-2 text-2xl font-semibold text-gray-900">
        {!price
          ? t('upgrade.freeForever')
          : t('landing.plansFrom', {
              price: formatCny(price, i18n.language),
              per: t(`upgrade.per.${period}`),
            })}
      </p>
      <ul className="mt-4 space-y-1.5 text-sm text-gray-600">
        <li>{limit(plan.limits.projects, 'projects')}</li>
        <li>{limit(plan.limits.members_per_project, 'members')}</li>
        <li>{limit(plan.limits.storage_gb, 'storage')}</li>
      </ul>
    </li>
  );
}

/** The plans on sale, from the public plans API (nothing shown until they arrive). */
export function LandingPlans({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const plans = useQuery(plansQuery());
  if (!plans.data?.length) return null;
  return (
    <section aria-labelledby="landing-plans" className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="landing-plans" className="text-2xl font-semibold text-gray-900">
          {t('landing.plansTitle')}
        </h2>
        <p className="mt-2 text-gray-600">{t('landing.plansBody')}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanSummary key={plan.id} plan={plan} />
          ))}
        </ul>
        {!signedIn && (
          <Link to="/signup" className={`${buttonClass('primary', 'lg')} mt-8`}>
            {t('landing.plansCta')}
          </Link>
        )}
      </div>
    </section>
  );
}

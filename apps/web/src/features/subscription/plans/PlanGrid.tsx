import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ToggleGroup } from 'radix-ui';
import clsx from 'clsx';
import { Check, Info, Minus } from 'lucide-react';
import {
  isUnlimited,
  offeredFeatureKeys,
  planIdSchema,
  type Plan,
  type PlanPeriod,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Badge } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCny } from '../../../lib/format';
import { createOrder, ordersKey, plansQuery, subscriptionQuery } from '../api';
import { ContactSalesButton } from './ContactSalesDialog';

/** Yearly saving against twelve monthly payments, in whole percent (0 when not comparable). */
function yearlySavingPercent(plan: Pick<Plan, 'prices'>): number {
  const { monthly, yearly } = plan.prices;
  if (!monthly || !yearly) return 0;
  return Math.max(0, Math.round((1 - yearly / (monthly * 12)) * 100));
}

const isPlanId = (id: string): id is Plan['id'] => planIdSchema.safeParse(id).success;

function PlanCard({
  plan,
  period,
  isCurrent,
  features,
}: {
  plan: Plan;
  period: PlanPeriod;
  isCurrent: boolean;
  /** The features some plan has (those none has do not exist and are not listed). */
  features: readonly (keyof Plan['features'])[];
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const order = useMutation({
    mutationKey: ordersKey,
    mutationFn: () => createOrder(plan.id, shownPeriod),
    onSuccess: (created) => navigate(`/upgrade/paycode?order=${created.id}`),
  });
  // Enterprise is annual only: show its yearly price whatever the toggle says.
  const shownPeriod: PlanPeriod = plan.periods.includes(period)
    ? period
    : (plan.periods[0] ?? period);
  const price = plan.prices[shownPeriod];
  const limit = (value: number | null, key: 'projects' | 'members' | 'models' | 'storage') =>
    isUnlimited(value)
      ? t(`upgrade.limits.${key}Unlimited`)
      : t(`upgrade.limits.${key}`, { count: value ?? 0 });

  return (
    <div
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-xs',
        plan.recommended ? 'border-brand-500 ring-1 ring-brand-500' : 'border-gray-200',
      )}
    >
      {plan.recommended && (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
          {t('upgrade.recommended')}
        </span>
      )}
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{t(`plans.${plan.id}`)}</h2>
        {isCurrent && <Badge tone="green">{t('upgrade.currentPlan')}</Badge>}
      </div>
      <p className="mt-1 min-h-15 text-sm text-gray-600">
        {isPlanId(plan.id) ? t(`upgrade.descriptions.${plan.id}`) : plan.description}
      </p>
      <div className="mt-5 min-h-16">
        {price === null ? (
          <p className="text-2xl font-semibold text-gray-900">{t('upgrade.contactSales')}</p>
        ) : (
          <>
            <p className="flex items-baseline gap-1">
              <span className="text-3xl font-semibold tracking-tight text-gray-900">
                {formatCny(price, i18n.language)}
              </span>
              {price > 0 && (
                <span className="text-sm text-gray-500">{t(`upgrade.per.${shownPeriod}`)}</span>
              )}
            </p>
            {price === 0 && (
              <p className="mt-1 text-xs text-gray-500">{t('upgrade.freeForever')}</p>
            )}
            {shownPeriod === 'yearly' && price > 0 && (
              <p className="mt-1 text-xs text-gray-500">
                {t('upgrade.perMonthEquivalent', {
                  price: formatCny(Math.round((price / 12) * 100) / 100, i18n.language),
                })}
              </p>
            )}
            {shownPeriod !== period && (
              <p className="mt-1 text-xs font-medium text-amber-700">{t('upgrade.annualOnly')}</p>
            )}
          </>
        )}
      </div>
      <ul className="mt-5 space-y-2 text-sm text-gray-700">
        <li>{limit(plan.limits.projects, 'projects')}</li>
        <li>{limit(plan.limits.members_per_project, 'members')}</li>
        <li>{limit(plan.limits.models_per_project, 'models')}</li>
        <li>{limit(plan.limits.storage_gb, 'storage')}</li>
      </ul>
      <ul className="mt-4 flex-1 space-y-2 border-t border-gray-100 pt-4 text-sm">
        {features.map((key) => (
          <li
            key={key}
            className={clsx(
              'flex items-center gap-2',
              plan.features[key] ? 'text-gray-800' : 'text-gray-500',
            )}
          >
            {plan.features[key] ? (
              <Check
                className="size-4 shrink-0 text-brand-600"
                aria-label={t('upgrade.included')}
              />
            ) : (
              <Minus className="size-4 shrink-0" aria-label={t('upgrade.notIncluded')} />
            )}
            {t(`features.${key}`)}
          </li>
        ))}
      </ul>
      {plan.contact_sales ? (
        <ContactSalesButton plan={plan} />
      ) : (
        <Button
          className="mt-6 h-auto! min-h-10 w-full py-2 text-center whitespace-normal!"
          variant={isCurrent || price === 0 ? 'secondary' : 'primary'}
          disabled={price === 0 || price === null}
          loading={order.isPending}
          onClick={() => order.mutate()}
        >
          {price === 0
            ? isCurrent
              ? t('upgrade.currentPlan')
              : t('upgrade.freeAfterEnd')
            : isCurrent
              ? t('upgrade.extend', { name: t(`plans.${plan.id}`) })
              : t('upgrade.choose', { name: t(`plans.${plan.id}`) })}
        </Button>
      )}
      {order.error && (
        <div className="mt-3">
          <FormAlert>{errorMessage(order.error, t)}</FormAlert>
        </div>
      )}
    </div>
  );
}

/**
 * The plans from the API with CNY prices, monthly or yearly (enterprise: yearly, contact sales),
 * the user's current plan marked. Choosing a paid plan creates an order and opens its pay page.
 */
export function PlanGrid() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<PlanPeriod>('yearly');
  const plans = useQuery(plansQuery());
  const subscription = useQuery(subscriptionQuery());
  const bestSaving = Math.max(0, ...(plans.data ?? []).map(yearlySavingPercent));
  const features = offeredFeatureKeys(plans.data ?? []);

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <ToggleGroup.Root
          type="single"
          value={period}
          onValueChange={(v) => v && setPeriod(v as PlanPeriod)}
          aria-label={t('upgrade.period')}
          className="inline-flex rounded-lg bg-gray-200/70 p-1 text-sm"
        >
          {(['monthly', 'yearly'] as const).map((p) => (
            <ToggleGroup.Item
              key={p}
              value={p}
              className="rounded-md px-4 py-1.5 font-medium text-gray-600 transition-colors hover:text-gray-900 data-[state=on]:bg-white data-[state=on]:text-gray-900 data-[state=on]:shadow-xs"
            >
              {t(`upgrade.${p}`)}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
        {bestSaving > 0 && <Badge tone="green">{t('upgrade.save', { percent: bestSaving })}</Badge>}
      </div>
      {plans.isLoading ? (
        <LoadingBlock label={t('common.loading')} />
      ) : plans.error ? (
        <FormAlert>{errorMessage(plans.error, t)}</FormAlert>
      ) : (
        <div className="grid gap-6 pt-3 xl:grid-cols-3">
          {(plans.data ?? []).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              isCurrent={subscription.data?.plan.id === plan.id}
              features={features}
            />
          ))}
        </div>
      )}
      <div className="mt-6 flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{t('upgrade.paymentsNote')}</p>
      </div>
    </>
  );
}

import { Link, Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, TimerOff } from 'lucide-react';
import clsx from 'clsx';
import { buttonClass } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { useAuth } from '../../../lib/auth-store';
import { formatDate } from '../../../lib/format';
import { orderQuery, subscriptionQuery } from '../api';
import { OrderSummary } from './OrderSummary';
import { SignedOutPayment } from './SignedOutPayment';

/** /upgrade/payment?order={id}: the result of a payment (paid, failed, expired) with the receipt. */
export default function PaymentResultPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const signedIn = useAuth((s) => s.isAuthenticated);
  const query = useQuery({ ...orderQuery(id, true), enabled: signedIn && id !== '' });
  const subscription = useQuery({ ...subscriptionQuery(), enabled: signedIn });
  if (!signedIn) return <SignedOutPayment />;
  if (!id) return <Navigate to="/upgrade" replace />;
  const order = query.data;
  const outcome =
    order?.status === 'paid'
      ? 'paid'
      : order?.status === 'pending'
        ? 'pending'
        : order?.status === 'expired'
          ? 'expired'
          : 'failed';
  const Icon = outcome === 'paid' ? CircleCheck : outcome === 'expired' ? TimerOff : CircleX;
  const periodEnd = subscription.data?.current_period_end;

  return (
    <div className="mx-auto max-w-xl">
      {query.isLoading ? (
        <LoadingBlock label={t('common.loading')} />
      ) : !order ? (
        <Card className="space-y-4 p-6 text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">
            {t('payment.paymentTitle')}
          </h1>
          <FormAlert>{errorMessage(query.error, t)}</FormAlert>
          <Link to="/upgrade" className={buttonClass('primary')}>
            {t('payment.seePlans')}
          </Link>
        </Card>
      ) : (
        <Card className="space-y-6 p-6">
          <div className="flex flex-col items-center gap-3 text-center">
            <Icon
              className={clsx(
                'size-12',
                outcome === 'paid' ? 'text-emerald-600' : 'text-amber-600',
              )}
              aria-hidden
            />
            <h1 className="text-2xl font-semibold tracking-tight text-gray-900">
              {t(`payment.result.${outcome}.title`)}
            </h1>
            <p className="text-sm text-gray-600">
              {outcome === 'paid' && periodEnd && subscription.data?.plan.id === order.plan_id
                ? t('payment.result.paid.until', {
                    plan: t(`plans.${order.plan_id}`),
                    date: formatDate(periodEnd, i18n.language),
                  })
                : t(`payment.result.${outcome}.description`)}
            </p>
          </div>
          <OrderSummary order={order} showPaidAt />
          <div className="flex flex-wrap justify-center gap-3">
            {outcome === 'paid' ? (
              <>
                <Link to={`/receipt/${order.id}`} className={buttonClass('secondary')}>
                  {t('payment.viewReceipt')}
                </Link>
                <Link to="/settings/plan" className={buttonClass('secondary')}>
                  {t('payment.planSettings')}
                </Link>
                <Link to="/project" className={buttonClass('primary')}>
                  {t('payment.toProjects')}
                </Link>
              </>
            ) : outcome === 'pending' ? (
              <Link to={`/upgrade/paycode?order=${order.id}`} className={buttonClass('primary')}>
                {t('payment.backToPaycode')}
              </Link>
            ) : (
              <Link to="/upgrade" className={buttonClass('primary')}>
                {t('payment.newOrder')}
              </Link>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}

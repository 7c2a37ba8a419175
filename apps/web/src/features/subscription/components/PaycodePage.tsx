import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Clock, TimerOff } from 'lucide-react';
import type { Order } from '@truss/contracts';
import { Button, buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { FormAlert } from '../../../components/ui/Field';
import { Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCny } from '../../../lib/format';
import { useAuth } from '../../../lib/auth-store';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { cancelOrder, checkOrder, createOrder, orderQuery, refreshAfterPayment } from '../api';
import { OrderSummary } from './OrderSummary';
import { QrCode } from '../../../shared/ui/QrCode';
import { SignedOutPayment } from './SignedOutPayment';

function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function PayCodes({ order }: { order: Order }) {
  const { t } = useTranslation();
  const codes = [
    { provider: 'wechat', value: order.pay_codes?.wechat?.code_url },
    { provider: 'alipay', value: order.pay_codes?.alipay?.qr_code },
  ] as const;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {codes.map(({ provider, value }) =>
        value ? (
          <figure
            key={provider}
            className="flex flex-col items-center gap-3"
            data-provider={provider}
          >
            <QrCode value={value} label={t(`payment.qrLabel.${provider}`)} />
            <figcaption className="text-center text-sm text-gray-700">
              <span className="block font-medium text-gray-900">
                {t(`payment.providers.${provider}`)}
              </span>
              {t(`payment.scanWith.${provider}`)}
            </figcaption>
          </figure>
        ) : null,
      )}
    </div>
  );
}

/** A new order for the same plan and period (the old one expired or was cancelled). */
function NewOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const again = useMutation({
    mutationFn: () => createOrder(order.plan_id, order.plan_period),
    onSuccess: (created) => navigate(`/upgrade/paycode?order=${created.id}`, { replace: true }),
  });
  return (
    <div className="space-y-3">
      <Button loading={again.isPending} onClick={() => again.mutate()}>
        {t('payment.newOrder')}
      </Button>
      {again.error && <FormAlert>{errorMessage(again.error, t)}</FormAlert>}
    </div>
  );
}

/**
 * /upgrade/paycode?order={id}: the order, a WeChat Pay and an Alipay QR code, the time left.
 * The order is asked about every 2 s; once paid the page moves on to the result by itself.
 */
export default function PaycodePage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const query = useQuery({ ...orderQuery(id, true), enabled: signedIn && id !== '' });
  const order = query.data;
  const expiresAt = order?.status === 'pending' ? Date.parse(order.expires_at) : null;
  const secondsLeft = useCountdown(expiresAt);
  const update = (next: Order) => queryClient.setQueryData(orderQuery(id).queryKey, next);
  const check = useMutation({ mutationFn: () => checkOrder(id), onSuccess: update });
  const cancel = useMutation({ mutationFn: () => cancelOrder(id), onSuccess: update });

  const status = order?.status;
  useEffect(() => {
    if (status === 'paid') {
      void refreshAfterPayment();
      navigate(`/upgrade/payment?order=${id}`, { replace: true });
    }
  }, [status, id, navigate]);
  // At the expiry the server closes the order: ask once more rather than wait for the next poll.
  const { refetch } = query;
  useEffect(() => {
    if (expiresAt !== null && secondsLeft === 0) void refetch();
  }, [expiresAt, secondsLeft, refetch]);

  if (!signedIn) return <SignedOutPayment />;
  if (!id) return <Navigate to="/upgrade" replace />;

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-gray-900">
        {t('payment.paycodeTitle')}
      </h1>
      {query.isLoading ? (
        <LoadingBlock label={t('common.loading')} />
      ) : !order ? (
        <FormAlert>{errorMessage(query.error, t)}</FormAlert>
      ) : order.status === 'pending' ? (
        <Card className="space-y-6 p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <p className="text-3xl font-semibold tracking-tight text-gray-900 tabular-nums">
              {formatCny(order.amount / 100, i18n.language)}
            </p>
            <p
              className="flex items-center gap-1.5 text-sm text-gray-700"
              role="timer"
              aria-label={t('payment.timeLeft')}
            >
              <Clock className="size-4 text-amber-600" aria-hidden />
              {t('payment.expiresIn', { time: mmss(secondsLeft) })}
            </p>
          </div>
          <OrderSummary order={order} />
          <PayCodes order={order} />
          <p className="text-center text-sm text-gray-600" aria-live="polite">
            {t('payment.waiting')}
          </p>
          {check.data?.status === 'pending' && (
            <FormAlert tone="info">{t('payment.notReceivedYet')}</FormAlert>
          )}
          {(check.error ?? cancel.error) && (
            <FormAlert>{errorMessage(check.error ?? cancel.error, t)}</FormAlert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button
              variant="ghost"
              loading={cancel.isPending}
              disabled={check.isPending}
              onClick={() => cancel.mutate()}
            >
              {t('payment.cancelOrder')}
            </Button>
            <Button loading={check.isPending} onClick={() => check.mutate()}>
              {t('payment.iHavePaid')}
            </Button>
          </div>
        </Card>
      ) : order.status === 'paid' ? (
        <LoadingBlock label={t('payment.paidTitle')} />
      ) : (
        <EmptyState
          icon={TimerOff}
          title={t(`payment.closedTitle.${order.status}`)}
          description={t('payment.closedDescription')}
        >
          <div className="flex flex-col items-center gap-3">
            <NewOrderButton order={order} />
            <Link to="/upgrade" className={buttonClass('ghost')}>
              {t('payment.seePlans')}
            </Link>
          </div>
        </EmptyState>
      )}
    </div>
  );
}

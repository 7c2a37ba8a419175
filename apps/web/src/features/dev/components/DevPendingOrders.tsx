import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentProvider } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Card } from '../../../shared/ui/Page';
import { errorMessage } from '../../../lib/errors';
import { formatCny, relativeTime } from '../../../lib/format';
import { devPayOrder, devPendingOrdersQuery } from '../api';

const PROVIDERS: readonly PaymentProvider[] = ['wechat', 'alipay'];

/**
 * /dev: pending orders of every user, each with a Pay button per provider that makes the payments
 * sandbox pay it and send its signed callback. Absent when the sandbox is off (production).
 */
export function DevPendingOrders() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(devPendingOrdersQuery());
  const pay = useMutation({
    mutationFn: ({ id, provider }: { id: string; provider: PaymentProvider }) =>
      devPayOrder(id, provider),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devPendingOrdersQuery().queryKey }),
  });
  if (query.error || !query.data) return null;
  const orders = query.data;
  return (
    <Card className="mb-6 overflow-hidden">
      <h2 className="border-b border-gray-200 px-4 py-3 text-base font-semibold text-gray-900">
        {t('dev.orders.title')}
      </h2>
      {pay.error && (
        <div className="p-4">
          <FormAlert>{errorMessage(pay.error, t)}</FormAlert>
        </div>
      )}
      {orders.length === 0 ? (
        <p className="px-4 py-4 text-sm text-gray-600">{t('dev.orders.empty')}</p>
      ) : (
        <ul aria-label={t('dev.orders.title')} className="divide-y divide-gray-100">
          {orders.map((order) => (
            <li
              key={order.id}
              data-order-id={order.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <span className="min-w-0 text-sm">
                <span className="block font-medium text-gray-900">
                  {t(`plans.${order.plan_id}`)} · {t(`upgrade.${order.plan_period}`)} ·{' '}
                  {formatCny(order.amount / 100, i18n.language)}
                </span>
                <span className="block font-mono text-xs text-gray-600">{order.order_no}</span>
                <span className="block text-xs text-gray-400">
                  {relativeTime(order.created_at, t, i18n.language)}
                </span>
              </span>
              <span className="flex gap-2">
                {PROVIDERS.map((provider) => (
                  <Button
                    key={provider}
                    size="sm"
                    variant="secondary"
                    loading={
                      pay.isPending &&
                      pay.variables.id === order.id &&
                      pay.variables.provider === provider
                    }
                    disabled={pay.isPending}
                    onClick={() => pay.mutate({ id: order.id, provider })}
                  >
                    {t('dev.orders.pay', { provider: t(`payment.providers.${provider}`) })}
                  </Button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

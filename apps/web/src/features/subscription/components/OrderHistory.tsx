import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@truss/contracts';
import { FormAlert } from '../../../components/ui/Field';
import { Badge, Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCny, formatDateTime } from '../../../lib/format';
import { ordersQuery } from '../api';

const TONES: Record<OrderStatus, 'green' | 'amber' | 'red' | 'gray'> = {
  paid: 'green',
  pending: 'amber',
  expired: 'gray',
  cancelled: 'gray',
  refunded: 'red',
};

/** The user's orders, newest first: paid ones link to their printable receipt. */
export function OrderHistory() {
  const { t, i18n } = useTranslation();
  const { data, isLoading, error } = useQuery(ordersQuery());
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-gray-200 px-5 py-3 text-base font-semibold text-gray-900">
        {t('orders.title')}
      </h2>
      {isLoading ? (
        <LoadingBlock label={t('common.loading')} />
      ) : error ? (
        <div className="p-5">
          <FormAlert>{errorMessage(error, t)}</FormAlert>
        </div>
      ) : !data?.length ? (
        <p className="px-5 py-6 text-sm text-gray-600">{t('orders.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-gray-50 text-left text-xs text-gray-500 uppercase">
              <tr>
                <th className="px-5 py-2 font-medium">{t('orders.date')}</th>
                <th className="px-5 py-2 font-medium">{t('payment.plan')}</th>
                <th className="px-5 py-2 text-right font-medium">{t('payment.amount')}</th>
                <th className="px-5 py-2 font-medium">{t('receipt.status')}</th>
                <th className="px-5 py-2">
                  <span className="sr-only">{t('orders.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {data.map((order) => (
                <tr key={order.id}>
                  <td className="px-5 py-3 whitespace-nowrap text-gray-700">
                    {formatDateTime(order.paid_at ?? order.created_at, i18n.language)}
                  </td>
                  <td className="px-5 py-3 text-gray-900">
                    {t(`plans.${order.plan_id}`)} · {t(`upgrade.${order.plan_period}`)}
                  </td>
                  <td className="px-5 py-3 text-right text-gray-900 tabular-nums">
                    {formatCny(order.amount / 100, i18n.language)}
                  </td>
                  <td className="px-5 py-3">
                    <Badge tone={TONES[order.status]}>{t(`orders.status.${order.status}`)}</Badge>
                  </td>
                  <td className="px-5 py-3 text-right whitespace-nowrap">
                    {order.status === 'paid' || order.status === 'refunded' ? (
                      <Link
                        to={`/receipt/${order.id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {t('orders.receipt')}
                      </Link>
                    ) : order.status === 'pending' ? (
                      <Link
                        to={`/upgrade/paycode?order=${order.id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {t('orders.pay')}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

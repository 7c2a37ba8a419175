import { useTranslation } from 'react-i18next';
import type { Order } from '@truss/contracts';
import { formatCny, formatDateTime } from '../../../lib/format';

/** Plan, period, amount and order number of an order, as a definition list. */
export function OrderSummary({
  order,
  showPaidAt = false,
}: {
  order: Order;
  showPaidAt?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('payment.plan'), `${t(`plans.${order.plan_id}`)} · ${t(`upgrade.${order.plan_period}`)}`],
    [t('payment.amount'), formatCny(order.amount / 100, i18n.language)],
    [t('payment.orderNo'), order.order_no],
    [t('payment.createdAt'), formatDateTime(order.created_at, i18n.language)],
  ];
  if (showPaidAt && order.paid_at) {
    rows.push([t('payment.paidAt'), formatDateTime(order.paid_at, i18n.language)]);
    if (order.provider)
      rows.push([t('payment.paidWith'), t(`payment.providers.${order.provider}`)]);
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-500">{label}</dt>
          <dd className="text-right font-medium break-all text-gray-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

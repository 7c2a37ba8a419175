import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { LogoMark } from '../../../components/ui/Brand';
import { FormAlert } from '../../../components/ui/Field';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCny, formatDateTime } from '../../../lib/format';
import { useAuth } from '../../../lib/auth-store';
import { orderQuery } from '../api';

/** /receipt/{id}: a paid order's receipt as a plain printable page (no app frame). */
export default function ReceiptPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(orderQuery(id));
  const profile = useAuth((s) => s.profile ?? s.user);
  const order = query.data;
  if (query.isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (!order) return <FormAlert>{errorMessage(query.error, t)}</FormAlert>;
  const paid = order.status === 'paid' || order.status === 'refunded';
  const rows: [string, string][] = [
    [t('payment.orderNo'), order.order_no],
    [t('receipt.customer'), profile?.email ?? ''],
    [t('payment.plan'), `${t(`plans.${order.plan_id}`)} · ${t(`upgrade.${order.plan_period}`)}`],
    [t('payment.createdAt'), formatDateTime(order.created_at, i18n.language)],
    [t('payment.paidAt'), order.paid_at ? formatDateTime(order.paid_at, i18n.language) : '—'],
    [t('payment.paidWith'), order.provider ? t(`payment.providers.${order.provider}`) : '—'],
    [t('receipt.status'), t(`orders.status.${order.status}`)],
  ];
  return (
    <main className="mx-auto max-w-2xl bg-white p-10 text-gray-900 print:p-0">
      <div className="mb-8 flex items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <LogoMark className="size-9" />
          <div>
            <p className="text-lg font-semibold">{t('app.title')}</p>
            <h1 className="text-sm text-gray-600">
              {paid ? t('receipt.title') : t('receipt.notPaid')}
            </h1>
          </div>
        </div>
        <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          {t('receipt.print')}
        </Button>
      </div>
      <table className="w-full text-sm">
        <tbody className="divide-y divide-gray-200">
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="py-2 pr-6 text-left font-normal text-gray-600">
                {label}
              </th>
              <td className="py-2 text-right break-all">{value}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-gray-900">
            <th scope="row" className="pt-3 text-left font-semibold">
              {t('receipt.total')}
            </th>
            <td className="pt-3 text-right text-lg font-semibold tabular-nums">
              {formatCny(order.amount / 100, i18n.language)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-8 text-xs text-gray-500">{t('receipt.note')}</p>
    </main>
  );
}

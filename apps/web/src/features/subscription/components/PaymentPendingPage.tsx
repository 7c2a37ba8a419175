import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QrCode } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';

/** /upgrade/paycode and /upgrade/payment: the pay-by-QR steps, not connected in this release. */
export default function PaymentPendingPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isPaycode = pathname.endsWith('/paycode');
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-gray-900">
        {isPaycode ? t('payment.paycodeTitle') : t('payment.paymentTitle')}
      </h1>
      <EmptyState
        icon={QrCode}
        title={t('payment.notYetTitle')}
        description={t('payment.notYetDescription')}
      >
        <Link to="/upgrade" className={buttonClass('secondary')}>
          {t('payment.seePlans')}
        </Link>
      </EmptyState>
    </div>
  );
}

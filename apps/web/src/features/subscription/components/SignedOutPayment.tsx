import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { signInPath } from '../../../lib/navigation';

/**
 * The payment pages are open (spec §2 guard: upgrade-paycode, upgrade-payment), but an order is
 * the account's own: signed out, the page stays and says so instead of bouncing to sign-in, with
 * a way to sign in and come back to this very order.
 */
export function SignedOutPayment() {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <div className="mx-auto max-w-xl">
      {/* The page's heading for screen readers; the card says the rest. */}
      <h1 className="sr-only">{t('titles.payment')}</h1>
      <EmptyState
        icon={LogIn}
        title={t('payment.signedOut.title')}
        description={t('payment.signedOut.description')}
      >
        <Link to={signInPath(here)} className={buttonClass('primary')}>
          {t('payment.signedOut.signIn')}
        </Link>
      </EmptyState>
    </div>
  );
}

import { page } from '../../lib/routing';

/** Default layout, signed in. */
export const subscriptionRoutes = [
  page('upgrade', { name: 'upgrade', title: 'upgrade' }, () => import('./components/UpgradePage')),
  page(
    'subscription',
    { name: 'subscription', title: 'subscription' },
    () => import('./components/SubscriptionPage'),
  ),
];

/** Payment pages are open (spec §2 guard) and shown without the app frame. */
export const paymentRoutes = [
  page(
    'upgrade/paycode',
    { name: 'upgrade-paycode', title: 'payment' },
    () => import('./components/PaycodePage'),
  ),
  page(
    'upgrade/payment',
    { name: 'upgrade-payment', title: 'payment' },
    () => import('./components/PaymentResultPage'),
  ),
];

/** A receipt is a bare printable page (signed in, no app frame). */
export const receiptRoutes = [
  page(
    'receipt/:id',
    { name: 'receipt', title: 'receipt' },
    () => import('./components/ReceiptPage'),
  ),
];

import { page } from '../../lib/routing';

export const legalRoutes = [
  page('terms', { name: 'page-terms', title: 'terms' }, () => import('./components/TermsPage')),
  page(
    'privacy',
    { name: 'page-privacy', title: 'privacy' },
    () => import('./components/PrivacyPage'),
  ),
  page(
    'cookie-policy',
    { name: 'page-cookie-policy', title: 'cookies' },
    () => import('./components/CookiePolicyPage'),
  ),
];

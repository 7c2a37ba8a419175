import { CURRENCY, type Plan } from '@truss/contracts';

/**
 * The plans Truss sells: the one place that states prices (CNY, yuan) and limits.
 * A limit of null means unlimited. Enterprise is sold yearly only, through sales.
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'For trying Truss and small personal work.',
    currency: CURRENCY,
    prices: { monthly: 0, yearly: 0 },
    periods: ['monthly', 'yearly'],
    contact_sales: false,
    recommended: false,
    features: {
      template_library: false,
      priority_support: false,
      advanced_analytics: false,
      sso: false,
      dedicated_account_manager: false,
    },
    limits: { projects: 3, members_per_project: 5, models_per_project: 10, storage_gb: 1 },
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For professionals and small teams sharing models every day.',
    currency: CURRENCY,
    prices: { monthly: 99, yearly: 990 },
    periods: ['monthly', 'yearly'],
    contact_sales: false,
    recommended: true,
    features: {
      template_library: true,
      priority_support: true,
      advanced_analytics: true,
      sso: false,
      dedicated_account_manager: false,
    },
    limits: { projects: 50, members_per_project: 50, models_per_project: 500, storage_gb: 100 },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For organisations: unlimited use, single sign-on and a dedicated manager.',
    currency: CURRENCY,
    prices: { monthly: null, yearly: 19800 },
    periods: ['yearly'],
    contact_sales: true,
    recommended: false,
    features: {
      template_library: true,
      priority_support: true,
      advanced_analytics: true,
      sso: true,
      dedicated_account_manager: true,
    },
    limits: {
      projects: null,
      members_per_project: null,
      models_per_project: null,
      storage_gb: null,
    },
  },
];

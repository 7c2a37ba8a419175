import { CURRENCY, type Plan } from '@truss/contracts';

/**
 * The plans Truss sells: the one place that states prices (CNY, yuan) and limits.
 * A limit of null means unlimited. Enterprise is sold yearly only, through sales.
 *
 * Feature flags state only what exists (issue 17 item 15). The plans differ by their limits,
 * which the server enforces. Priority support and a dedicated account manager are services
 * people give to paying customers (nothing in the software to gate). Truss has no template
 * library, no advanced analytics and no single sign-on for organisations (SAML/OIDC): their
 * flags are false on every plan and the plan cards do not list them. The keys stay because the
 * API's plan shape (spec §3) names them.
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
      template_library: false,
      priority_support: true,
      advanced_analytics: false,
      sso: false,
      dedicated_account_manager: false,
    },
    limits: { projects: 50, members_per_project: 50, models_per_project: 500, storage_gb: 100 },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description:
      'For organisations: unlimited use, yearly billing and a dedicated account manager.',
    currency: CURRENCY,
    prices: { monthly: null, yearly: 19800 },
    periods: ['yearly'],
    contact_sales: true,
    recommended: false,
    features: {
      template_library: false,
      priority_support: true,
      advanced_analytics: false,
      sso: false,
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

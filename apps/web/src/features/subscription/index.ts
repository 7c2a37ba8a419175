/**
 * The subscription feature's door: what other features may use of it (plans, subscriptions and
 * payments). A file of another feature imports `features/subscription` (this file), never a file
 * inside it (eslint.config.js, featureInternals). Named re-exports only, so a page takes the
 * modules it uses and no more.
 */
export { plansQuery, subscriptionKey, subscriptionQuery } from './api';
export { OrderHistory } from './components/OrderHistory';
export { PlanGrid } from './plans/PlanGrid';
export { SubscriptionSummary } from './components/SubscriptionSummary';

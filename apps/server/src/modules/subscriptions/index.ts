import type { CachedReads } from '../cache/index.ts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { DataAccess } from '../../repositories.ts';
import type { SubscriptionsRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import { subscriptionsRoutes } from './routes.ts';
import { SubscriptionsService, type PaidPlanSource } from './service.ts';

export type { PlanLimits } from './service.ts';
export { findPlan, SubscriptionsService, type PaidPlanSource } from './service.ts';
export {
  createSubscriptionsRepositories,
  storageUsage,
  type SubscriptionsRepositories,
} from './repositories.ts';

export interface SubscriptionsDeps {
  data: DataAccess<SubscriptionsRepositories>;
  requireAuth: onRequestAsyncHookHandler;
  /** The plan a user has paid for (the payments module); default: everyone is on Free. */
  paidPlan?: PaidPlanSource;
  /** The hot reads' cache: each user's subscription and usage are kept in it. */
  cache?: CachedReads;
}

/** Plans and usage; the models module asks it for an owner's allowance. */
export const register: RegisterModule<
  SubscriptionsDeps,
  { subscriptions: SubscriptionsService }
> = async (app, deps) => {
  const subscriptions = new SubscriptionsService(deps.data, deps.paidPlan, deps.cache);
  await app.register(subscriptionsRoutes, { subscriptions, requireAuth: deps.requireAuth });
  return { subscriptions };
};

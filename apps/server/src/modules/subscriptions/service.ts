import {
  FREE_PLAN_ID,
  isUnlimited,
  type Plan,
  type PlanId,
  type UserSubscription,
} from '@truss/contracts';
import type { DataAccess } from '../../repositories.ts';
import { PLANS } from './plans.config.ts';

const GIB = 1024 ** 3;

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`plan ${id} is not configured`);
  return plan;
}

/** `exceeded` once the limit is reached; an unlimited limit is never exceeded. */
function usage(current: number, limit: number | null) {
  const unlimited = isUnlimited(limit);
  return {
    current,
    limit: unlimited ? null : limit,
    exceeded: !unlimited && limit !== null && current >= limit,
  };
}

export class SubscriptionsService {
  constructor(private readonly data: DataAccess) {}

  listPlans(): Plan[] {
    return [...PLANS];
  }

  /** Until orders exist every user is on the free plan; the usage figures are real. */
  async getUserSubscription(userId: string): Promise<UserSubscription> {
    const plan = findPlan(FREE_PLAN_ID);
    const used = await this.data.repos.subscriptions.usage(userId);
    const storageLimit = isUnlimited(plan.limits.storage_gb)
      ? ('unlimited' as const)
      : (plan.limits.storage_gb ?? 0) * GIB;
    return {
      plan: { id: plan.id, name: plan.name, features: plan.features },
      status: 'active',
      period: null,
      current_period_end: null,
      limits: {
        projects: usage(used.projects, plan.limits.projects),
        members_per_project: usage(used.maxMembersPerProject, plan.limits.members_per_project),
        models_per_project: usage(used.maxModelsPerProject, plan.limits.models_per_project),
        storage: {
          current: used.storageBytes,
          limit: storageLimit,
          exceeded: storageLimit !== 'unlimited' && used.storageBytes >= storageLimit,
        },
      },
    };
  }
}

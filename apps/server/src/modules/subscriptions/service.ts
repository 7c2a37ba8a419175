import {
  FREE_PLAN_ID,
  isUnlimited,
  type Plan,
  type PlanId,
  type PlanPeriod,
  type UserSubscription,
} from '@truss/contracts';
import type { DataAccess } from '../../repositories.ts';
import type { SubscriptionsRepositories } from './repositories.ts';
import { uncached, type CachedReads } from '../cache/index.ts';
import type { Usage } from './repository.ts';
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

/** Counted limits of a plan; null: unlimited. */
export interface PlanLimits {
  /** Projects the user owns (the default project included). */
  projects: number | null;
  /** Accepted members plus live pending invitations in one project the user owns. */
  membersPerProject: number | null;
}

/** The plan a user has paid for right now (the payments module); null: the free plan. */
export type PaidPlanSource = (
  userId: string,
) => Promise<{ planId: PlanId; period: PlanPeriod; endsAt: Date } | null>;

export class SubscriptionsService {
  constructor(
    private readonly data: DataAccess<SubscriptionsRepositories>,
    private readonly paidPlan: PaidPlanSource = async () => null,
    private readonly cache: CachedReads = uncached,
  ) {}

  listPlans(): Plan[] {
    return [...PLANS];
  }

  /**
   * The limits of the plan the user is on now (null: unlimited). Callers read them before their
   * own transaction and count usage inside it, so two requests cannot both pass the last place.
   */
  async planLimits(userId: string): Promise<PlanLimits> {
    const paid = await this.paidPlan(userId);
    const { limits } = findPlan(paid?.planId ?? FREE_PLAN_ID);
    const limit = (value: number | null) => (isUnlimited(value) ? null : value);
    return {
      projects: limit(limits.projects),
      membersPerProject: limit(limits.members_per_project),
    };
  }

  /** Projects report their owner's tier: 'paid' while a paid period of the owner runs. */
  async ownerTier(userId: string): Promise<'free' | 'paid'> {
    return (await this.paidPlan(userId)) ? 'paid' : 'free';
  }

  /**
   * The paid plan while a paid period runs, else the free plan; the usage figures are real.
   * Cached per user until their plan (`u:`) or one of their projects (`p:`: members, models)
   * changes, and no longer than the paid period runs.
   */
  async getUserSubscription(userId: string): Promise<UserSubscription> {
    return this.cache.read(`subscription:${userId}`, async () => {
      const paid = await this.paidPlan(userId);
      const [used, owned] = await Promise.all([
        this.data.repos.subscriptions.usage(userId),
        this.data.repos.subscriptions.ownedProjectIds(userId),
      ]);
      return {
        value: subscriptionOf(paid, used),
        tags: [`u:${userId}`, ...owned.map((id) => `p:${id}`)],
        until: paid?.endsAt ?? null,
      };
    });
  }
}

function subscriptionOf(paid: Awaited<ReturnType<PaidPlanSource>>, used: Usage): UserSubscription {
  const plan = findPlan(paid?.planId ?? FREE_PLAN_ID);
  const storageLimit = isUnlimited(plan.limits.storage_gb)
    ? ('unlimited' as const)
    : (plan.limits.storage_gb ?? 0) * GIB;
  return {
    plan: { id: plan.id, name: plan.name, features: plan.features },
    status: 'active',
    period: paid?.period ?? null,
    current_period_end: paid?.endsAt.toISOString() ?? null,
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

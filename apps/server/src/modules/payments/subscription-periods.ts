import type { PlanId, PlanPeriod } from '@truss/contracts';
import type { PaidPlanId, SubscriptionPeriodRow } from '../../db/schema.ts';
import type { PaymentsRepositories } from './repositories.ts';
import { addPeriod, PLAN_RANK } from './periods.ts';

/** The plan a user has paid for right now; null: the free plan. */
export interface PaidPlan {
  planId: PaidPlanId;
  period: PlanPeriod;
  /** End of this plan's unbroken run of periods (paying again extends it). */
  endsAt: Date;
}

/**
 * The paid plan at `now`, computed on read: the highest plan among the running periods. When
 * the last period ends the user is back on Free without any job having to run.
 */
export async function currentPaidPlan(
  repos: PaymentsRepositories,
  userId: string,
  now: Date,
): Promise<PaidPlan | null> {
  const periods = await repos.payments.periodsEndingAfter(userId, now);
  const running = periods.filter((period) => period.starts_at <= now);
  if (running.length === 0) return null;
  const best = running.reduce((a, b) => (PLAN_RANK[b.plan_id] > PLAN_RANK[a.plan_id] ? b : a));
  return { planId: best.plan_id, period: best.plan_period, endsAt: chainEnd(periods, best) };
}

/** Follows periods of the same plan that start before (or when) the previous one ends. */
function chainEnd(periods: SubscriptionPeriodRow[], from: SubscriptionPeriodRow): Date {
  let end = from.ends_at;
  for (const period of periods) {
    if (period.plan_id === from.plan_id && period.starts_at <= end && period.ends_at > end) {
      end = period.ends_at;
    }
  }
  return end;
}

function plansAtOrAbove(planId: PaidPlanId): PaidPlanId[] {
  return (['pro', 'enterprise'] as const).filter(
    (plan) => PLAN_RANK[plan] >= PLAN_RANK[planId as PlanId],
  );
}

/**
 * The period a newly paid order buys. Paying again for the same plan extends from the current
 * end; a higher plan starts now (the lower one runs on underneath, hidden); a lower plan starts
 * when the higher ones end.
 */
export async function nextPeriod(
  repos: PaymentsRepositories,
  userId: string,
  planId: PaidPlanId,
  period: PlanPeriod,
  now: Date,
): Promise<{ startsAt: Date; endsAt: Date }> {
  const latestEnd = await repos.payments.latestPeriodEnd(userId, plansAtOrAbove(planId));
  const startsAt = latestEnd && latestEnd > now ? latestEnd : now;
  return { startsAt, endsAt: addPeriod(startsAt, period) };
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PaidPlanId } from '../db/schema.ts';

/**
 * Puts a user on a paid plan for a year from `at` without going through a provider: a paid
 * order and the period it bought, written as settlement writes them. For tests that need more
 * than the Free plan allows (many projects or members) and are not about payments.
 */
export async function grantPaidPlan(
  db: Kysely<Database>,
  userId: string,
  planId: PaidPlanId = 'pro',
  at: Date = new Date(),
): Promise<{ endsAt: Date }> {
  const endsAt = new Date(at);
  endsAt.setUTCFullYear(endsAt.getUTCFullYear() + 1);
  const order = await db
    .insertInto('orders')
    .values({
      order_no: `TEST${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      user_id: userId,
      plan_id: planId,
      plan_period: 'yearly',
      amount_fen: 1,
      currency: 'CNY',
      status: 'paid',
      created_at: at,
      expires_at: at,
      paid_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscription_periods')
    .values({
      user_id: userId,
      order_id: order.id,
      plan_id: planId,
      plan_period: 'yearly',
      starts_at: at,
      ends_at: endsAt,
      created_at: at,
    })
    .execute();
  return { endsAt };
}

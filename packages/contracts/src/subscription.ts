import { z } from 'zod';
import { CURRENCY } from './paths.ts';

export const planIdSchema = z.enum(['free', 'pro', 'enterprise']);
export type PlanId = z.infer<typeof planIdSchema>;
export const planPeriodSchema = z.enum(['monthly', 'yearly']);
export type PlanPeriod = z.infer<typeof planPeriodSchema>;

/**
 * The plan shape's feature flags (spec §3). Only some exist in Truss (see plans.config.ts on the
 * server); `offeredFeatureKeys` picks those that some plan has, for the plan cards.
 */
const planFeatureKeys = [
  'template_library',
  'priority_support',
  'advanced_analytics',
  'sso',
  'dedicated_account_manager',
] as const;
const planFeaturesSchema = z.object({
  template_library: z.boolean(),
  priority_support: z.boolean(),
  advanced_analytics: z.boolean(),
  sso: z.boolean(),
  dedicated_account_manager: z.boolean(),
});
type PlanFeatures = z.infer<typeof planFeaturesSchema>;

/** The features that at least one of `plans` has: the only ones worth listing. */
export function offeredFeatureKeys(
  plans: readonly { features: PlanFeatures }[],
): (typeof planFeatureKeys)[number][] {
  return planFeatureKeys.filter((key) => plans.some((plan) => plan.features[key]));
}

/** null or -1 means unlimited (spec §3). */
const limitValueSchema = z.number().int().nullable();

const planLimitsSchema = z.object({
  projects: limitValueSchema,
  members_per_project: limitValueSchema,
  models_per_project: limitValueSchema,
  storage_gb: limitValueSchema,
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

const planSchema = z
  .object({
    id: planIdSchema,
    name: z.string(),
    description: z.string(),
    currency: z.literal(CURRENCY),
    /** Price per period in CNY (yuan); null when the period is not offered. */
    prices: z.object({ monthly: z.number().nullable(), yearly: z.number().nullable() }),
    periods: z.array(planPeriodSchema),
    contact_sales: z.boolean(),
    recommended: z.boolean(),
    features: planFeaturesSchema,
    limits: planLimitsSchema,
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

/**
 * `exceeded` is true once `current` has reached `limit` (nothing more may be added); never true
 * for an unlimited (null) limit.
 */
const usageLimitSchema = z.object({
  current: z.number(),
  limit: z.number().nullable(),
  exceeded: z.boolean(),
});
const storageLimitSchema = z.object({
  /** Bytes used. */
  current: z.number(),
  /** Bytes allowed, or "unlimited". */
  limit: z.union([z.number(), z.literal('unlimited')]),
  exceeded: z.boolean(),
});

export const userSubscriptionSchema = z
  .object({
    plan: z.object({ id: planIdSchema, name: z.string(), features: planFeaturesSchema }),
    status: z.enum(['active', 'expired', 'cancelled']),
    period: planPeriodSchema.nullable(),
    current_period_end: z.string().nullable(),
    limits: z.object({
      projects: usageLimitSchema,
      members_per_project: usageLimitSchema,
      models_per_project: usageLimitSchema,
      storage: storageLimitSchema,
    }),
  })
  .meta({ id: 'UserSubscription' });
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

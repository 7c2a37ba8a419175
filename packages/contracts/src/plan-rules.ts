/**
 * Plan facts the pages need before any schema (no zod here, so a signed-in page's first render
 * loads none: apps/web's chunk groups).
 */
export const FREE_PLAN_ID = 'free';

/** A limit of null or -1 means unlimited. */
export function isUnlimited(limit: number | null | 'unlimited'): boolean {
  return limit === null || limit === -1 || limit === 'unlimited';
}

const MIB = 1024 * 1024;

/**
 * The largest single file (photo, PDF, any file) attached to a topic or a comment, by the plan
 * of the project's owner. Attachments also count in the plan's storage like models do.
 */
export const ATTACHMENT_MAX_BYTES: Readonly<Record<'free' | 'pro' | 'enterprise', number>> = {
  free: 10 * MIB,
  pro: 50 * MIB,
  enterprise: 200 * MIB,
};

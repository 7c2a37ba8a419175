/**
 * Plan facts the pages need before any schema (no zod here, so a signed-in page's first render
 * loads none: apps/web's chunk groups).
 */
export const FREE_PLAN_ID = 'free';

/** A limit of null or -1 means unlimited. */
export function isUnlimited(limit: number | null | 'unlimited'): boolean {
  return limit === null || limit === -1 || limit === 'unlimited';
}

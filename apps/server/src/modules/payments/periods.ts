import type { Plan, PlanId, PlanPeriod } from '@truss/contracts';

/** Plans ranked: a period of a higher plan wins while both run. */
export const PLAN_RANK: Record<PlanId, number> = { free: 0, pro: 1, enterprise: 2 };

/**
 * The price of one period in integer fen. plans.config states prices in whole yuan for the
 * plan cards; anything that is not a whole number of fen is a configuration error.
 */
export function priceInFen(plan: Plan, period: PlanPeriod): number | null {
  const yuan = plan.prices[period];
  if (yuan === null || yuan <= 0 || !plan.periods.includes(period)) return null;
  const fen = Math.round(yuan * 100);
  if (Math.abs(fen - yuan * 100) > 1e-6) throw new Error(`price of ${plan.id} is not whole fen`);
  return fen;
}

/**
 * `start` plus one calendar month or year, same time of day (UTC). A day that the target month
 * lacks is clamped to its last day: Jan 31 + 1 month = Feb 28 (29).
 */
export function addPeriod(start: Date, period: PlanPeriod): Date {
  const months = period === 'yearly' ? 12 : 1;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** "99.00" (Alipay's total_amount) -> 9900 fen, without floating point. null if malformed. */
export function yuanTextToFen(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 9900 -> "99.00" (Alipay's total_amount). */
export function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/** "2025-01-31 18:00:00" in China time (Alipay's time format). */
export function beijingTimeText(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses Alipay's "yyyy-MM-dd HH:mm:ss" (China time). */
export function parseBeijingTime(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** RFC 3339 in China time, as WeChat Pay writes times: 2025-01-31T18:00:00+08:00. */
export function rfc3339Beijing(date: Date): string {
  return `${beijingTimeText(date).replace(' ', 'T')}+08:00`;
}

/**
 * The topic list's extra filters (type, assignee, label, due) as the server's list query
 * parameters. Due dates are stored as UTC midnight of the chosen day (TopicFields), so the
 * day boundaries here are the user's local calendar day at UTC midnight too.
 */
import type { TopicFilter } from './api';

export type DueFilter = '' | 'overdue' | 'week' | 'none';

export interface ExtraFilter {
  type: string;
  /** A user id, 'none' (unassigned) or '' (anyone). */
  assignee: string;
  label: string;
  due: DueFilter;
}

export const NO_EXTRA_FILTER: ExtraFilter = { type: '', assignee: '', label: '', due: '' };

const DAY = 24 * 60 * 60 * 1000;

/** Local calendar day `now` falls on, as UTC midnight (how due dates are stored). */
function dayStart(now: Date): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * The list query for a due filter: overdue is due before today; this week is due Monday to
 * Sunday of the current week; "none" is the server's `due=none` (no due date).
 */
export function dueRange(
  due: DueFilter,
  now: Date,
): Pick<TopicFilter, 'dueBefore' | 'dueAfter' | 'due'> {
  if (due === 'none') return { due: 'none' };
  const today = dayStart(now);
  if (due === 'overdue') return { dueBefore: new Date(today).toISOString() };
  if (due === 'week') {
    const monday = today - ((now.getDay() + 6) % 7) * DAY;
    return {
      dueAfter: new Date(monday).toISOString(),
      dueBefore: new Date(monday + 7 * DAY).toISOString(),
    };
  }
  return {};
}

/** The list query part of the extra filters. */
export function extraFilterQuery(extra: ExtraFilter, now: Date): TopicFilter {
  return {
    ...(extra.type ? { type: extra.type } : {}),
    ...(extra.assignee ? { assignee: extra.assignee } : {}),
    ...(extra.label.trim() ? { label: extra.label.trim() } : {}),
    ...dueRange(extra.due, now),
  };
}

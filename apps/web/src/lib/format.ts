import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import type { Preferences } from '@truss/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DateFormat = Preferences['date_format'];
export type TimeFormat = Preferences['time_format'];
export type WeekStart = Preferences['week_start'];

/** The user's display preferences (spec §3 "Preferences"); unset parts follow the locale. */
export interface FormatPreferences {
  timezone?: string | null;
  dateFormat?: DateFormat | null;
  timeFormat?: TimeFormat | null;
  weekStart?: WeekStart | null;
}

// The signed-in user's preferences, set once they are loaded; every formatter reads them.
let current: FormatPreferences = {};
const listeners = new Set<() => void>();

export function setFormatPreferences(next: FormatPreferences): void {
  current = { ...next };
  for (const listener of listeners) listener();
}

export function getFormatPreferences(): FormatPreferences {
  return current;
}

/** Re-render when the preferences change (e.g. saved on the preferences page). */
export function useFormatPreferences(): FormatPreferences {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time zone Intl accepts, or undefined (the browser's own). */
function zone(prefs: FormatPreferences): string | undefined {
  const tz = prefs.timezone;
  if (!tz) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return undefined;
  }
}

/** Calendar year, month and day of `date` in the preferred time zone. */
export function calendarParts(
  date: Date,
  prefs: FormatPreferences = current,
): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone(prefs),
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** Days since 1970-01-01 of the calendar day `date` falls on in the preferred zone. */
function dayNumber(date: Date, prefs: FormatPreferences): number {
  const { year, month, day } = calendarParts(date, prefs);
  return Math.round(Date.UTC(year, month - 1, day) / DAY);
}

/** A calendar date in the chosen numeric pattern ("2026/11/22", "22/11/2026", ...). */
export function formatNumericDate(
  parts: { year: number; month: number; day: number },
  pattern: DateFormat,
): string {
  const yyyy = String(parts.year).padStart(4, '0');
  const mm = String(parts.month).padStart(2, '0');
  const dd = String(parts.day).padStart(2, '0');
  switch (pattern) {
    case 'yyyy/mm/dd':
      return `${yyyy}/${mm}/${dd}`;
    case 'dd/mm/yyyy':
      return `${dd}/${mm}/${yyyy}`;
    case 'mm/dd/yyyy':
      return `${mm}/${dd}/${yyyy}`;
    case 'yyyy-mm-dd':
      return `${yyyy}-${mm}-${dd}`;
  }
}

/**
 * A calendar date typed in the chosen numeric pattern (or as ISO yyyy-mm-dd) as `yyyy-mm-dd`;
 * null unless complete and a real day (31/02 is not).
 */
export function parseNumericDate(text: string, pattern: DateFormat): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const match = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(value);
  let parts: [string, string, string] | null = null;
  if (iso) parts = [iso[1]!, iso[2]!, iso[3]!];
  else if (match) {
    const [, a, b, c] = match as unknown as [string, string, string, string];
    if (pattern === 'dd/mm/yyyy') parts = [c, b, a];
    else if (pattern === 'mm/dd/yyyy') parts = [c, a, b];
    else parts = [a, b, c];
  }
  if (!parts || parts[0].length !== 4) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return formatNumericDate({ year, month, day }, 'yyyy-mm-dd');
}

/** Hours and minutes (and seconds) in the chosen 24- or 12-hour clock, in the preferred zone. */
export function formatTime(
  iso: string,
  locale: string,
  prefs: FormatPreferences = current,
  seconds = false,
): string {
  const date = validDate(iso);
  if (!date) return '';
  return date.toLocaleTimeString(locale, {
    timeZone: zone(prefs),
    hour: prefs.timeFormat ? '2-digit' : 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    ...(prefs.timeFormat ? { hourCycle: prefs.timeFormat === '12h' ? 'h12' : 'h23' } : {}),
  });
}

/** A date: the preferred numeric pattern, else the locale's long form ("November 22, 2026"). */
export function formatDate(
  iso: string | null,
  locale: string,
  prefs: FormatPreferences = current,
): string {
  const date = validDate(iso);
  if (!date) return '';
  if (prefs.dateFormat) return formatNumericDate(calendarParts(date, prefs), prefs.dateFormat);
  return date.toLocaleDateString(locale, {
    timeZone: zone(prefs),
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** A shorter date for lists: the preferred pattern, else "Nov 22, 2026". */
function formatShortDate(date: Date, locale: string, prefs: FormatPreferences): string {
  if (prefs.dateFormat) return formatNumericDate(calendarParts(date, prefs), prefs.dateFormat);
  return date.toLocaleDateString(locale, {
    timeZone: zone(prefs),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/**
 * Date and time: with no preferred date or time pattern, the locale's own (`localeOptions`);
 * else the short date and the time in the preferred patterns.
 */
function formatDateAndTime(
  iso: string,
  locale: string,
  prefs: FormatPreferences,
  localeOptions: Intl.DateTimeFormatOptions,
  seconds: boolean,
): string {
  const date = validDate(iso);
  if (!date) return iso;
  if (!prefs.dateFormat && !prefs.timeFormat) {
    return date.toLocaleString(locale, { timeZone: zone(prefs), ...localeOptions });
  }
  return `${formatShortDate(date, locale, prefs)} ${formatTime(iso, locale, prefs, seconds)}`;
}

/** Date and time to the second (tooltips, mail list). */
export function formatDateTime(
  iso: string,
  locale: string,
  prefs: FormatPreferences = current,
): string {
  const localeOptions = {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  } as const;
  return formatDateAndTime(iso, locale, prefs, localeOptions, true);
}

/** Date and time to the minute ("Nov 22, 2026, 9:41 AM" / "2026年11月22日 09:41"). */
export function formatShortDateTime(
  iso: string,
  locale: string,
  prefs: FormatPreferences = current,
): string {
  const localeOptions = { dateStyle: 'medium', timeStyle: 'short' } as const;
  return formatDateAndTime(iso, locale, prefs, localeOptions, false);
}

/**
 * Spec §9 relative labels: just now, N minutes ago, N hours ago, today, yesterday (then the date).
 * "Today" and "yesterday" are calendar days in the preferred time zone.
 */
export function relativeTime(
  iso: string,
  t: TFunction,
  locale: string,
  now: number = Date.now(),
  prefs: FormatPreferences = current,
): string {
  const date = validDate(iso);
  if (!date) return '';
  const diff = now - date.getTime();
  if (diff < MINUTE) return t('time.justNow');
  if (diff < HOUR) return t('time.minutesAgo', { count: Math.floor(diff / MINUTE) });
  if (diff < 12 * HOUR) return t('time.hoursAgo', { count: Math.floor(diff / HOUR) });
  const days = dayNumber(new Date(now), prefs) - dayNumber(date, prefs);
  if (days <= 0) return t('time.today');
  if (days === 1) return t('time.yesterday');
  return formatShortDate(date, locale, prefs);
}

/** Prices are in CNY (yuan). */
export function formatCny(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

const WEEKDAY_INDEX: Record<WeekStart, number> = { sunday: 0, monday: 1, saturday: 6 };

/** Weekday numbers (0 = Sunday) in display order for the preferred week start. */
export function weekdayOrder(weekStart: WeekStart = current.weekStart ?? 'monday'): number[] {
  const first = WEEKDAY_INDEX[weekStart];
  return Array.from({ length: 7 }, (_, i) => (first + i) % 7);
}

/**
 * A month grid for a calendar: weeks of 7 day numbers (null outside the month), the first
 * column being the preferred week start. `month` is 1..12.
 */
export function monthGrid(
  year: number,
  month: number,
  weekStart: WeekStart = current.weekStart ?? 'monday',
): (number | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (firstWeekday - WEEKDAY_INDEX[weekStart] + 7) % 7;
  const cells: (number | null)[] = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length: daysInMonth }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export interface PersonName {
  full_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  name_format?: 'eastern' | 'western' | null;
  email?: string | null;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * The one way a person's name is shown (header, members, creators): first and last name in the
 * person's name format — Eastern "last first", Western "first last" (CJK names without a
 * space) — else the full name, else the email.
 */
export function formatPersonName(person: PersonName | null | undefined): string {
  if (!person) return '';
  const first = person.first_name?.trim() ?? '';
  const last = person.last_name?.trim() ?? '';
  if (first || last) {
    const parts = person.name_format === 'eastern' ? [last, first] : [first, last];
    const filled = parts.filter(Boolean);
    const joiner = filled.every((p) => CJK.test(p)) ? '' : ' ';
    return filled.join(joiner);
  }
  const full = person.full_name?.trim();
  if (full) return full;
  return person.email ?? '';
}

/** A name the server composed (members, creators), else the email (none: a WeChat sign-up). */
export function personLabel(person: { name?: string | null; email: string | null }): string {
  return person.name?.trim() || person.email || '';
}

/** The formatter's view of the server's preferences object. */
export function toFormatPreferences(prefs: Omit<Preferences, 'language'>): FormatPreferences {
  return {
    timezone: prefs.timezone,
    dateFormat: prefs.date_format,
    timeFormat: prefs.time_format,
    weekStart: prefs.week_start,
  };
}

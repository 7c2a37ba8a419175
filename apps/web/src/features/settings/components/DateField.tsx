import { useId, useMemo, useState } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { inputClass } from '../../../components/ui/Field';
import {
  formatNumericDate,
  monthGrid,
  useFormatPreferences,
  weekdayOrder,
} from '../../../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/**
 * A calendar date (yyyy-mm-dd) picked from a month grid whose first column is the user's week
 * start; shown in the user's date format. Years from `minYear` to this year.
 */
export function DateField({
  label,
  value,
  onChange,
  error,
  minYear = 1900,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  minYear?: number;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const prefs = useFormatPreferences();
  const today = new Date();
  const thisYear = today.getFullYear();
  const [y, m, d] = (value ?? '').split('-').map(Number);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState({ year: y || thisYear - 30, month: m || 1 });

  const weekdays = useMemo(() => {
    const names = new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow' });
    // 2023-01-01 was a Sunday: day n of that week is weekday n.
    return weekdayOrder(prefs.weekStart ?? 'monday').map((n) =>
      names.format(new Date(Date.UTC(2023, 0, 1 + n, 12))),
    );
  }, [i18n.language, prefs.weekStart]);
  const monthNames = useMemo(() => {
    const names = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => names.format(new Date(Date.UTC(2023, i, 1))));
  }, [i18n.language]);

  const shown =
    value && y && m && d
      ? formatNumericDate({ year: y, month: m, day: d }, prefs.dateFormat ?? 'yyyy-mm-dd')
      : null;
  const step = (delta: number) =>
    setView((v) => {
      const index = v.year * 12 + (v.month - 1) + delta;
      const year = Math.floor(index / 12);
      return year < minYear || year > thisYear ? v : { year, month: (index % 12) + 1 };
    });
  const isFuture = (day: number) =>
    new Date(view.year, view.month - 1, day).getTime() > today.getTime();
  const select = 'rounded-md border border-gray-200 bg-white px-1.5 py-1 text-sm';

  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-trigger`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <Popover.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (next) setView({ year: y || thisYear - 30, month: m || 1 });
          }}
        >
          <Popover.Trigger
            id={`${id}-trigger`}
            aria-invalid={error ? true : undefined}
            className={inputClass(!!error, 'flex items-center gap-2 pr-10 text-left')}
          >
            <CalendarDays className="size-4 shrink-0 text-gray-400" aria-hidden />
            <span className={clsx('tabular-nums', !shown && 'text-gray-500')}>
              {shown ?? t('settings.profile.pickDate')}
            </span>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={4}
              className="z-50 w-72 rounded-xl border border-gray-200 bg-white p-3 shadow-lg"
            >
              <div className="mb-2 flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => step(-1)}
                  aria-label={t('settings.profile.previousMonth')}
                  className="rounded-md p-1 text-gray-500 hover:bg-gray-100"
                >
                  <ChevronLeft className="size-4" />
                </button>
                <select
                  aria-label={t('settings.profile.month')}
                  value={view.month}
                  onChange={(e) => setView((v) => ({ ...v, month: Number(e.target.value) }))}
                  className={clsx(select, 'flex-1')}
                >
                  {monthNames.map((name, i) => (
                    <option key={name} value={i + 1}>
                      {name}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('settings.profile.year')}
                  value={view.year}
                  onChange={(e) => setView((v) => ({ ...v, year: Number(e.target.value) }))}
                  className={select}
                >
                  {Array.from({ length: thisYear - minYear + 1 }, (_, i) => thisYear - i).map(
                    (year) => (
                      <option key={year} value={year}>
                        {year}
                      </option>
                    ),
                  )}
                </select>
                <button
                  type="button"
                  onClick={() => step(1)}
                  aria-label={t('settings.profile.nextMonth')}
                  className="rounded-md p-1 text-gray-500 hover:bg-gray-100"
                >
                  <ChevronRight className="size-4" />
                </button>
              </div>
              <table className="w-full table-fixed text-center text-sm" role="grid">
                <thead>
                  <tr>
                    {weekdays.map((name, i) => (
                      <th key={i} className="pb-1 text-xs font-medium text-gray-500">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthGrid(view.year, view.month, prefs.weekStart ?? 'monday').map((week, w) => (
                    <tr key={w}>
                      {week.map((day, i) => (
                        <td key={i} className="p-0.5">
                          {day && (
                            <button
                              type="button"
                              disabled={isFuture(day)}
                              aria-pressed={value === isoDay(view.year, view.month, day)}
                              onClick={() => {
                                onChange(isoDay(view.year, view.month, day));
                                setOpen(false);
                              }}
                              className={clsx(
                                'size-8 rounded-md tabular-nums disabled:text-gray-300',
                                value === isoDay(view.year, view.month, day)
                                  ? 'bg-brand-600 font-semibold text-white'
                                  : 'text-gray-800 hover:bg-gray-100',
                              )}
                            >
                              {day}
                            </button>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        {value && (
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={t('settings.profile.clearDate')}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-gray-400 hover:text-gray-700"
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      {error && <p className="text-xs font-medium text-red-600">{error}</p>}
    </div>
  );
}

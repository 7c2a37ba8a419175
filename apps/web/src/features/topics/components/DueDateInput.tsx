import { useEffect, useState } from 'react';
import { formatNumericDate, parseNumericDate, useFormatPreferences } from '../../../lib/format';

/**
 * The due date typed in the user's date format (Settings → Preferences), not the browser's
 * (a native date input shows "mm/dd/yyyy" whatever the preference). A change is sent once the
 * text is a whole, real date, or cleared; an unfinished text waits and is undone on blur.
 */
export function DueDateInput({
  label,
  value,
  disabled,
  className,
  onChange,
}: {
  label: string;
  /** ISO date-time or null. */
  value: string | null;
  disabled: boolean;
  className: string;
  onChange: (dueDate: string | null) => void;
}) {
  const pattern = useFormatPreferences().dateFormat ?? 'yyyy-mm-dd';
  const day = value ? value.slice(0, 10) : '';
  const shown = day ? format(day, pattern) : '';
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={label}
      placeholder={pattern}
      className={className}
      disabled={disabled}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (next.trim() === '') {
          if (day) onChange(null);
          return;
        }
        const parsed = parseNumericDate(next, pattern);
        if (parsed && parsed !== day) onChange(new Date(`${parsed}T00:00:00Z`).toISOString());
      }}
      onBlur={() => setText(shown)}
    />
  );
}

function format(isoDay: string, pattern: Parameters<typeof formatNumericDate>[1]): string {
  const [year, month, dayOfMonth] = isoDay.split('-').map(Number) as [number, number, number];
  return formatNumericDate({ year, month, day: dayOfMonth }, pattern);
}

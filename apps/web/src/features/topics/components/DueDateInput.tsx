import { useEffect, useState } from 'react';
import { formatNumericDate, parseNumericDate, useFormatPreferences } from '../../../lib/format';

/**
 * The due date typed in the user's date format (Settings → Preferences), not the browser's
 * (a native date input shows "mm/dd/yyyy" whatever the preference). A change is sent once the
 * text is a real date written out in full (or, on blur, any real date), or cleared; an
 * unfinished text waits and is undone on blur.
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
  /** `whole`: the user is done (blur); while typing, only a date written out in full is sent. */
  const send = (typed: string, whole: boolean) => {
    const entry = typed.trim();
    if (entry === '') {
      if (day) onChange(null);
      return;
    }
    const parsed = parseNumericDate(entry, pattern);
    if (!parsed || parsed === day) return;
    // "2027-01-1" is a real day but most likely on its way to "2027-01-15".
    if (!whole && entry !== format(parsed, pattern) && entry !== parsed) return;
    onChange(new Date(`${parsed}T00:00:00Z`).toISOString());
  };
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
        setText(e.target.value);
        send(e.target.value, false);
      }}
      onBlur={() => {
        if (text.trim() !== '') send(text, true);
        const parsed = parseNumericDate(text, pattern);
        setText(parsed ? format(parsed, pattern) : shown);
      }}
    />
  );
}

function format(isoDay: string, pattern: Parameters<typeof formatNumericDate>[1]): string {
  const [year, month, dayOfMonth] = isoDay.split('-').map(Number) as [number, number, number];
  return formatNumericDate({ year, month, day: dayOfMonth }, pattern);
}

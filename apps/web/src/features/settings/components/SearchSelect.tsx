import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { inputClass } from '../../../components/ui/Field';

export interface SearchOption {
  value: string;
  label: string;
  /** Shown at the right of the row (e.g. "+86", "UTC+08:00"). */
  detail?: string;
}

/** Renders at most this many rows at once; typing narrows the list. */
const MAX_ROWS = 200;

/**
 * A button that opens a searchable list (countries, time zones). The search box is a combobox
 * driving a listbox, so arrows, Enter and Escape work and screen readers follow the active row.
 */
export function SearchSelect({
  label,
  value,
  options,
  onChange,
  matches,
  placeholder,
  searchPlaceholder,
  emptyText,
  error,
  disabled,
  triggerLabel,
  className,
}: {
  label: string;
  value: string | null;
  options: SearchOption[];
  onChange: (value: string) => void;
  /** Custom search (e.g. by calling code or a name in another language). */
  matches?: (option: SearchOption, query: string) => boolean;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  error?: string | undefined;
  disabled?: boolean;
  /** What the closed button shows for the chosen option (defaults to its label). */
  triggerLabel?: (option: SearchOption) => ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((o) => o.value === value) ?? null;

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return options;
    return options.filter((o) =>
      matches
        ? matches(o, query)
        : o.label.toLowerCase().includes(q) || o.value.toLowerCase().includes(q),
    );
  }, [options, query, matches]);
  const shown = filtered.slice(0, MAX_ROWS);

  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    onChange(option.value);
    setOpen(false);
  };

  const scrollTo = (index: number) => {
    listRef.current?.children[index]?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (next: number) => {
      event.preventDefault();
      const clamped = Math.max(0, Math.min(shown.length - 1, next));
      setActive(clamped);
      scrollTo(clamped);
    };
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(shown.length - 1);
    else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[active]);
    }
  };

  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={`${id}-trigger`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            setQuery('');
            const index = Math.max(
              0,
              options.findIndex((o) => o.value === value),
            );
            setActive(index < MAX_ROWS ? index : 0);
            requestAnimationFrame(() => scrollTo(index));
          }
        }}
      >
        <Popover.Trigger
          id={`${id}-trigger`}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(!!error, 'flex items-center justify-between gap-2 text-left')}
        >
          <span className={clsx('min-w-0 truncate', !selected && 'text-gray-500')}>
            {selected ? (triggerLabel?.(selected) ?? selected.label) : placeholder}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-gray-400" aria-hidden />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
          >
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
                aria-hidden
              />
              <input
                autoFocus
                role="combobox"
                aria-expanded
                aria-controls={`${id}-list`}
                aria-activedescendant={shown[active] ? `${id}-opt-${active}` : undefined}
                aria-label={searchPlaceholder}
                placeholder={searchPlaceholder}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                className={inputClass(false, 'pl-9')}
              />
            </div>
            <ul
              ref={listRef}
              id={`${id}-list`}
              role="listbox"
              aria-label={label}
              className="mt-2 max-h-64 overflow-y-auto"
            >
              {shown.map((option, index) => {
                const isSelected = option.value === value;
                return (
                  <li
                    key={option.value}
                    id={`${id}-opt-${index}`}
                    role="option"
                    aria-selected={isSelected}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(option)}
                    className={clsx(
                      'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm',
                      index === active ? 'bg-gray-100 text-gray-900' : 'text-gray-700',
                    )}
                  >
                    <Check
                      className={clsx('size-4 shrink-0 text-brand-600', !isSelected && 'invisible')}
                      aria-hidden
                    />
                    <span className="min-w-0 flex-1 truncate">{option.label}</span>
                    {option.detail && (
                      <span className="shrink-0 text-xs text-gray-500 tabular-nums">
                        {option.detail}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            {shown.length === 0 && <p className="px-2.5 py-3 text-sm text-gray-500">{emptyText}</p>}
            {filtered.length > shown.length && (
              <p className="px-2.5 pt-2 text-xs text-gray-500">
                {t('settings.search.more', { count: filtered.length - shown.length })}
              </p>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

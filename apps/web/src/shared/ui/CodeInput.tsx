import { forwardRef, useId, useState } from 'react';
import clsx from 'clsx';

/** Keep digits only (pasted "123 456" or "123-456" work), at most `length`. */
export function sanitizeCode(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  length?: number;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A one-time-code field drawn as separate digit boxes. One real input sits on top (transparent),
 * so typing, pasting, autofill from SMS/mail and assistive technology all work on one field.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { label, value, onChange, onComplete, length = 6, error, disabled, autoFocus },
  ref,
) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const active = Math.min(value.length, length - 1);

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${length}}`}
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={(e) => {
            setFocused(true);
            // Typing over a complete code replaces it.
            if (e.currentTarget.value.length >= length) e.currentTarget.select();
          }}
          onBlur={() => setFocused(false)}
          onChange={(e) => {
            const next = sanitizeCode(e.target.value, length);
            onChange(next);
            if (next.length === length && next !== value) onComplete?.(next);
          }}
          onPaste={(e) => {
            const pasted = sanitizeCode(e.clipboardData.getData('text'), length);
            if (!pasted) return;
            e.preventDefault();
            onChange(pasted);
            if (pasted.length === length) onComplete?.(pasted);
          }}
          className="absolute inset-0 z-10 h-full w-full cursor-text opacity-0 disabled:cursor-not-allowed"
        />
        <div
          aria-hidden
          className="grid gap-2 sm:gap-3"
          style={{ gridTemplateColumns: `repeat(${length}, minmax(0, 1fr))` }}
        >
          {Array.from({ length }, (_, i) => {
            const digit = value[i] ?? '';
            const isActive = focused && i === active;
            return (
              <div
                key={i}
                className={clsx(
                  'flex h-12 items-center justify-center rounded-lg border bg-white font-mono text-xl font-semibold text-gray-900 shadow-xs transition-all sm:h-14 sm:text-2xl',
                  error
                    ? 'border-red-400'
                    : isActive
                      ? 'border-brand-500 ring-3 ring-brand-500/15'
                      : 'border-gray-300',
                  disabled && 'bg-gray-50 text-gray-400',
                )}
              >
                {digit || (isActive && <span className="h-6 w-px animate-pulse bg-gray-900" />)}
              </div>
            );
          })}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});

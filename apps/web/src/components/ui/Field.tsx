import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const inputClass = (invalid?: boolean, className?: string) =>
  clsx(
    'block h-10 w-full rounded-lg border bg-white px-3 text-sm text-gray-900 shadow-xs transition-colors',
    'placeholder:text-gray-500 focus:outline-none focus:ring-3 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-500/15'
      : 'border-gray-300 hover:border-gray-400 focus:border-brand-500 focus:ring-brand-500/15',
    className,
  );

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra element at the right of the label row (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, labelAside, id, className, type = 'text', ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [reveal, setReveal] = useState(false);
  const { t } = useTranslation();
  const isPassword = type === 'password';
  const describedBy = clsx(error && `${inputId}-error`, hint && `${inputId}-hint`) || undefined;

  return (
    <div className={clsx('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && reveal ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass(!!error, isPassword ? 'pr-10' : undefined)}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setReveal((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-gray-400 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={reveal ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={reveal}
            aria-controls={inputId}
          >
            {reveal ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={`${inputId}-hint`} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, id, className, rows = 3, ...rest }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    const describedBy = clsx(error && `${inputId}-error`, hint && `${inputId}-hint`) || undefined;
    return (
      <div className={clsx('space-y-1.5', className)}>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass(!!error, 'h-auto resize-y py-2 leading-6')}
          {...rest}
        />
        {hint && !error && (
          <p id={`${inputId}-hint`} className="text-xs text-gray-500">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} className="text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </div>
    );
  },
);

export function FormAlert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'info' | 'success';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-lg border px-3 py-2.5 text-sm',
        tone === 'error' && 'border-red-200 bg-red-50 text-red-800',
        tone === 'info' && 'border-brand-200 bg-brand-50 text-brand-900',
        tone === 'success' && 'border-emerald-200 bg-emerald-50 text-emerald-800',
      )}
    >
      {children}
    </div>
  );
}

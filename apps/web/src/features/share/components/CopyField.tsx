import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { copyText } from '../clipboard';

const COPIED_MS = 2000;

/**
 * A read-only value (link, code, embed snippet) with a Copy button. When the browser refuses the
 * clipboard, the spec's "Copy Failed, copy the link manually" appears and the whole value is
 * selected so Ctrl+C / the context menu work at once.
 */
export function CopyField({
  label,
  value,
  multiline = false,
  className,
  mono = false,
  failedInitially = false,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  className?: string;
  mono?: boolean;
  /** Opened because a copy elsewhere failed: say so and select the value at once. */
  failedInitially?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>(
    failedInitially ? 'failed' : 'idle',
  );

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const selectAll = () => {
    const field = fieldRef.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(0, field.value.length);
  };

  useEffect(() => {
    if (failedInitially) selectAll();
  }, [failedInitially]);

  const copy = () => {
    copyText(value).then(
      () => setState('copied'),
      (error: unknown) => {
        console.warn('[share] copy to the clipboard failed', error);
        setState('failed');
        selectAll();
      },
    );
  };

  const common = {
    id,
    value,
    readOnly: true,
    onFocus: selectAll,
    'aria-invalid': state === 'failed' ? true : undefined,
    'aria-describedby': state === 'failed' ? `${id}-error` : undefined,
  };

  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className={clsx('flex gap-2', multiline ? 'items-start' : 'items-center')}>
        {multiline ? (
          <textarea
            ref={fieldRef}
            rows={4}
            {...common}
            className={inputClass(false, 'h-auto resize-none py-2 font-mono text-xs leading-5')}
          />
        ) : (
          <input
            ref={fieldRef}
            type="text"
            {...common}
            className={inputClass(false, clsx('bg-gray-50', mono && 'font-mono'))}
          />
        )}
        <Button
          variant="secondary"
          onClick={copy}
          aria-label={t('share.copy.copyLabel', { label })}
        >
          {state === 'copied' ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {state === 'copied' ? t('share.copy.copied') : t('share.copy.copy')}
        </Button>
      </div>
      {state === 'failed' && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {t('share.copy.failed')}
        </p>
      )}
    </div>
  );
}

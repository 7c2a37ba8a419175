import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import clsx from 'clsx';

/** The code was locked after too many wrong tries: nobody can open it until a new code is set. */
export function CodeLockedNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className={clsx(
        'flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900',
        className,
      )}
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
      {t('share.codeLocked')}
    </p>
  );
}

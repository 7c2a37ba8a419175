import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Footprints, X } from 'lucide-react';

const DISMISSED_KEY = 'truss.walkHint.dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    // Storage blocked (private mode, sandboxed frame): show the hint each time.
    return false;
  }
}

/** While walking: the keys and the mouse, until the user closes it (remembered per browser). */
export function WalkHint({ walking }: { walking: boolean }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!walking || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch (error) {
      console.warn('[viewer] the walk hint could not be remembered', error);
    }
  };
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-10 flex justify-center px-2">
      <div
        role="status"
        aria-label={t('viewer.walkHint.title')}
        className="pointer-events-auto flex max-w-md items-start gap-2 rounded-xl border border-gray-200 bg-white/95 px-3 py-2 text-sm text-gray-700 shadow-lg"
      >
        <Footprints className="mt-0.5 size-4 shrink-0 text-blue-600" aria-hidden />
        <p>
          <span className="font-medium text-gray-900">{t('viewer.walkHint.title')}</span>{' '}
          {t('viewer.walkHint.keys')}
        </p>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('viewer.walkHint.dismiss')}
          className="rounded p-0.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
        >
          <X className="size-4" />
        </button>
      </div>
    </div>
  );
}

import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, relativeTime, useFormatPreferences } from '../../lib/format';

const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

/** One shared clock for every relative time on screen, ticking while any is shown. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** "just now", "5 minutes ago", "yesterday", then the date (spec §9); the full time on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { t, i18n } = useTranslation();
  // Re-render when the user's time zone or formats change.
  useFormatPreferences();
  const current = useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)} className={className}>
      {relativeTime(iso, t, i18n.language, current)}
    </time>
  );
}

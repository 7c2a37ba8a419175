import { useEffect } from 'react';

export const BUILD_ID: string = __TRUSS_BUILD_ID__;
export const LATEST_BUILD_URL = '/build/latest.json';
export const VERSION_POLL_INTERVAL_MS = 60_000;

export interface LatestBuild {
  id: string;
  builtAt: string;
}

/** Fetch the deployed build manifest; null when it cannot be read (dev server, offline). */
export async function fetchLatestBuild(
  fetchImpl: typeof fetch = fetch,
): Promise<LatestBuild | null> {
  try {
    const response = await fetchImpl(`${LATEST_BUILD_URL}?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && typeof (body as LatestBuild).id === 'string') {
      return body as LatestBuild;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Polls the manifest every 60 s and when the window regains focus; calls `onNewVersion` once
 * when the deployed id differs from the id compiled into this bundle.
 */
export function useNewVersionCheck(
  onNewVersion: (latest: LatestBuild) => void,
  enabled: boolean,
): void {
  useEffect(() => {
    if (!enabled) return;
    let notified = false;
    let cancelled = false;
    const check = async () => {
      if (notified || document.visibilityState === 'hidden') return;
      const latest = await fetchLatestBuild();
      if (!cancelled && latest && latest.id !== BUILD_ID && !notified) {
        notified = true;
        onNewVersion(latest);
      }
    };
    const interval = setInterval(() => void check(), VERSION_POLL_INTERVAL_MS);
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      cancelled = true;
      clearInterval(interval);
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled, onNewVersion]);
}

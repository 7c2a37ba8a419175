/** Spec §9: a page reload guard with a ttl of 10000 ms. */
export const RELOAD_GUARD_TTL_MS = 10_000;
const KEY = 'truss:reloaded-at';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** A lazy page's file is gone, typically because a new version was deployed meanwhile. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Reload the page to pick up the new build, at most once per 10 s (so a broken deployment
 * cannot cause a reload loop). Returns whether a reload was started.
 */
export function reloadOnce(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < RELOAD_GUARD_TTL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Vite fires `vite:preloadError` when a lazy chunk cannot be loaded. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}

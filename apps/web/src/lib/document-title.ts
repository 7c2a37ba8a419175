import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page's own name for the browser tab (a model's name instead of "Model"), over the route's
 * title. One at a time: the page that sets it last wins, and it is cleared when that page goes.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null): void {
  current = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The title the current page asked for, if any (read by the root shell). */
export function useDocumentTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** Names the tab after `title` while the calling component is mounted (null: the route's). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    set(title);
    return () => {
      if (current === title) set(null);
    };
  }, [title]);
}

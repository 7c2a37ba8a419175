import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Runs `onOpen` each time `open` turns true (a dialog resetting its form and mutations when it
 * opens). Only `open` triggers it; the latest `onOpen` is used, so callers need no dependency list.
 */
export function useOnOpen(open: boolean, onOpen: () => void): void {
  const latest = useRef(onOpen);
  useLayoutEffect(() => {
    latest.current = onOpen;
  });
  useEffect(() => {
    if (open) latest.current();
  }, [open]);
}

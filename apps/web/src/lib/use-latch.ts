import { useState } from 'react';

/**
 * True from the first render where `value` is true on: for parts loaded on first use that stay
 * mounted afterwards (a dialog keeps its closing animation, a toast region its last toast's).
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}

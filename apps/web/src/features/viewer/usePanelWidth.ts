import { useSyncExternalStore } from 'react';
import { MODEL_PAGE_BREAKPOINTS, modelViewArea } from './model-page-layout';

function subscribe(onChange: () => void): () => void {
  const queries = MODEL_PAGE_BREAKPOINTS.flatMap(
    (from) => window.matchMedia?.(`(min-width: ${from}px)`) ?? [],
  );
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

const panelWidth = () => modelViewArea(window.innerWidth).panel;

/**
 * The side panels' width for the window now (0: a narrow window, where they cover the view),
 * from the model page's layout; re-renders only when the window crosses one of its breakpoints.
 */
export function usePanelWidth(): number {
  return useSyncExternalStore(subscribe, panelWidth);
}

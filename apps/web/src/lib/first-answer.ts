/**
 * A query function whose first call takes `first` (an answer asked for before the app started:
 * the boot's hand-off, which the route loader passes to the page's queries) when that succeeded,
 * and asks with `ask` otherwise and on every later call (a refetch reads the server).
 */
export function withFirstAnswer<T>(
  ask: () => Promise<T>,
  first?: Promise<unknown>,
): () => Promise<T> {
  let pending = first;
  return () => {
    const early = pending;
    pending = undefined;
    return early ? early.then((value) => value as T, ask) : ask();
  };
}

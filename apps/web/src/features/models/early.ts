/**
 * The models feature's start-up door: what the boot (before React) may use of it. Nothing here
 * imports React; `index.ts` is the door for everything else.
 */
export type { ModelSort, SortOrder } from './api';
export { MODEL_SORT_KEY, storedListQuery } from './list-sort';

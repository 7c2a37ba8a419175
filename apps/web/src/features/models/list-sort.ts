/**
 * The models list's sort orders and the one the user last chose (kept in localStorage), read by
 * the page and, before the app starts, by the list's early request (boot/early-list.ts): no React.
 */
import type { ModelSort, SortOrder } from './api';

export const MODEL_SORTS = [
  'updated_at:desc',
  'updated_at:asc',
  'created_at:desc',
  'created_at:asc',
  'name:asc',
  'name:desc',
  'size:desc',
  'size:asc',
] as const;
export type ModelSortOption = (typeof MODEL_SORTS)[number];

export const MODEL_SORT_KEY = 'truss.models.sort';
export const DEFAULT_MODEL_SORT: ModelSortOption = 'updated_at:desc';

/** The stored value of `key` if it is one of `allowed`, else `fallback`. */
export function readStored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The list's query (GET /api/project/{id}/models) for the stored sort, unfiltered. */
export function storedListQuery(): { sort: ModelSort; order: SortOrder } {
  const [sort, order] = readStored(MODEL_SORT_KEY, MODEL_SORTS, DEFAULT_MODEL_SORT).split(':') as [
    ModelSort,
    SortOrder,
  ];
  return { sort, order };
}

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

/** A sort option as the list's query asks for it (GET /api/project/{id}/models). */
export function sortQuery(option: ModelSortOption): { sort: ModelSort; order: SortOrder } {
  const [sort, order] = option.split(':') as [ModelSort, SortOrder];
  return { sort, order };
}

/** The list's query for the stored sort, unfiltered (the list's first request). */
export function storedListQuery(): { sort: ModelSort; order: SortOrder } {
  return sortQuery(readStored(MODEL_SORT_KEY, MODEL_SORTS, DEFAULT_MODEL_SORT));
}

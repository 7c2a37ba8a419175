import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RELOAD_GUARD_TTL_MS, reloadOnce } from './reload-guard';

describe('reload guard', () => {
  it('reloads at most once per 10000 ms', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 100_000)).toBe(true);
    expect(reloadOnce(storage, reload, 100_000 + RELOAD_GUARD_TTL_MS - 1)).toBe(false);
    expect(reloadOnce(storage, reload, 100_000 + RELOAD_GUARD_TTL_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises a missing lazy chunk', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

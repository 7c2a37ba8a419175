import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import {
  BUILD_ID,
  LATEST_BUILD_URL,
  useNewVersionCheck,
  VERSION_POLL_INTERVAL_MS,
} from './version-check';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubManifest(id: string) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ id, builtAt: '2026-01-01T00:00:00Z' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('new version notice', () => {
  it('polls /build/latest.json every 60 s and reports a different build id once', async () => {
    vi.useFakeTimers();
    const fetch = stubManifest(BUILD_ID);
    const onNew = vi.fn();
    renderHook(() => useNewVersionCheck(onNew, true));
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0 as never])).toContain(LATEST_BUILD_URL);
    expect(onNew).not.toHaveBeenCalled();

    stubManifest('a-newer-build');
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(onNew).toHaveBeenCalledWith(expect.objectContaining({ id: 'a-newer-build' }));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it('checks when the window regains focus', async () => {
    const fetch = stubManifest('another');
    const onNew = vi.fn();
    renderHook(() => useNewVersionCheck(onNew, true));
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(onNew).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing when disabled (dev server)', async () => {
    vi.useFakeTimers();
    const fetch = stubManifest('another');
    renderHook(() => useNewVersionCheck(vi.fn(), false));
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS * 2);
    expect(fetch).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { estimatedProgress, LOADING_BAR, useLoadingBar } from './loading-bar';

afterEach(() => vi.useRealTimers());

describe('loading bar (spec §9)', () => {
  it('uses the spec numbers', () => {
    expect(LOADING_BAR).toEqual({
      throttle: 200,
      duration: 2000,
      hideDelay: 500,
      resetDelay: 400,
      height: 3,
    });
  });

  it('stays hidden for loads shorter than the throttle', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ loading }) => useLoadingBar(loading), {
      initialProps: { loading: true },
    });
    act(() => vi.advanceTimersByTime(LOADING_BAR.throttle - 1));
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.visible).toBe(false);
  });

  it('shows after the throttle, completes, hides after 500 ms and resets 400 ms later', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ loading }) => useLoadingBar(loading), {
      initialProps: { loading: true },
    });
    act(() => vi.advanceTimersByTime(LOADING_BAR.throttle + 1000));
    expect(result.current.visible).toBe(true);
    expect(result.current.progress).toBeGreaterThan(0);
    expect(result.current.progress).toBeLessThan(100);
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.progress).toBe(100);
    act(() => vi.advanceTimersByTime(LOADING_BAR.hideDelay));
    expect(result.current.visible).toBe(false);
    act(() => vi.advanceTimersByTime(LOADING_BAR.resetDelay));
    expect(result.current.progress).toBe(0);
  });

  it('estimates progress that grows but never reaches 100', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(1000)).toBeLessThan(estimatedProgress(2000));
    expect(estimatedProgress(60_000)).toBeLessThan(100);
  });
});

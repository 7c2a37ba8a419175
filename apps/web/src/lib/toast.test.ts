import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToast,
  clearToasts,
  getToasts,
  removeToast,
  TOAST_DURATION_MS,
  TOAST_MAX,
  TOAST_REMOVE_DELAY_MS,
} from './toast';

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('toasts (spec §4, §9)', () => {
  it('keeps only the last 5, each open with the default 5000 ms duration', () => {
    for (let i = 1; i <= 7; i += 1) addToast({ title: `t${i}` });
    const list = getToasts();
    expect(TOAST_MAX).toBe(5);
    expect(list.map((t) => t.title)).toEqual(['t3', 't4', 't5', 't6', 't7']);
    expect(list.every((t) => t.open && t.duration === TOAST_DURATION_MS)).toBe(true);
  });

  it('closes a toast, then deletes it 200 ms later', () => {
    vi.useFakeTimers();
    const id = addToast({ title: 'bye' });
    removeToast(id);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});

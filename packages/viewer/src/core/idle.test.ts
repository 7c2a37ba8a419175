import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietMoment } from './idle.ts';

/** requestIdleCallback driven by a script: each idle period's time left, on a fake clock. */
function scriptedIdle(periods: number[], gapMs = 0) {
  let now = 0;
  let calls = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    setTimeout(() => {
      const left = periods[calls++] ?? 50;
      // A busy stretch (little left) is a task that ran before this period, then the period.
      callback({ didTimeout: false, timeRemaining: () => left });
      now += left + gapMs;
    }, 0);
    return calls;
  });
  return { calls: () => calls };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('quietMoment', () => {
  it('waits for idle periods in a row covering the quiet time, after any busy one', async () => {
    const idle = scriptedIdle([50, 5, 2, 50, 50, 50, 50]);
    await quietMoment(150, 10_000);
    // The busy periods (5 and 2 ms left) started the count again: 3 full periods after them.
    expect(idle.calls()).toBe(6);
  });

  it('does not count idle periods with tasks between them as one quiet stretch', async () => {
    // Each period ends 30 ms before the next begins: a task ran between every two.
    const idle = scriptedIdle(
      Array.from({ length: 10 }, () => 50),
      30,
    );
    await quietMoment(150, 600);
    // Never quiet: given up at the latest time, some 600 ms on (eight periods of 80 ms).
    expect(idle.calls()).toBeGreaterThanOrEqual(8);
    expect(performance.now()).toBeGreaterThanOrEqual(560);
  });
});

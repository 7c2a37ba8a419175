import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleCollector } from './idle-gc.ts';

describe('IdleCollector', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once, after the requests stop for its delay', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const collector = new IdleCollector({ delayMs: 1000, collect });
    collector.request();
    vi.advanceTimersByTime(600);
    collector.request();
    vi.advanceTimersByTime(600);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collector.runs).toBe(1);
  });

  it('collects nothing once closed', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const collector = new IdleCollector({ delayMs: 1000, collect });
    collector.request();
    collector.close();
    collector.request();
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
  });

  it('runs V8 full collections without --expose-gc on the command line', async () => {
    const collector = new IdleCollector({ delayMs: 1 });
    collector.request();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(collector.runs).toBe(1);
  });
});

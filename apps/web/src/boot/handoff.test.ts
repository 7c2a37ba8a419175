import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyView } from '../features/viewer/early';
import { BOOT_ANSWER_MAX_AGE_MS, handOver, takeBootHandoff } from './handoff';

const answers = () => ({
  profile: Promise.resolve({ id: 'u' }),
  preferences: Promise.resolve({}),
  subscription: Promise.resolve({}),
  projects: Promise.resolve([]),
});
const view = { model: Promise.resolve({}) } as unknown as EarlyView;

afterEach(() => {
  takeBootHandoff();
});

describe("the boot's hand-off", () => {
  it('is taken once: a second loader gets nothing', () => {
    const session = answers();
    handOver({ session }, 1000);
    expect(takeBootHandoff(1000)).toEqual({ session });
    expect(takeBootHandoff(1000)).toBeNull();
  });

  it('holds what the boot handed over, together', () => {
    const session = answers();
    const modelPage = { modelId: 'm', claim: () => view };
    handOver({ session }, 1000);
    handOver({ modelPage }, 1001);
    expect(takeBootHandoff(1001)).toEqual({ session, modelPage });
  });

  it('leaves out answers once stale, not the early view', () => {
    const modelPage = { modelId: 'm', claim: () => view };
    handOver({ session: answers(), modelPage }, 1000);
    expect(takeBootHandoff(1000 + BOOT_ANSWER_MAX_AGE_MS + 1)).toEqual({ modelPage });
    // And dropped: not there for a later loader either.
    expect(takeBootHandoff(1000)).toBeNull();
    handOver({ session: answers() }, 1000);
    expect(takeBootHandoff(1000 + BOOT_ANSWER_MAX_AGE_MS + 1)).toEqual({});
  });

  it('observes failed answers nobody takes (no unhandled rejection)', async () => {
    const failed = Promise.reject(new Error('HTTP 500'));
    const observed = vi.spyOn(failed, 'catch');
    handOver({ session: { ...answers(), profile: failed } });
    expect(observed).toHaveBeenCalled();
    await expect(failed).rejects.toThrow('HTTP 500');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { withFirstAnswer } from './first-answer';

describe('withFirstAnswer', () => {
  it('answers the first call with the early answer, later ones by asking', async () => {
    const ask = vi.fn(async () => 'asked');
    const get = withFirstAnswer(ask, Promise.resolve('early'));
    await expect(get()).resolves.toBe('early');
    expect(ask).not.toHaveBeenCalled();
    await expect(get()).resolves.toBe('asked');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks when the early answer failed (an expired token, a 500)', async () => {
    const ask = vi.fn(async () => 'asked');
    await expect(withFirstAnswer(ask, Promise.reject(new Error('HTTP 401')))()).resolves.toBe(
      'asked',
    );
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks without an early answer', async () => {
    await expect(withFirstAnswer(async () => 'asked')()).resolves.toBe('asked');
  });
});

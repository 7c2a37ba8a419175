import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../http/errors.ts';
import { StorageUnavailableError } from '../../http/fault-errors.ts';
import { asJobFailure, JobFailure } from './errors.ts';
import { outageCode, outageDelaySeconds } from './retry-policy.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('job attempts failed by an outage', () => {
  it('names the outage behind an attempt, directly or as the cause of a job failure', () => {
    expect(outageCode(new StorageUnavailableError())).toBe('STORAGE_UNAVAILABLE');
    expect(outageCode(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      'DATABASE_UNAVAILABLE',
    );
    expect(outageCode(withCode('terminating connection', '57P01'))).toBe('DATABASE_UNAVAILABLE');
    // A handler's own failure wrapping the outage (as asJobFailure does with unknown errors).
    expect(outageCode(asJobFailure(new StorageUnavailableError()))).toBe('STORAGE_UNAVAILABLE');
    expect(
      outageCode(
        new JobFailure('CONVERT_FAILED', 'reading the original', true, {
          cause: new StorageUnavailableError(),
        }),
      ),
    ).toBe('STORAGE_UNAVAILABLE');
  });

  it('counts everything else: model errors, other statuses, a full disk', () => {
    expect(outageCode(new JobFailure('IFC_INVALID', 'not an IFC file', false))).toBeNull();
    expect(outageCode(new NotFoundError())).toBeNull();
    expect(outageCode(new Error('boom'))).toBeNull();
    expect(outageCode(withCode('ENOSPC: no space left on device', 'ENOSPC'))).toBeNull(); // 507
    expect(outageCode(withCode('duplicate key', '23505'))).toBeNull();
    expect(outageCode(null)).toBeNull();
    expect(outageCode('text')).toBeNull();
  });

  it('waits 5 s, then twice as long each time, at most 5 min, with ±20 % jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 24].map((n) => outageDelaySeconds(n, middle))).toEqual([
      5, 10, 20, 40, 80, 160, 300, 300,
    ]);
    expect(outageDelaySeconds(0, middle)).toBe(5);
    expect(outageDelaySeconds(1, () => 0)).toBeCloseTo(4);
    expect(outageDelaySeconds(1, () => 1)).toBeCloseTo(6);
    expect(outageDelaySeconds(30, () => 1)).toBeCloseTo(360);
    for (let i = 0; i < 100; i++) {
      const delay = outageDelaySeconds(3);
      expect(delay).toBeGreaterThanOrEqual(16);
      expect(delay).toBeLessThanOrEqual(24);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { NotFoundError } from './errors.ts';
import { faultError } from './fault-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('fault errors', () => {
  it('maps a database that went away to 503 DATABASE_UNAVAILABLE with Retry-After', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect', {
        cause: new Error('Connection terminated due to connection timeout'),
      }),
    ]) {
      const mapped = faultError(error);
      expect(mapped, error.message).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        statusCode: 503,
      });
      expect(mapped?.headers['retry-after']).toBe('5');
    }
  });

  it('maps a full disk or quota to 507 INSUFFICIENT_STORAGE', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = withCode(`${code}: no space left on device, write '/srv/data/uploads/x'`, code);
      expect(faultError(error)).toMatchObject({ code: 'INSUFFICIENT_STORAGE', statusCode: 507 });
    }
  });

  it('keeps typed errors and leaves other failures unknown', () => {
    const notFound = new NotFoundError();
    expect(faultError(notFound)).toBe(notFound);
    expect(faultError(withCode('duplicate key', '23505'))).toBeNull();
    expect(faultError(new Error('boom'))).toBeNull();
    expect(faultError(withCode("EACCES: permission denied, open '/srv/x'", 'EACCES'))).toBeNull();
  });
});

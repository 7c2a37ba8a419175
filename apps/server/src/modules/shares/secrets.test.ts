import { describe, expect, it } from 'vitest';
import { readCookie, ShareSecrets, unlockCookieHeader } from './secrets.ts';

const SHARE = '00000000-0000-4000-8000-000000000001';

describe('share secrets', () => {
  const secrets = new ShareSecrets('test-secret');
  const now = new Date('2026-01-01T00:00:00Z');
  const nowSeconds = now.getTime() / 1000;

  it('derives a stable 192-bit token per share and salt, different for another salt', () => {
    const salt = secrets.newSalt();
    const token = secrets.token(SHARE, salt);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secrets.token(SHARE, salt)).toBe(token);
    expect(secrets.token(SHARE, secrets.newSalt())).not.toBe(token);
    expect(new ShareSecrets('other').token(SHARE, salt)).not.toBe(token);
  });

  it('matches codes by HMAC, bound to the share', () => {
    const stored = secrets.codeHmac(SHARE, '1234');
    expect(secrets.codeMatches(SHARE, '1234', stored)).toBe(true);
    expect(secrets.codeMatches(SHARE, '1235', stored)).toBe(false);
    expect(secrets.codeMatches('00000000-0000-4000-8000-000000000002', '1234', stored)).toBe(false);
    expect(secrets.codeMatches(SHARE, '1234', null)).toBe(false);
  });

  it('accepts an unlock only for its share, code version and lifetime', () => {
    const value = secrets.unlockValue(SHARE, 3, nowSeconds + 60);
    expect(secrets.unlockValid(value, SHARE, 3, now)).toBe(true);
    expect(secrets.unlockValid(value, SHARE, 4, now)).toBe(false);
    expect(secrets.unlockValid(value, '00000000-0000-4000-8000-000000000002', 3, now)).toBe(false);
    expect(secrets.unlockValid(value, SHARE, 3, new Date(now.getTime() + 60_000))).toBe(false);
    const [version, exp, sig] = value.split('.');
    expect(secrets.unlockValid(`${version}.${Number(exp) + 3600}.${sig}`, SHARE, 3, now)).toBe(
      false,
    );
    expect(secrets.unlockValid(undefined, SHARE, 3, now)).toBe(false);
    expect(secrets.unlockValid('garbage', SHARE, 3, now)).toBe(false);
  });

  it('signs private-share file URLs for one member until they expire', () => {
    const query = new URLSearchParams(secrets.privateFileQuery(SHARE, 'user-1', now));
    const parsed = { u: query.get('u')!, exp: Number(query.get('exp')), sig: query.get('sig')! };
    expect(parsed.exp - nowSeconds).toBeGreaterThanOrEqual(3600);
    expect(secrets.privateFileUser(SHARE, parsed, now)).toBe('user-1');
    expect(secrets.privateFileUser(SHARE, { ...parsed, u: 'user-2' }, now)).toBeNull();
    expect(secrets.privateFileUser(SHARE, parsed, new Date(parsed.exp * 1000))).toBeNull();
  });

  it('writes an HttpOnly, SameSite=Lax cookie for the share path, Secure on https', () => {
    const cookie = {
      name: 'truss_share_unlock',
      value: 'v',
      path: '/api/share/t',
      maxAgeSeconds: 9,
    };
    expect(unlockCookieHeader(cookie, false)).toBe(
      'truss_share_unlock=v; Path=/api/share/t; Max-Age=9; HttpOnly; SameSite=Lax',
    );
    expect(unlockCookieHeader(cookie, true)).toMatch(/; Secure$/);
    expect(readCookie('a=1; truss_share_unlock=x.y.z; b=2', 'truss_share_unlock')).toBe('x.y.z');
    expect(readCookie(undefined, 'truss_share_unlock')).toBeUndefined();
  });
});

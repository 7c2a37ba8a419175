import { describe, expect, it } from 'vitest';
import { initials } from './Avatar';
import { sanitizeCode } from './CodeInput';
import { clampProgress } from './Progress';

describe('ui helpers', () => {
  it('progress is indeterminate for null, else clamped to 0..100', () => {
    expect(clampProgress(null)).toBeNull();
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(42.5)).toBe(42.5);
    expect(clampProgress(180)).toBe(100);
  });

  it('avatar initials have at most 2 characters', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('ada.lovelace@example.com')).toBe('AL');
    expect(initials('zed@example.com')).toBe('ZE');
    expect(initials('张三丰')).toBe('张三');
    expect(initials('')).toBe('?');
    expect(initials('a b c d').length).toBeLessThanOrEqual(2);
  });

  it('code input keeps digits only, at most 6', () => {
    expect(sanitizeCode(' 123-456 ', 6)).toBe('123456');
    expect(sanitizeCode('12ab34', 6)).toBe('1234');
    expect(sanitizeCode('12345678', 6)).toBe('123456');
  });
});

import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { formatBytes, formatShortDateTime, relativeTime } from './format';

// 22:00 local time on a fixed day, so "today" and "yesterday" don't depend on when the test runs.
const now = new Date(2026, 10, 22, 22, 0, 0).getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('relative time (spec §9)', () => {
  const en = i18n.getFixedT('en');
  const zh = i18n.getFixedT('zh-CN');

  it.each([
    [0, 'just now', '刚刚'],
    [59 * 1000, 'just now', '刚刚'],
    // A clock a little ahead of ours still reads "just now".
    [-30 * 1000, 'just now', '刚刚'],
    [MIN, '1 minute ago', '1 分钟前'],
    [5 * MIN + 30 * 1000, '5 minutes ago', '5 分钟前'],
    [59 * MIN, '59 minutes ago', '59 分钟前'],
    [HOUR, '1 hour ago', '1 小时前'],
    [3 * HOUR + 59 * MIN, '3 hours ago', '3 小时前'],
    [11 * HOUR, '11 hours ago', '11 小时前'],
    // From 12 hours on: earlier today (09:00 and 00:30), then yesterday, then the date.
    [13 * HOUR, 'today', '今天'],
    [21.5 * HOUR, 'today', '今天'],
    [23 * HOUR, 'yesterday', '昨天'],
    [45 * HOUR, 'yesterday', '昨天'],
  ])('%i ms ago reads "%s" / "%s"', (ms, english, chinese) => {
    expect(relativeTime(ago(ms), en, 'en', now)).toBe(english);
    expect(relativeTime(ago(ms), zh, 'zh-CN', now)).toBe(chinese);
  });

  it('shows the date from the day before yesterday on', () => {
    const iso = new Date(2026, 10, 20, 18, 0).toISOString();
    expect(relativeTime(iso, en, 'en', now)).toBe('Nov 20, 2026');
    expect(relativeTime(iso, zh, 'zh-CN', now)).toBe('2026年11月20日');
  });

  it('returns nothing for an invalid date', () => {
    expect(relativeTime('not a date', en, 'en', now)).toBe('');
  });
});

describe('file sizes in human units', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1,023 B'],
    [1024, '1 KB'],
    [36_484, '35.6 KB'],
    [120_484, '117.7 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
    [3 * 1024 ** 4, '3 TB'],
    [2 * 1024 ** 5, '2,048 TB'],
  ])('%i bytes read "%s"', (bytes, text) => {
    expect(formatBytes(bytes, 'en')).toBe(text);
  });

  it('uses the locale’s digits and separators', () => {
    expect(formatBytes(1536, 'zh-CN')).toBe('1.5 KB');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });
});

describe('short date and time', () => {
  it('reads to the minute in both languages', () => {
    const iso = new Date(2026, 10, 22, 9, 41, 30).toISOString();
    expect(formatShortDateTime(iso, 'en')).toMatch(/^Nov 22, 2026, 9:41\sAM$/);
    expect(formatShortDateTime(iso, 'zh-CN')).toBe('2026年11月22日 09:41');
    expect(formatShortDateTime('nope', 'en')).toBe('nope');
  });
});

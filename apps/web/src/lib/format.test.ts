import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './i18n';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatPersonName,
  formatShortDateTime,
  formatTime,
  monthGrid,
  personLabel,
  relativeTime,
  weekdayOrder,
} from './format';

// The app loads one language's texts at a time; these tests use both.
beforeAll(() => loadLanguage('zh-CN'));

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

describe('preference-aware dates and times', () => {
  // 2026-11-22 01:05:09 UTC: still 21 November in New York, already afternoon in Shanghai.
  const iso = '2026-11-22T01:05:09Z';
  const inZone = (timezone: string) => ({ timezone });

  it.each([
    ['yyyy/mm/dd', '2026/11/22'],
    ['dd/mm/yyyy', '22/11/2026'],
    ['mm/dd/yyyy', '11/22/2026'],
    ['yyyy-mm-dd', '2026-11-22'],
  ] as const)('date format %s reads %s', (dateFormat, text) => {
    expect(formatDate(iso, 'en', { timezone: 'Asia/Shanghai', dateFormat })).toBe(text);
    expect(formatDate(iso, 'zh-CN', { timezone: 'Asia/Shanghai', dateFormat })).toBe(text);
  });

  it('applies the time zone to the calendar day', () => {
    expect(formatDate(iso, 'en', { timezone: 'America/New_York', dateFormat: 'yyyy-mm-dd' })).toBe(
      '2026-11-21',
    );
    expect(formatDate(iso, 'en', inZone('Asia/Shanghai'))).toBe('November 22, 2026');
    expect(formatDate(iso, 'en', inZone('America/New_York'))).toBe('November 21, 2026');
    // An unknown zone falls back to the browser's own instead of throwing.
    expect(formatDate(iso, 'en', { timezone: 'Mars/Olympus', dateFormat: 'yyyy-mm-dd' })).toMatch(
      /^2026-11-2[12]$/,
    );
  });

  it.each([
    ['24h', 'Asia/Shanghai', '09:05'],
    ['12h', 'Asia/Shanghai', '09:05 AM'],
    ['24h', 'America/New_York', '20:05'],
    ['12h', 'America/New_York', '08:05 PM'],
  ] as const)('time format %s in %s reads %s', (timeFormat, timezone, text) => {
    expect(formatTime(iso, 'en', { timezone, timeFormat }).replace(/\s/g, ' ')).toBe(text);
  });

  it('12-hour times in Chinese use the Chinese day-period words', () => {
    const text = formatTime(iso, 'zh-CN', { timezone: 'America/New_York', timeFormat: '12h' });
    expect(text).toContain('08:05');
    expect(text).toMatch(/晚上|下午/);
    expect(formatTime(iso, 'zh-CN', { timezone: 'America/New_York', timeFormat: '24h' })).toBe(
      '20:05',
    );
  });

  it('date and time together follow both choices', () => {
    const prefs = {
      timezone: 'Asia/Shanghai',
      dateFormat: 'dd/mm/yyyy',
      timeFormat: '24h',
    } as const;
    expect(formatShortDateTime(iso, 'en', prefs)).toBe('22/11/2026 09:05');
    expect(formatDateTime(iso, 'en', prefs)).toBe('22/11/2026 09:05:09');
    const twelve = { ...prefs, dateFormat: 'mm/dd/yyyy', timeFormat: '12h' } as const;
    expect(formatShortDateTime(iso, 'en', twelve).replace(/\s/g, ' ')).toBe('11/22/2026 09:05 AM');
  });

  it('relative labels keep the spec texts, with today/yesterday in the chosen zone', () => {
    const en = i18n.getFixedT('en');
    const zh = i18n.getFixedT('zh-CN');
    const nowUtc = Date.parse('2026-11-22T14:00:00Z'); // 22:00 in Shanghai, 09:00 in New York
    const at = (s: string) => new Date(s).toISOString();
    const shanghai = { timezone: 'Asia/Shanghai', dateFormat: 'yyyy/mm/dd' } as const;
    const newYork = { timezone: 'America/New_York', dateFormat: 'yyyy/mm/dd' } as const;
    expect(relativeTime(at('2026-11-22T13:59:30Z'), en, 'en', nowUtc, shanghai)).toBe('just now');
    expect(relativeTime(at('2026-11-22T13:00:00Z'), zh, 'zh-CN', nowUtc, shanghai)).toBe(
      '1 小时前',
    );
    // 13 hours earlier: 09:00 the same day in Shanghai, but the evening before in New York.
    const thirteen = at('2026-11-22T01:00:00Z');
    expect(relativeTime(thirteen, en, 'en', nowUtc, shanghai)).toBe('today');
    expect(relativeTime(thirteen, en, 'en', nowUtc, newYork)).toBe('yesterday');
    // Older dates use the chosen pattern.
    expect(relativeTime(at('2026-11-18T10:00:00Z'), en, 'en', nowUtc, shanghai)).toBe('2026/11/18');
  });
});

describe('week start', () => {
  it.each([
    ['monday', [1, 2, 3, 4, 5, 6, 0]],
    ['sunday', [0, 1, 2, 3, 4, 5, 6]],
    ['saturday', [6, 0, 1, 2, 3, 4, 5]],
  ] as const)('%s first', (weekStart, order) => {
    expect(weekdayOrder(weekStart)).toEqual(order);
  });

  it('lays out November 2026 (starts on a Sunday) for each week start', () => {
    expect(monthGrid(2026, 11, 'sunday')[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(monthGrid(2026, 11, 'monday')[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(monthGrid(2026, 11, 'saturday')[0]).toEqual([null, 1, 2, 3, 4, 5, 6]);
    const monday = monthGrid(2026, 11, 'monday');
    expect(monday.at(-1)).toEqual([30, null, null, null, null, null, null]);
    expect(monday.flat().filter(Boolean)).toHaveLength(30);
  });
});

describe('person names (name format)', () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', name_format: 'western' }, 'Ada Lovelace'],
    [{ first_name: 'Ada', last_name: 'Lovelace', name_format: 'eastern' }, 'Lovelace Ada'],
    [{ first_name: '小明', last_name: '王', name_format: 'eastern' }, '王小明'],
    [{ first_name: '小明', last_name: '王', name_format: 'western' }, '小明王'],
    [{ first_name: 'Ada', last_name: null, name_format: 'eastern' }, 'Ada'],
    [{ first_name: ' ', last_name: '', full_name: 'Ada L.', name_format: 'eastern' }, 'Ada L.'],
    [
      { first_name: null, last_name: null, full_name: null, email: 'ada@example.com' },
      'ada@example.com',
    ],
  ] as const)('%j reads "%s"', (person, text) => {
    expect(formatPersonName(person)).toBe(text);
  });

  it('labels people the server named, else by email', () => {
    expect(personLabel({ name: 'Ada', email: 'a@x.com' })).toBe('Ada');
    expect(personLabel({ name: null, email: 'a@x.com' })).toBe('a@x.com');
  });
});

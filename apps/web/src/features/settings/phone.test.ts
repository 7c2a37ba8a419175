import { describe, expect, it } from 'vitest';
import { countryOptions, isValidPhone, matchesCountry } from './phone';

describe('phone validation ("Phone must be valid")', () => {
  it.each([
    ['13812345678', 'CN', true],
    ['138 1234 5678', 'CN', true],
    ['1381234', 'CN', false],
    ['12345', 'CN', false],
    ['(202) 555-0123', 'US', true],
    ['1234567890', 'US', false],
    ['020 7946 0958', 'GB', true],
    ['13812345678', 'US', false],
    ['+8613812345678', null, true],
    ['+86123', null, false],
    ['13812345678', null, false],
    ['13812345678', 'XX', false],
    ['', 'CN', true],
  ] as const)('%s in %s is valid: %s', (phone, country, valid) => {
    expect(isValidPhone(phone, country)).toBe(valid);
  });
});

describe('country code list', () => {
  const en = countryOptions('en');
  const zh = countryOptions('zh-CN');

  it('lists every region with its calling code and names in both languages', () => {
    expect(en.length).toBeGreaterThan(240);
    const china = en.find((c) => c.code === 'CN');
    expect(china).toMatchObject({ callingCode: '86', name: 'China' });
    expect(china?.names).toEqual(['China', '中国']);
    expect(zh.find((c) => c.code === 'US')?.name).toBe('美国');
  });

  it('is sorted by the name in the interface language', () => {
    const names = en.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it.each([
    ['china', ['CN']],
    ['中国', ['CN']],
    ['+86', ['CN']],
    ['44', ['GB', 'GG', 'IM', 'JE']],
    ['de', ['DE']],
    ['德国', ['DE']],
  ])('"%s" finds %j', (query, codes) => {
    const found = en.filter((c) => matchesCountry(c, query)).map((c) => c.code);
    for (const code of codes) expect(found).toContain(code);
    if (query.startsWith('+') || /^\d/.test(query)) expect(found.sort()).toEqual(codes.sort());
  });

  it('an empty search lists everything', () => {
    expect(en.filter((c) => matchesCountry(c, '  '))).toHaveLength(en.length);
  });
});

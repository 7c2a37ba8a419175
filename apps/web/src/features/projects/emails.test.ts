import { describe, expect, it } from 'vitest';
import { addEmails, isValidEmail, splitEmails } from './emails';

describe('invite email parsing', () => {
  it('splits on commas, semicolons, spaces and new lines (also full-width)', () => {
    expect(splitEmails('a@x.com, b@x.com;c@x.com\nd@x.com  e@x.com，f@x.com；g@x.com')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
      'e@x.com',
      'f@x.com',
      'g@x.com',
    ]);
  });

  it('takes the address out of "Name <address>" and lower-cases it', () => {
    expect(splitEmails('Ada Lovelace <Ada@X.com>, Bob <bob@x.com>\n mailto:Cy@x.com')).toEqual([
      'ada@x.com',
      'bob@x.com',
      'cy@x.com',
    ]);
  });

  it('drops duplicates automatically, case-insensitively, and reports them', () => {
    const first = addEmails([], ['a@x.com', 'A@x.com', 'b@x.com']);
    expect(first).toEqual({ list: ['a@x.com', 'b@x.com'], duplicates: ['a@x.com'] });
    expect(addEmails(first.list, ['B@X.COM', 'c@x.com'])).toEqual({
      list: ['a@x.com', 'b@x.com', 'c@x.com'],
      duplicates: ['b@x.com'],
    });
  });

  it('validates with the contracts email schema', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('ada@')).toBe(false);
    expect(isValidEmail('not an email')).toBe(false);
  });
});

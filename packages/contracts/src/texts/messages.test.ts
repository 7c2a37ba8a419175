import { describe, expect, it } from 'vitest';
import { errorText, errorTexts, validationText, validationTexts, isErrorCode } from './messages.ts';
import { signupBodySchema } from '../auth.ts';
import { resolveLocale } from './locale.ts';

describe('resolveLocale', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('%s -> %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });
});

describe('message catalogue', () => {
  it('has the same keys and no empty text in every locale', () => {
    for (const table of [errorTexts, validationTexts]) {
      const en = Object.keys(table.en).sort();
      expect(Object.keys(table['zh-CN']).sort()).toEqual(en);
      for (const locale of ['en', 'zh-CN'] as const) {
        for (const text of Object.values(table[locale])) expect(text.trim()).not.toBe('');
      }
    }
  });

  it('keeps the spec texts verbatim in English', () => {
    expect(errorText('INVALID_CREDENTIALS', 'en')).toBe('Invalid email or password');
    expect(errorText('EMAIL_NOT_VERIFIED', 'en')).toBe(
      'Email not verified, please verify your email first',
    );
    expect(validationText('validation.emailInvalid', 'en')).toBe(
      'Please enter a valid email address',
    );
    expect(validationText('validation.agreeTerms', 'en')).toBe(
      'You must agree to the terms to continue',
    );
  });

  it('recognises codes and passes unknown validation keys through', () => {
    expect(isErrorCode('INVALID_CREDENTIALS')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(validationText('not.a.key', 'zh-CN')).toBe('not.a.key');
  });
});

describe('signup schema', () => {
  it('normalises the email and accepts 8 to 128 character passwords', () => {
    const ok = signupBodySchema.parse({
      email: '  Ada@Example.COM ',
      password: 'x'.repeat(128),
      agreeTerms: true,
    });
    expect(ok.email).toBe('ada@example.com');
    expect(
      signupBodySchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(8), agreeTerms: true })
        .success,
    ).toBe(true);
  });

  it('reports each rule with its validation key', () => {
    const result = signupBodySchema.safeParse({
      email: 'nope',
      password: 'short',
      agreeTerms: false,
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map(
      (issue) => `${issue.path.join('.')}:${issue.message}`,
    );
    expect(messages).toEqual([
      'email:validation.emailInvalid',
      'password:validation.passwordMin',
      'agreeTerms:validation.agreeTerms',
    ]);
    expect(
      signupBodySchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129), agreeTerms: true })
        .success,
    ).toBe(false);
  });
});

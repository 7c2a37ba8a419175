import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  codeSendBodySchema,
  codeVerifyBodySchema,
  loginBodySchema,
  signupBodySchema,
} from '@truss/contracts';
import type { FormCheckResult } from '../../lib/form';
import { checkCodeSend, checkCodeVerify, checkSignIn, checkSignUp } from './validation';

/** What `useSchemaValidation` makes of a zod result: the data, or the first message per field. */
function zodOutcome(schema: z.ZodType, values: unknown): FormCheckResult<unknown, string> {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { errors };
}

/** The sign-up form as it was checked with zod: the contract plus the confirmation. */
const signUpFormSchema = signupBodySchema
  .omit({ language: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.passwordsMismatch',
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown };
      return typeof v.password === 'string' && typeof v.confirmPassword === 'string';
    },
  });

const emails = [
  '',
  '   ',
  'a@b.co',
  '  Someone@Example.COM ',
  'user.name+tag@sub.example.org',
  "o'brien@example.ie",
  'no-at-sign',
  'two@@example.com',
  '.dot@example.com',
  'dot.@example.com',
  'dots..twice@example.com',
  'user@localhost',
  'user@-bad.com',
  'user@example.c',
  'user@exa_mple.com',
  'user@例子.公司',
  '用户@example.com',
  'user name@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`,
  'tab\t@example.com',
];
const passwords = [
  '',
  ' ',
  'short',
  '1234567',
  '12345678',
  '        ',
  'correct horse battery staple',
  '密码密码密码密码',
  'x'.repeat(PASSWORD_MAX_LENGTH),
  'x'.repeat(PASSWORD_MAX_LENGTH + 1),
];
const codes = [
  '',
  '  ',
  '123456',
  ' 123456 ',
  '12345',
  '1234567',
  '12a456',
  '１２３４５６',
  '000000',
];

describe('the sign-in and sign-up checks agree with the contracts’ zod schemas', () => {
  it.each(emails.flatMap((email) => passwords.map((password) => [email, password] as const)))(
    'sign-in %j / %j',
    (email, password) => {
      expect(checkSignIn({ email, password })).toEqual(
        zodOutcome(loginBodySchema, { email, password }),
      );
    },
  );

  it.each(emails)('code sign-in, e-mail %j', (email) => {
    expect(checkCodeSend({ email })).toEqual(zodOutcome(codeSendBodySchema, { email }));
  });

  it.each(emails.flatMap((email) => codes.map((code) => [email, code] as const)))(
    'code sign-in, %j / code %j',
    (email, code) => {
      expect(checkCodeVerify({ email, code })).toEqual(
        zodOutcome(codeVerifyBodySchema, { email, code }),
      );
    },
  );

  const signUps = emails.flatMap((email) =>
    passwords.flatMap((password) =>
      [password, `${password}x`, ''].flatMap((confirmPassword) =>
        [true, false].map((agreeTerms) => ({ email, password, confirmPassword, agreeTerms })),
      ),
    ),
  );
  it(`sign-up, ${signUps.length} combinations`, () => {
    for (const values of signUps) {
      expect({ values, outcome: checkSignUp(values) }).toEqual({
        values,
        outcome: zodOutcome(signUpFormSchema, values),
      });
    }
  });

  it('answers with the schemas’ message keys', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      errors: { email: 'validation.emailRequired', password: 'validation.passwordRequired' },
    });
    expect(checkSignIn({ email: ' A@B.CO ', password: '12345678' })).toEqual({
      data: { email: 'a@b.co', password: '12345678' },
    });
  });
});

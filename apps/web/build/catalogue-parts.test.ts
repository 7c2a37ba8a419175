import { describe, expect, it } from 'vitest';
import { pickPart } from './catalogue-parts';

const texts = {
  auth: { signIn: 'Sign in' },
  form: { email: 'Email' },
  models: { title: 'Models' },
};
const parts = { parts: { start: ['auth', 'form'] }, rest: 'rest' };

describe('catalogue parts', () => {
  it('cuts a listed part by its top-level keys', () => {
    expect(pickPart(texts, parts, 'start')).toEqual({
      auth: { signIn: 'Sign in' },
      form: { email: 'Email' },
    });
  });

  it('puts every key no part lists into the rest, so a new namespace lands there', () => {
    expect(pickPart({ ...texts, compare: { title: 'Compare' } }, parts, 'rest')).toEqual({
      models: { title: 'Models' },
      compare: { title: 'Compare' },
    });
  });

  it('refuses a part it does not know', () => {
    expect(() => pickPart(texts, parts, 'other')).toThrow(/no part named other/);
  });
});

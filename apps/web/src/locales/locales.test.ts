import { describe, expect, it } from 'vitest';
import { errorTexts, validationTexts } from '@truss/contracts';
import en from './en.json';
import zhCN from './zh-CN.json';

/** Every leaf path ("auth.signIn", "legal.terms.sections.0.title", ...). */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('locale files', () => {
  const enKeys = keys(en).sort();
  const zhKeys = keys(zhCN).sort();

  it('zh-CN has every key of en', () => {
    expect(enKeys.filter((k) => !zhKeys.includes(k))).toEqual([]);
  });

  it('en has every key of zh-CN', () => {
    expect(zhKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
  });

  it('has no empty texts', () => {
    const empty = (obj: unknown) =>
      keys(obj).filter((k) => {
        const v = k
          .split('.')
          .reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], obj);
        return typeof v !== 'string' || v.trim() === '';
      });
    expect(empty(en)).toEqual([]);
    expect(empty(zhCN)).toEqual([]);
  });

  it('keeps the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const get = (obj: unknown, k: string) =>
      k
        .split('.')
        .reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], obj) as string;
    const mismatched = enKeys.filter(
      (k) => JSON.stringify(vars(get(en, k))) !== JSON.stringify(vars(get(zhCN, k))),
    );
    expect(mismatched).toEqual([]);
  });

  it('Chinese addresses the user with 您, never 你 (one register for a paid professional tool)', () => {
    const texts = [
      ...keys(zhCN).map((k) => [
        k,
        String(
          k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], zhCN),
        ),
      ]),
      ...Object.entries(errorTexts['zh-CN']).map(([k, v]) => [`errors.${k}`, v]),
      ...Object.entries(validationTexts['zh-CN']).map(([k, v]) => [k, v]),
    ];
    expect(texts.filter(([, text]) => text?.includes('你'))).toEqual([]);
    expect(texts.filter(([, text]) => text?.includes('您')).length).toBeGreaterThan(80);
  });
});

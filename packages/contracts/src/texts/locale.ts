/**
 * The interface languages, apart from the texts (messages.ts): the web app resolves its language
 * with these before it has loaded any text.
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** Anything other than zh-CN uses the default English texts (spec §1). */
export function resolveLocale(input: string | null | undefined): Locale {
  if (!input) return 'en';
  // Accept-Language may carry a list with weights: "zh-CN,zh;q=0.9,en;q=0.8"
  const first = input.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === 'zh-cn' || first === 'zh' || first === 'zh-hans' || first.startsWith('zh-hans')
    ? 'zh-CN'
    : 'en';
}

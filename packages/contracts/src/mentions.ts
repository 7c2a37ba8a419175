/** Mentions: `@[Name](user-id)` tokens in plain text; the server stores the ids it finds. */
export const MENTION_PATTERN = /@\[[^\]\n]{1,100}\]\(([0-9a-f-]{36})\)/gi;
export function mentionIds(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) ids.add(match[1]!.toLowerCase());
  return [...ids];
}

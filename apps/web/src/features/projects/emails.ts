import { emailSchema } from '@truss/contracts';

/** Separators people paste between addresses: comma, semicolon (also full-width), whitespace. */
const SEPARATORS = /[\s,;，；、]+/;

/** "Ada <ada@x.com>" -> "ada@x.com"; otherwise the trimmed, lower-cased text. */
function normalize(token: string): string {
  const angle = /<([^<>]+)>/.exec(token);
  return (angle?.[1] ?? token)
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
}

/** Split pasted or typed text into addresses (not yet validated). */
export function splitEmails(text: string): string[] {
  // Keep "Name <addr>" together before splitting on whitespace.
  const withoutNames = text.replace(/[^,;，；\n<>]*<([^<>]+)>/g, ' $1 ');
  return withoutNames
    .split(SEPARATORS)
    .map(normalize)
    .filter((token) => token.length > 0);
}

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/**
 * Add addresses to a list, dropping duplicates (within the new ones and against the list),
 * case-insensitively. Returns the new list and the duplicates that were dropped.
 */
export function addEmails(
  list: readonly string[],
  incoming: readonly string[],
): { list: string[]; duplicates: string[] } {
  const seen = new Set(list);
  const next = [...list];
  const duplicates: string[] = [];
  for (const raw of incoming) {
    const email = normalize(raw);
    if (!email) continue;
    if (seen.has(email)) duplicates.push(email);
    else {
      seen.add(email);
      next.push(email);
    }
  }
  return { list: next, duplicates };
}

import { seesMemberDetails } from '@truss/contracts';
import type { ProjectAccess } from './access.ts';

/**
 * What a guest may not learn about the people in a project: their e-mail addresses. Names stored
 * as text (topic and comment authors, saved views' authors) fall back to the address when a user
 * has no display name, and @mentions carry one, so responses to a guest pass through here.
 */

// Deliberately broad (any local@domain.tld): a missed address is a leak, a masked word is not.
const EMAIL = /[^\s@()[\]<>"',;:]+@[^\s@()[\]<>"',;:]+\.[^\s@()[\]<>"',;:]+/g;
/** What an address becomes inside free text. */
export const MASKED_EMAIL = '•••';

/** Whether responses to this caller must carry no e-mail address (a guest). */
export function hidesEmails(access: ProjectAccess): boolean {
  return !seesMemberDetails(access.actor);
}

/** `text` with every e-mail address replaced by MASKED_EMAIL. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, MASKED_EMAIL);
}

/**
 * A person's name as a guest may see it: an address (the fallback of a user without a display
 * name) becomes '' so the app shows its neutral label; a name stays.
 */
export function nameWithoutEmail(name: string): string {
  const masked = maskEmails(name);
  return masked === name ? name : masked.replaceAll(MASKED_EMAIL, '').trim();
}

/** `nameWithoutEmail` for nullable names. */
export function nullableNameWithoutEmail(name: string | null): string | null {
  return name === null ? null : nameWithoutEmail(name) || null;
}

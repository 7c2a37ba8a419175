import { MENTION_PATTERN } from '@truss/contracts';

/**
 * A text with mentions as the comment box shows it: `@Name` where the stored text (what the
 * server parses) holds `@[Name](user-id)`. Edits are made on the shown text and turned back
 * into the stored form; a mention the edit touches becomes plain text.
 */

/** A mention in the shown text: `@name` at [start, end). */
export interface ShownMention {
  start: number;
  end: number;
  id: string;
  name: string;
}

export interface ShownText {
  text: string;
  mentions: ShownMention[];
}

/** The stored text as shown: every `@[Name](id)` as `@Name`. */
export function showMentions(stored: string): ShownText {
  const mentions: ShownMention[] = [];
  let text = '';
  let last = 0;
  for (const match of stored.matchAll(MENTION_PATTERN)) {
    const markup = match[0];
    const name = markup.slice(2, markup.indexOf(']('));
    text += stored.slice(last, match.index);
    mentions.push({ start: text.length, end: text.length + 1 + name.length, id: match[1]!, name });
    text += `@${name}`;
    last = match.index + markup.length;
  }
  return { text: text + stored.slice(last), mentions };
}

/** The shown text back in the stored form. */
export function storeMentions({ text, mentions }: ShownText): string {
  let stored = '';
  let last = 0;
  for (const mention of mentions) {
    stored += `${text.slice(last, mention.start)}@[${mention.name}](${mention.id})`;
    last = mention.end;
  }
  return stored + text.slice(last);
}

/**
 * The shown text after the textarea changed it to `next`, with the caret at `caret`: the changed
 * span is what lies between the common start and the common end of both (the caret settles
 * where repeated characters leave it open); mentions before it stay, those after it move, those
 * it touches are dropped (their characters stay, as plain text).
 */
export function editShown(before: ShownText, next: string, caret = next.length): ShownText {
  const old = before.text;
  const shift = next.length - old.length;
  const limit = Math.min(old.length, next.length);
  let head = 0;
  while (head < limit && old[head] === next[head]) head += 1;
  // What was typed ends at the caret, so the unchanged start ends before it.
  head = Math.min(head, Math.max(0, caret - Math.max(0, shift)));
  let tail = 0;
  const tailLimit = Math.min(limit - head, next.length - caret);
  while (tail < tailLimit && old[old.length - 1 - tail] === next[next.length - 1 - tail]) {
    tail += 1;
  }
  return { text: next, mentions: keepMentions(before.mentions, head, old.length - tail, shift) };
}

/**
 * The mentions a change of [start, end) to a text `shift` characters longer leaves: those
 * before it stay, those after it move, those it touches are dropped.
 */
function keepMentions(
  mentions: ShownMention[],
  start: number,
  end: number,
  shift: number,
): ShownMention[] {
  const kept: ShownMention[] = [];
  for (const mention of mentions) {
    if (mention.end <= start) kept.push(mention);
    else if (mention.start >= end) {
      kept.push({ ...mention, start: mention.start + shift, end: mention.end + shift });
    }
  }
  return kept;
}

/** A person's name as a mention holds it: brackets and newlines would break the stored token. */
function mentionName(person: { id: string; name: string }): string {
  return person.name.replace(/[[\]\n]/g, '').slice(0, 100) || person.id;
}

/** Replaces the shown text's [start, end) with a mention of `person`, and a space after it. */
export function insertShownMention(
  shown: ShownText,
  start: number,
  end: number,
  person: { id: string; name: string },
): { shown: ShownText; caret: number } {
  const name = mentionName(person);
  const token = `@${name} `;
  const text = shown.text.slice(0, start) + token + shown.text.slice(end);
  const mentions = keepMentions(shown.mentions, start, end, token.length - (end - start));
  mentions.push({ start, end: start + 1 + name.length, id: person.id, name });
  mentions.sort((a, b) => a.start - b.start);
  return { shown: { text, mentions }, caret: start + token.length };
}

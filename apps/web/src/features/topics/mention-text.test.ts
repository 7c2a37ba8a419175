import { describe, expect, it } from 'vitest';
import { mentionIds } from '@truss/contracts';
import { editShown, insertShownMention, showMentions, storeMentions } from './mention-text';

const bea = '33333333-3333-4333-8333-333333333333';
const bo = '44444444-4444-4444-8444-444444444444';

describe('mentions shown as @Name, stored as @[Name](id)', () => {
  it('shows and stores back the same text', () => {
    const stored = `cc @[Bea](${bea}), @[Bo](${bo})!`;
    const shown = showMentions(stored);
    expect(shown.text).toBe('cc @Bea, @Bo!');
    expect(shown.mentions.map((m) => [m.start, m.end, m.id])).toEqual([
      [3, 7, bea],
      [9, 12, bo],
    ]);
    expect(storeMentions(shown)).toBe(stored);
  });

  it('keeps mentions an edit does not touch, where repeated characters leave it open too', () => {
    const shown = showMentions(`x@@[Bea](${bea})`);
    expect(shown.text).toBe('x@@Bea');
    // Backspace on the first "@" (caret at 1): the mention moves back, whole.
    expect(storeMentions(editShown(shown, 'x@Bea', 1))).toBe(`x@[Bea](${bea})`);
    // The same "@" typed again before the mention (caret at 2).
    const again = editShown(showMentions(`x@[Bea](${bea})`), 'x@@Bea', 2);
    expect(storeMentions(again)).toBe(`x@@[Bea](${bea})`);
    // Typing right after a mention, and a text replaced around none.
    expect(storeMentions(editShown(shown, 'x@@Beaa', 7))).toBe(`x@@[Bea](${bea})a`);
    expect(mentionIds(storeMentions(editShown(shown, 'x@@Bxa', 5)))).toEqual([]);
  });

  it('inserts a mention over the typed @query, keeping the others', () => {
    const shown = showMentions(`@[Bo](${bo}) hi @Be`);
    const { shown: next, caret } = insertShownMention(shown, 7, 10, { id: bea, name: 'Bea [PM]' });
    expect(next.text).toBe('@Bo hi @Bea PM ');
    expect(caret).toBe(next.text.length);
    expect(storeMentions(next)).toBe(`@[Bo](${bo}) hi @[Bea PM](${bea}) `);
  });
});

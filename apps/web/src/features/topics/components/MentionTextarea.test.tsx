import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { mentionIds, type ProjectMember } from '@truss/contracts';
import { i18n } from '../../../lib/i18n';
import { insertShownMention, showMentions, storeMentions } from '../mention-text';
import { MentionTextarea, mentionQuery } from './MentionTextarea';

afterEach(cleanup);

const bea = '33333333-3333-4333-8333-333333333333';
const bo = '44444444-4444-4444-8444-444444444444';
const members = [
  { kind: 'member', user_id: bea, name: 'Bea [PM]', email: 'bea@example.com' },
  { kind: 'member', user_id: bo, name: '', email: 'bo@example.com' },
  { kind: 'invite', user_id: null, name: '', email: 'later@example.com' },
] as ProjectMember[];

let current = '';
function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  current = value;
  return (
    <MentionTextarea
      value={value}
      onChange={setValue}
      members={members}
      className=""
      label="Reply"
      maxLength={5000}
    />
  );
}

function type(text: string, caret = text.length) {
  const area = screen.getByLabelText('Reply') as HTMLTextAreaElement;
  fireEvent.change(area, { target: { value: text, selectionStart: caret } });
  area.setSelectionRange(caret, caret);
  return area;
}

describe('MentionTextarea', () => {
  it('typing @ lists members; Enter inserts a mention the server parses', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Harness />
      </I18nextProvider>,
    );
    const area = type('Please check @');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Bea [PM]', 'bo@example.com']);
    type('Please check @b');
    fireEvent.keyDown(area, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(area, { key: 'ArrowUp' });
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(current).toBe(`Please check @[Bea PM](${bea}) `);
    expect(mentionIds(current)).toEqual([bea]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click picks too; an e-mail address is no mention', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Harness />
      </I18nextProvider>,
    );
    type('mail bo@exa');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('cc @bo');
    fireEvent.mouseDown(screen.getByRole('option', { name: 'bo@example.com' }));
    expect(mentionIds(current)).toEqual([bo]);
  });
});

describe('MentionTextarea shows names, never the markup', () => {
  const renderBox = (initial = '') =>
    render(
      <I18nextProvider i18n={i18n}>
        <Harness initial={initial} />
      </I18nextProvider>,
    );

  it('shows `@Name` while typing and keeps the id in the stored text', () => {
    renderBox();
    const area = type('Please check @be');
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(area.value).toBe('Please check @Bea PM ');
    expect(area.value).not.toContain(bea);
    expect(current).toBe(`Please check @[Bea PM](${bea}) `);
    // Typing on after the mention keeps it; the box never shows the markup.
    type('Please check @Bea PM please');
    expect(current).toBe(`Please check @[Bea PM](${bea}) please`);
    expect(mentionIds(current)).toEqual([bea]);
  });

  it('shows a stored comment readable when editing, and edits around its mentions', () => {
    renderBox(`@[Bea PM](${bea}) and @[bo@example.com](${bo}) look`);
    const area = screen.getByLabelText('Reply') as HTMLTextAreaElement;
    expect(area.value).toBe('@Bea PM and @bo@example.com look');
    // Text typed before a mention moves it along.
    type('Hi @Bea PM and @bo@example.com look', 3);
    expect(current).toBe(`Hi @[Bea PM](${bea}) and @[bo@example.com](${bo}) look`);
    // A character taken out of a mention leaves its text, no longer a mention.
    type('Hi @Bea P and @bo@example.com look', 9);
    expect(current).toBe(`Hi @Bea P and @[bo@example.com](${bo}) look`);
    expect(mentionIds(current)).toEqual([bo]);
  });

  it('holds the stored text to the limit: the ids count, unseen', () => {
    renderBox(`@[Bea PM](${bea}) hi`);
    const area = screen.getByLabelText('Reply') as HTMLTextAreaElement;
    const stored = `@[Bea PM](${bea}) hi`.length;
    expect(area.maxLength).toBe(5000 - (stored - area.value.length));
  });
});

describe('mention text', () => {
  it('finds the @word before the caret and replaces it', () => {
    expect(mentionQuery('hi @be', 6)).toEqual({ start: 3, query: 'be' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('hi @be there', 12)).toBeNull();
    const out = insertShownMention(showMentions('hi @be and'), 3, 6, { id: bea, name: 'Bea' });
    expect(storeMentions(out.shown)).toBe(`hi @[Bea](${bea})  and`);
    // The caret is in the shown text, after `@Bea `.
    expect(out.caret).toBe(3 + '@Bea '.length);
  });
});

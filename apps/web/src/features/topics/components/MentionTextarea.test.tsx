import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { mentionIds, type ProjectMember } from '@truss/contracts';
import { i18n } from '../../../lib/i18n';
import { insertMention, MentionTextarea, mentionQuery } from './MentionTextarea';

afterEach(cleanup);

const bea = '33333333-3333-4333-8333-333333333333';
const bo = '44444444-4444-4444-8444-444444444444';
const members = [
  { kind: 'member', user_id: bea, name: 'Bea [PM]', email: 'bea@example.com' },
  { kind: 'member', user_id: bo, name: '', email: 'bo@example.com' },
  { kind: 'invite', user_id: null, name: '', email: 'later@example.com' },
] as ProjectMember[];

let current = '';
function Harness() {
  const [value, setValue] = useState('');
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

function type(text: string) {
  const area = screen.getByLabelText('Reply') as HTMLTextAreaElement;
  fireEvent.change(area, { target: { value: text, selectionStart: text.length } });
  area.setSelectionRange(text.length, text.length);
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

describe('mention text', () => {
  it('finds the @word before the caret and replaces it', () => {
    expect(mentionQuery('hi @be', 6)).toEqual({ start: 3, query: 'be' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('hi @be there', 12)).toBeNull();
    const out = insertMention('hi @be and', 3, 6, { id: bea, name: 'Bea' });
    expect(out).toEqual({ text: `hi @[Bea](${bea})  and`, caret: 3 + `@[Bea](${bea}) `.length });
  });
});

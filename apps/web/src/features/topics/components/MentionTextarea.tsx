import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectMember } from '@truss/contracts';
import { editShown, insertShownMention, showMentions, storeMentions } from '../mention-text';

interface Person {
  id: string;
  name: string;
}

/** The `@word` being typed before the caret, if any (an @ at the start or after a space). */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/**
 * A textarea where typing @ lists the project's members; picking one (click, Enter or Tab)
 * inserts the mention. `value` and `onChange` carry the stored form `@[Name](id)` (the server
 * needs the id); the textarea shows and edits `@Name`. Without members it is a plain textarea.
 */
export function MentionTextarea({
  value,
  onChange,
  members,
  className,
  label,
  placeholder,
  maxLength,
}: {
  value: string;
  onChange: (value: string) => void;
  members: readonly ProjectMember[];
  className: string;
  label: string;
  placeholder?: string;
  maxLength: number;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [at, setAt] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const people: Person[] = members
    .filter((m) => m.kind === 'member' && m.user_id)
    .map((m) => ({ id: m.user_id!, name: m.name || m.email || '' }));
  const shown = showMentions(value);
  const q = at?.query.toLowerCase() ?? '';
  const matches = at ? people.filter((p) => p.name.toLowerCase().includes(q)).slice(0, 8) : [];

  const track = (text: string, caret: number) => {
    const next = mentionQuery(text, caret);
    setAt(next);
    if (next?.query !== at?.query) setActive(0);
  };
  const pick = (person: Person) => {
    const el = area.current;
    if (!at || !el) return;
    const next = insertShownMention(shown, at.start, el.selectionStart, person);
    onChange(storeMentions(next.shown));
    setAt(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(matches[Math.min(active, matches.length - 1)]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setAt(null);
    }
  };

  return (
    <div className="relative">
      <textarea
        ref={area}
        aria-label={label}
        placeholder={placeholder}
        className={className}
        value={shown.text}
        // The limit is the stored text's: each mention's id takes room the box does not show.
        maxLength={Math.max(0, maxLength - (value.length - shown.text.length))}
        // A textarea may carry no combobox role: it stays a textbox that drives the list.
        aria-autocomplete="list"
        aria-controls={matches.length > 0 ? listId : undefined}
        aria-activedescendant={matches.length > 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          const caret = e.target.selectionStart;
          onChange(storeMentions(editShown(shown, e.target.value, caret)));
          track(e.target.value, caret);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setAt(null)}
      />
      {matches.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('topics.mention.list')}
          className="absolute bottom-full left-0 z-10 mb-1 max-h-48 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 text-sm shadow-lg"
        >
          {matches.map((person, i) => (
            <li
              key={person.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'bg-brand-50 px-3 py-1.5' : 'px-3 py-1.5'}
              // mousedown, not click: the textarea's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(person);
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ProjectMember } from '@truss/contracts';
import { i18n } from '../../../lib/i18n';
import type { TopicFilter } from '../api';
import { dueRange, extraFilterQuery, NO_EXTRA_FILTER, type ExtraFilter } from '../filters';
import { TopicFilterFields } from './TopicFilterFields';

afterEach(cleanup);

const bea = '33333333-3333-4333-8333-333333333333';
const members = [
  { kind: 'member', user_id: bea, name: 'Bea', email: 'bea@example.com' },
  { kind: 'invite', user_id: null, name: '', email: 'later@example.com' },
] as ProjectMember[];
// Wednesday 25 November 2026, mid-afternoon local time.
const now = new Date(2026, 10, 25, 15, 30);

function Harness({ onQuery }: { onQuery: (query: TopicFilter) => void }) {
  const [value, setValue] = useState<ExtraFilter>(NO_EXTRA_FILTER);
  onQuery(extraFilterQuery(value, now));
  return (
    <TopicFilterFields
      value={value}
      onChange={setValue}
      types={['Issue', 'Clash']}
      members={members}
      className=""
    />
  );
}

describe('TopicFilterFields', () => {
  it('turns each pick into the list query parameters the server takes', () => {
    const queries: TopicFilter[] = [];
    render(
      <I18nextProvider i18n={i18n}>
        <Harness onQuery={(query) => queries.push(query)} />
      </I18nextProvider>,
    );
    expect(queries.at(-1)).toEqual({});
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'Clash' } });
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: ' fire ' } });
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: 'overdue' } });
    expect(queries.at(-1)).toEqual({
      type: 'Clash',
      assignee: 'none',
      label: 'fire',
      dueBefore: '2026-11-25T00:00:00.000Z',
    });
    // Invitations that have no user yet cannot be assignees.
    const options = [...screen.getByLabelText('Assignee').querySelectorAll('option')];
    expect(options.map((o) => o.textContent)).toEqual(['Anyone', 'Unassigned', 'Bea']);
  });

  it('hides the type and assignee filters when there is nothing to pick', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <TopicFilterFields
          value={NO_EXTRA_FILTER}
          onChange={() => undefined}
          types={[]}
          members={[]}
          className=""
        />
      </I18nextProvider>,
    );
    expect(screen.queryByLabelText('Type')).toBeNull();
    expect(screen.queryByLabelText('Assignee')).toBeNull();
    expect(screen.getByLabelText('Due')).toBeTruthy();
  });
});

describe('due filters', () => {
  it('this week runs Monday to the next Monday', () => {
    expect(dueRange('week', now)).toEqual({
      dueAfter: '2026-11-23T00:00:00.000Z',
      dueBefore: '2026-11-30T00:00:00.000Z',
    });
    // A Sunday still belongs to the week that began six days before.
    expect(dueRange('week', new Date(2026, 10, 29, 9))).toEqual({
      dueAfter: '2026-11-23T00:00:00.000Z',
      dueBefore: '2026-11-30T00:00:00.000Z',
    });
    expect(dueRange('', now)).toEqual({});
  });

  it('"no due date" is the server\'s due=none, not a date range', () => {
    expect(dueRange('none', now)).toEqual({ due: 'none' });
    expect(extraFilterQuery({ ...NO_EXTRA_FILTER, due: 'none' }, now)).toEqual({ due: 'none' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ProjectMember, Topic } from '@truss/contracts';
import { i18n } from '../../../lib/i18n';
import { parseNumericDate, setFormatPreferences } from '../../../lib/format';
import { TopicFields } from './TopicFields';

afterEach(() => {
  cleanup();
  setFormatPreferences({});
});

const bea = '33333333-3333-4333-8333-333333333333';
const topic = {
  kind: 'issue',
  status: 'Open',
  priority: 'High',
  labels: ['door', 'fire'],
  assignee_id: bea,
  assigned_to: null,
  due_date: '2026-12-01T00:00:00.000Z',
} as Topic;
const members = [
  { kind: 'member', user_id: bea, name: 'Bea', email: 'bea@example.com' },
] as ProjectMember[];

function renderFields(abilities: { edit: boolean; assign: boolean; status: boolean }) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <TopicFields topic={topic} abilities={abilities} members={members} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

describe('TopicFields', () => {
  it('sends each change as its own PATCH body', () => {
    const onChange = renderFields({ edit: true, assign: true, status: true });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Resolved' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: '2027-01-15' } });
    const labels = screen.getByLabelText('Labels');
    expect((labels as HTMLInputElement).value).toBe('door, fire');
    fireEvent.change(labels, { target: { value: 'door, , fire, door, egress' } });
    fireEvent.blur(labels);
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([
      { status: 'Resolved' },
      { priority: null },
      { assigneeId: null },
      { dueDate: '2027-01-15T00:00:00.000Z' },
      { labels: ['door', 'fire', 'egress'] },
    ]);
  });

  it('without rights the fields are read-only and the assignee is plain text', () => {
    renderFields({ edit: false, assign: false, status: false });
    expect(screen.getByLabelText('Status')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Priority')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Labels')).toHaveProperty('disabled', true);
    expect(screen.queryByLabelText('Assignee')).toBeNull();
    expect(screen.getByText('Bea')).toBeTruthy();
  });

  it("shows and takes the due date in the user's date format (issue 35 item 5)", () => {
    setFormatPreferences({ dateFormat: 'dd/mm/yyyy' });
    const onChange = renderFields({ edit: true, assign: true, status: true });
    const due = screen.getByLabelText('Due') as HTMLInputElement;
    expect(due.value).toBe('01/12/2026');
    expect(due.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(due, { target: { value: '15/01/202' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(due, { target: { value: '15/01/2027' } });
    fireEvent.change(due, { target: { value: '' } });
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([
      { dueDate: '2027-01-15T00:00:00.000Z' },
      { dueDate: null },
    ]);
  });

  it('sends no day on the way to another while typing; a short date is sent on blur', () => {
    setFormatPreferences({ dateFormat: 'yyyy-mm-dd' });
    const onChange = renderFields({ edit: true, assign: true, status: true });
    const due = screen.getByLabelText('Due') as HTMLInputElement;
    fireEvent.change(due, { target: { value: '2027-01-1' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(due, { target: { value: '2027-1-5' } });
    fireEvent.blur(due);
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([{ dueDate: '2027-01-05T00:00:00.000Z' }]);
    expect(due.value).toBe('2027-01-05');
  });
});

describe('parseNumericDate', () => {
  it('reads each preference pattern and ISO, and refuses days that do not exist', () => {
    expect(parseNumericDate('2027/01/15', 'yyyy/mm/dd')).toBe('2027-01-15');
    expect(parseNumericDate('15/01/2027', 'dd/mm/yyyy')).toBe('2027-01-15');
    expect(parseNumericDate('01/15/2027', 'mm/dd/yyyy')).toBe('2027-01-15');
    expect(parseNumericDate('2027-01-15', 'mm/dd/yyyy')).toBe('2027-01-15');
    expect(parseNumericDate('31/02/2027', 'dd/mm/yyyy')).toBeNull();
    expect(parseNumericDate('15/01/27', 'dd/mm/yyyy')).toBeNull();
  });
});

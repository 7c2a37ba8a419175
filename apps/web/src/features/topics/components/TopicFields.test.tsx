import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ProjectMember, Topic } from '@truss/contracts';
import { i18n } from '../../../lib/i18n';
import { TopicFields } from './TopicFields';

afterEach(cleanup);

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
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProjectMember, Topic } from '@truss/contracts';
import { renderRoutes } from '../../../testing/render';
import { memberAbilities } from '../abilities';
import { BulkChange } from './BulkChange';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = '22222222-2222-4222-8222-222222222222';
const bea = '33333333-3333-4333-8333-333333333333';
const other = '55555555-5555-4555-8555-555555555555';
const topic = (id: string, authorId: string) =>
  ({ id, kind: 'issue', assignee_id: null, author: { user_id: authorId } }) as unknown as Topic;
// Mine and someone else's: a plain member may change only their own topic.
const picked = [topic('t-mine', me), topic('t-theirs', other)];
const members = [
  { kind: 'member', user_id: bea, name: 'Bea', email: 'bea@example.com' },
] as ProjectMember[];

function renderBulk(role: 'member' | 'admin', onDone: () => void) {
  renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <BulkChange
            picked={picked}
            abilities={memberAbilities({ role }, me)}
            members={members}
            className=""
            onDone={onDone}
          />
        ),
      },
    ],
    '/',
  );
}

function stubPatch() {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('BulkChange', () => {
  it('changes the assignee of the picked topics the user may assign', async () => {
    const fetch = stubPatch();
    const onDone = vi.fn();
    renderBulk('admin', onDone);
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Set assignee…'), { target: { value: bea } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const calls = fetch.mock.calls.map(([url, init]) => [
      String(url),
      init.method,
      JSON.parse(String(init.body)),
    ]);
    expect(calls).toEqual([
      ['/api/topics/t-mine', 'PATCH', { assigneeId: bea }],
      ['/api/topics/t-theirs', 'PATCH', { assigneeId: bea }],
    ]);
  });

  it('leaves out the topics whose change can() refuses', async () => {
    const fetch = stubPatch();
    const onDone = vi.fn();
    renderBulk('member', onDone);
    fireEvent.change(screen.getByLabelText('Set status…'), { target: { value: 'Resolved' } });
    fireEvent.change(screen.getByLabelText('Set assignee…'), { target: { value: 'none' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(
      fetch.mock.calls.map(([url, init]) => [String(url), JSON.parse(String(init.body))]),
    ).toEqual([['/api/topics/t-mine', { status: 'Resolved', assigneeId: null }]]);
  });
});

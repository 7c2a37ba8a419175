import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ProjectMember, TopicWithComments } from '@truss/contracts';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { memberAbilities, visitorAbilities } from '../abilities';
import { topicQuery, type TopicSource } from '../api';
import { TopicDetail } from './TopicDetail';

const source: TopicSource = { kind: 'share', token: 'tok' };
const member = '33333333-3333-4333-8333-333333333333';
/** What a visitor of a share without comments gets: comments hidden, the assignee by name. */
const topic = {
  id: 't1',
  kind: 'issue',
  number: 1,
  type: 'Issue',
  title: 'Slab edge',
  description: '',
  status: 'Open',
  priority: null,
  labels: [],
  assignee_id: member,
  assigned_to: 'Mia Member',
  due_date: null,
  author: { user_id: null, name: 'Guest', share_id: null },
  created_at: '2026-12-01T00:00:00.000Z',
  updated_at: '2026-12-01T00:00:00.000Z',
  comment_count: 0,
  comments: [],
  comments_before: null,
  viewpoints: [],
} as unknown as TopicWithComments;

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderDetail(flags: { comment: boolean; editIssues: boolean }) {
  const permissions = { view: true, download: false, ...flags };
  queryClient.setQueryData(topicQuery(source, topic.id).queryKey, topic);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TopicDetail
          source={source}
          topicId={topic.id}
          abilities={visitorAbilities(permissions)}
          members={[]}
          onBack={() => undefined}
          onShow={() => undefined}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('TopicDetail for a share visitor (issue 35 item 3)', () => {
  it('Issue Editing without comments: the assignee by name, no "0 comments", the right note', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...topic, status: 'In Progress' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderDetail({ comment: false, editIssues: true });
    expect(screen.getByText('Mia Member')).toBeTruthy();
    expect(screen.queryByText(/unassigned/i)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Your name/), { target: { value: 'Gu' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'In Progress' } });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(
      await screen.findByText('This link does not share comments. You can view and update issues.'),
    ).toBeTruthy();
    expect(screen.queryByText(/comments only/i)).toBeNull();
    expect(screen.queryByText(/^0 comments$/i)).toBeNull();
  });

  it('View Only without comments says the visitor can view issues, not comments', () => {
    renderDetail({ comment: false, editIssues: false });
    expect(
      screen.getByText('This link does not share comments. You can view issues.'),
    ).toBeTruthy();
    expect(screen.queryByText(/comments only/i)).toBeNull();
    expect(screen.queryByText(/^0 comments$/i)).toBeNull();
  });

  it('with comments the count is shown', () => {
    renderDetail({ comment: true, editIssues: false });
    expect(screen.getByText('0 comments')).toBeTruthy();
  });

  it('names a member author by display name though the topic was written by address', () => {
    const written = {
      ...topic,
      author: { user_id: member, name: 'mia@example.com', share_id: null },
      comment_count: 1,
      comments: [
        {
          id: 'c1',
          topic_id: topic.id,
          text: 'Checked on site',
          author: { user_id: member, name: 'mia@example.com', share_id: null },
          mentions: [],
          edited: false,
          created_at: '2026-12-01T00:00:00.000Z',
          updated_at: '2026-12-01T00:00:00.000Z',
        },
      ],
    } as unknown as TopicWithComments;
    const memberSource: TopicSource = { kind: 'member', projectId: 'p1' };
    queryClient.setQueryData(topicQuery(memberSource, topic.id).queryKey, written);
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <TopicDetail
            source={memberSource}
            topicId={topic.id}
            abilities={memberAbilities({ role: 'member' }, 'someone-else')}
            members={[
              {
                kind: 'member',
                user_id: member,
                name: 'Mia Member',
                email: 'mia@example.com',
              } as ProjectMember,
            ]}
            onBack={() => undefined}
            onShow={() => undefined}
          />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(screen.getAllByText(/Mia Member/).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(/mia@example\.com/)).toBeNull();
  });
});

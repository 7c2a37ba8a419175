import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { TopicAttachmentList, TopicWithComments } from '@truss/contracts';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { memberAbilities, visitorAbilities } from '../abilities';
import { topicQuery, type TopicSource } from '../api';
import { attachmentsKey } from '../attachments-api';
import { TopicDetail } from './TopicDetail';

const me = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const topic = {
  id: 't1',
  kind: 'issue',
  number: 4,
  type: 'Issue',
  title: 'Cracked slab',
  description: '',
  status: 'Open',
  priority: null,
  labels: [],
  assignee_id: null,
  assigned_to: null,
  due_date: null,
  author: { user_id: other, name: 'Olga', share_id: null },
  created_at: '2026-12-01T00:00:00.000Z',
  updated_at: '2026-12-01T00:00:00.000Z',
  comment_count: 0,
  comments: [],
  comments_before: null,
  viewpoints: [],
} as unknown as TopicWithComments;

const file = (id: string, filename: string, uploader: string) => ({
  id,
  topic_id: topic.id,
  comment_id: null,
  filename,
  content_type: 'application/pdf',
  size_bytes: 2048,
  is_image: false,
  url: `/api/attachments/${id}`,
  thumbnail_url: null,
  uploader_id: uploader,
  uploader_name: 'Somebody',
  created_at: '2026-12-01T00:00:00.000Z',
});

const list: TopicAttachmentList = {
  attachments: [file('a1', 'mine.pdf', me), file('a2', 'theirs.pdf', other)],
  max_bytes: 1000,
};

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderDetail(source: TopicSource, abilities = memberAbilities({ role: 'member' }, me)) {
  queryClient.setQueryData(topicQuery(source, topic.id).queryKey, topic);
  queryClient.setQueryData(attachmentsKey(topic.id), list);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TopicDetail
          source={source}
          topicId={topic.id}
          abilities={abilities}
          members={[]}
          onBack={() => undefined}
          onShow={() => undefined}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('TopicDetail attachments', () => {
  it('lists the files; a member deletes only their own; file picker and camera', () => {
    renderDetail({ kind: 'member', projectId: 'p1' });
    expect(screen.getByText('2 attachments')).toBeTruthy();
    expect(screen.getByText('mine.pdf')).toBeTruthy();
    expect(screen.getByLabelText('Delete mine.pdf')).toBeTruthy();
    expect(screen.queryByLabelText('Delete theirs.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeTruthy();
    const camera = screen.getByTestId('attach-camera-input');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(camera.hasAttribute('capture')).toBe(true);
  });

  it('uploads a picked file as the raw body; refuses one over the plan size unsent', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify(file('a3', 'site.jpg', me)), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderDetail({ kind: 'member', projectId: 'p1' });
    const input = screen.getByTestId('attach-file-input');
    const big = new File([new Uint8Array(1001)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    const small = new File([new Uint8Array(10)], 'site.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [small] } });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const uploads = fetch.mock.calls.filter((call) => String(call[0]).includes('/attachments?'));
    expect(uploads).toHaveLength(1);
    expect(String(uploads[0]![0])).toContain('/api/topics/t1/attachments?name=site.jpg');
  });

  it('a share visitor sees the files but cannot attach or delete', () => {
    renderDetail(
      { kind: 'share', token: 'tok' },
      visitorAbilities({ view: true, download: false, comment: true, editIssues: true }),
    );
    expect(screen.getByText('mine.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Attach file' })).toBeNull();
    expect(screen.queryByLabelText('Delete mine.pdf')).toBeNull();
  });
});

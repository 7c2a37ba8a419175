import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import { profileKey } from '../../auth';
import InvitePage from './InvitePage';

const PID = '00000000-0000-4000-8000-0000000000a1';
const preview = {
  project: { id: PID, name: 'Riverside Tower', description: 'Phase 2' },
  inviter: { name: 'Ann' as string | null },
  role: 'admin',
  email: 'bob@example.com',
  status: 'pending',
  expires_at: '2099-01-01T00:00:00.000Z',
};
const projectRow = {
  ...preview.project,
  is_default: false,
  role: 'admin',
  metadata: {},
  creator: { id: '00000000-0000-4000-8000-000000000009', email: 'ann@example.com', name: 'Ann' },
  tier: 'free',
  is_favorite: false,
  show_in_sidebar: true,
  member_count: 2,
  model_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

type Reply = { status: number; body: unknown };
function stubApi(replies: Record<string, Reply>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      const reply =
        replies[key] ??
        (key === 'GET /api/project'
          ? { status: 200, body: [] }
          : { status: 404, body: { code: 'NOT_FOUND' } });
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function signedInAs(email: string) {
  authStore.setTokens({ token: 't', refreshToken: 'r', expiresIn: 900 });
  queryClient.setQueryData(profileKey, {
    id: '00000000-0000-4000-8000-000000000001',
    email,
    language: 'en',
  } as never);
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/invite', Component: InvitePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    path,
  );

beforeEach(() => {
  authStore.clear();
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('invite page', () => {
  it('says the link misses its token', () => {
    signedInAs('bob@example.com');
    renderAt('/invite');
    expect(screen.getByText('Invalid invitation link, missing invitation token')).toBeTruthy();
  });

  it('says an expired or used link is invalid', async () => {
    signedInAs('bob@example.com');
    stubApi({
      'GET /api/invitations/old': {
        status: 410,
        body: { statusCode: 410, statusMessage: 'x', message: 'x', code: 'INVITATION_INVALID' },
      },
    });
    renderAt('/invite?token=old');
    expect(
      await screen.findByText(
        'This invitation link has expired or is invalid, please contact the inviter',
      ),
    ).toBeTruthy();
  });

  it('warns about another account, accepts and opens the project', async () => {
    signedInAs('someone@example.com');
    const calls = stubApi({
      'GET /api/invitations/tok': { status: 200, body: preview },
      'POST /api/invitations/tok/accept': { status: 200, body: { project_id: PID } },
      'GET /api/project': { status: 200, body: [projectRow] },
    });
    const router = renderAt('/invite?token=tok');
    expect(await screen.findByText('Riverside Tower')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'This invitation was sent to bob@example.com, but you are signed in as someone@example.com',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/models/${PID}`));
    expect(calls).toContain('POST /api/invitations/tok/accept');
  });

  it('names the inviter by display name, else "A project member", never by address', async () => {
    signedInAs('bob@example.com');
    stubApi({ 'GET /api/invitations/tok': { status: 200, body: preview } });
    renderAt('/invite?token=tok');
    expect(await screen.findByText('Ann invited you to join')).toBeTruthy();
    cleanup();
    queryClient.clear();
    stubApi({
      'GET /api/invitations/tok': { status: 200, body: { ...preview, inviter: { name: null } } },
    });
    renderAt('/invite?token=tok');
    expect(await screen.findByText('A project member invited you to join')).toBeTruthy();
    expect(document.body.textContent).not.toContain('@example.com invited');
  });

  it('shows the spec error when answering fails', async () => {
    signedInAs('bob@example.com');
    stubApi({
      'GET /api/invitations/tok': { status: 200, body: preview },
      'POST /api/invitations/tok/decline': {
        status: 500,
        body: { statusCode: 500, statusMessage: 'x', message: 'x', code: 'INTERNAL_ERROR' },
      },
    });
    renderAt('/invite?token=tok');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(/Accept or Decline invitation failed/)).toBeTruthy();
  });
});

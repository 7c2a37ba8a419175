import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Project, ProjectMember } from '@truss/contracts';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render';
import { InviteDialog } from './InviteDialog';

const ME = '00000000-0000-4000-8000-000000000001';
const PID = '00000000-0000-4000-8000-0000000000a1';
const project: Project = {
  id: PID,
  name: 'Tower',
  description: 'd',
  is_default: false,
  role: 'admin',
  metadata: {},
  creator: { id: '00000000-0000-4000-8000-000000000009', email: 'o@x.com', name: null },
  tier: 'free',
  is_favorite: false,
  show_in_sidebar: false,
  member_count: 2,
  model_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const member: ProjectMember = {
  id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'member',
  user_id: '00000000-0000-4000-8000-000000000003',
  email: 'taken@x.com',
  name: null,
  role: 'member',
  status: 'accepted',
  is_creator: false,
  invited_by: null,
  added_at: '2026-11-01T00:00:00.000Z',
  expires_at: null,
};

function stubInvite(response: unknown) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return new Response(JSON.stringify(response), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function open(onOpenChange = vi.fn()) {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <InviteDialog
            open
            onOpenChange={onOpenChange}
            project={project}
            myId={ME}
            members={[member]}
          />
        ),
      },
    ],
    '/',
  );
  return onOpenChange;
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Addresses to invite' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent?.split(':')[0]?.trim());

beforeEach(() => {
  authStore.clear();
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invite dialog', () => {
  it('turns pasted text into chips, drops duplicates and flags invalid and added ones', () => {
    open();
    const input = screen.getByLabelText('Email addresses');
    fireEvent.paste(input, {
      clipboardData: { getData: () => 'a@x.com, A@X.com\nnot-an-email taken@x.com' },
    });
    expect(chips()).toEqual(['a@x.com', 'not-an-email', 'taken@x.com']);
    expect(screen.getByText('Duplicate removed: a@x.com')).toBeTruthy();
    expect(screen.getByText('1 address is not valid and will not be invited.')).toBeTruthy();
    expect(screen.getByText(/This address has already been added to the project/)).toBeTruthy();
    // Typing a separator completes an address too.
    fireEvent.change(input, { target: { value: 'b@x.com ' } });
    expect(chips()).toContain('b@x.com');
  });

  it('offers Member, Admin and Guest, and says what a guest may do', async () => {
    const calls = stubInvite({
      results: [{ email: 'client@x.com', status: 'invited', code: null, message: null }],
      invited: 1,
      failed: 0,
    });
    open();
    const role = screen.getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Member', 'Admin', 'Guest']);
    fireEvent.change(role, { target: { value: 'guest' } });
    expect(screen.getByText(/Does not see the members or their e-mail addresses/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email addresses'), {
      target: { value: 'client@x.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(calls).toEqual([{ emails: ['client@x.com'], role: 'guest' }]));
  });

  it('says no valid email entered and sends nothing', () => {
    const calls = stubInvite({});
    open();
    fireEvent.change(screen.getByLabelText('Email addresses'), {
      target: { value: 'nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(screen.getByText('No valid email entered')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the valid addresses with the role and shows a result per address', async () => {
    const calls = stubInvite({
      results: [
        { email: 'a@x.com', status: 'invited', code: null, message: null },
        {
          email: 'taken@x.com',
          status: 'already_member',
          code: 'MEMBER_ALREADY_ADDED',
          message: 'x',
        },
      ],
      invited: 1,
      failed: 1,
    });
    open();
    fireEvent.paste(screen.getByLabelText('Email addresses'), {
      clipboardData: { getData: () => 'a@x.com taken@x.com bad@' },
    });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(screen.getByText('Invitation results')).toBeTruthy());
    expect(calls).toEqual([{ emails: ['a@x.com', 'taken@x.com'], role: 'admin' }]);
    expect(screen.getByText(/Some invitations failed/)).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Result per address' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((r) => r.textContent)).toEqual([
      'a@x.comInvitation sent',
      'taken@x.comThis address has already been added to the project',
      'bad@Please enter a valid email address',
    ]);
  });

  it('closes with a toast when every invitation went out', async () => {
    stubInvite({
      results: [{ email: 'a@x.com', status: 'invited', code: null, message: null }],
      invited: 1,
      failed: 0,
    });
    const onOpenChange = open();
    fireEvent.change(screen.getByLabelText('Email addresses'), { target: { value: 'a@x.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});

import { queryOptions } from '@tanstack/react-query';
import type { InvitationPreview } from '@truss/contracts';
import { http } from '../../lib/api';

/*
 * The public preview of an invitation on its own, without the rest of the invitations API (and
 * the projects API it uses): the sign-in pages show it.
 */

export const invitationPreviewKey = (token: string) => ['invitations', token] as const;

/** GET /api/invitations/{token}: public, so the invite page can show it before signing in. */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: invitationPreviewKey(token),
    queryFn: () =>
      http.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, {
        auth: false,
      }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

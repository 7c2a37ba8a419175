import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { myInvitationsKey, projectsKey, projectsQuery } from '../projects';
import { subscriptionKey } from '../subscription';

export { invitationPreviewKey, invitationPreviewQuery } from './preview';

/**
 * Which invitation to answer: by the mailed link's token (the invite page), or by id for one of
 * my pending invitations ("Shared with me", which has no tokens; the server checks the address).
 */
type InvitationTarget = { token: string } | { invitationId: string };

function answerPath(target: InvitationTarget, answer: 'accept' | 'decline'): string {
  return 'token' in target
    ? `/api/invitations/${encodeURIComponent(target.token)}/${answer}`
    : `/api/user/invitations/${target.invitationId}/${answer}`;
}

const invitationsApi = {
  accept: (target: InvitationTarget) =>
    http.post<{ project_id: string }>(answerPath(target, 'accept')),
  decline: (target: InvitationTarget) => http.post<unknown>(answerPath(target, 'decline')),
};

/**
 * After answering, my invitations, my projects and my plan usage change. Not awaited, and the
 * link's preview is left alone: the page that answered shows the outcome (the link is used now,
 * so a refetch would replace that page with "link expired or invalid").
 */
function refreshAfterAnswer(): void {
  void queryClient.invalidateQueries({ queryKey: myInvitationsKey });
  void queryClient.invalidateQueries({ queryKey: projectsKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: subscriptionKey });
}

/** Accept; resolves once the project list holds the project, so the next page can show it. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (target: InvitationTarget) => {
      const result = await invitationsApi.accept(target);
      await queryClient.fetchQuery({ ...projectsQuery(), staleTime: 0 });
      return result;
    },
    onSettled: refreshAfterAnswer,
  });
}

export function useDeclineInvitation() {
  return useMutation({
    mutationFn: invitationsApi.decline,
    onSettled: refreshAfterAnswer,
  });
}

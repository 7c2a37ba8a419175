import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Inbox, MailOpen } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { FormAlert } from '../../../components/ui/Field';
import { Badge, Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { Avatar } from '../../../shared/ui/Avatar';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAcceptInvitation, useDeclineInvitation } from '../../invite';
import { myInvitationsQuery, type MyInvitation } from '../api';
import { chooseProject } from '../current';

function InvitationCard({ invitation }: { invitation: MyInvitation }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [error, setError] = useState<string | null>(null);
  const busy = accept.isPending || decline.isPending;
  const inviter = invitation.inviter.name || t('invitePage.aProjectMember');
  const fail = (e: unknown) =>
    setError(`${t('errors.INVITATION_RESPONSE_FAILED')}${e ? ` (${errorMessage(e, t)})` : ''}`);

  return (
    <Card className="p-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <Avatar name={inviter} size={40} />
          <div className="min-w-0">
            <p className="text-sm text-gray-600">
              {t('sharedWithMe.invitedBy', { name: inviter })}
            </p>
            <p className="truncate text-base font-semibold text-gray-900">
              {invitation.project.name}
            </p>
            {invitation.project.description && (
              <p className="line-clamp-2 text-sm text-gray-600">{invitation.project.description}</p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-gray-500">
              <Badge tone="brand">{t(`roles.${invitation.role}`)}</Badge>
              <span>
                {t('sharedWithMe.expires', {
                  date: formatDate(invitation.expires_at, i18n.language),
                })}
              </span>
            </div>
          </div>
        </div>
        <div className="flex shrink-0 gap-2 sm:flex-col lg:flex-row">
          <Button
            variant="secondary"
            className="flex-1"
            disabled={busy}
            loading={decline.isPending}
            aria-label={t('sharedWithMe.declineNamed', { name: invitation.project.name })}
            onClick={() => {
              setError(null);
              decline.mutate(
                { invitationId: invitation.id },
                {
                  onSuccess: () =>
                    toast.info(t('invitePage.declinedTitle'), invitation.project.name),
                  onError: fail,
                },
              );
            }}
          >
            {t('invitePage.decline')}
          </Button>
          <Button
            className="flex-1"
            disabled={busy}
            loading={accept.isPending}
            aria-label={t('sharedWithMe.acceptNamed', { name: invitation.project.name })}
            onClick={() => {
              setError(null);
              accept.mutate(
                { invitationId: invitation.id },
                {
                  onSuccess: ({ project_id }) => {
                    chooseProject(project_id);
                    toast.success(t('invitePage.joined', { name: invitation.project.name }));
                    navigate(`/models/${project_id}`);
                  },
                  onError: fail,
                },
              );
            }}
          >
            {t('invitePage.accept')}
          </Button>
        </div>
      </div>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
    </Card>
  );
}

/** "Shared with me": pending invitations addressed to me, answered in place. */
export function SharedWithMe() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useQuery(myInvitationsQuery());
  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (error) return <FormAlert>{errorMessage(error, t)}</FormAlert>;
  if (!data?.length) {
    return (
      <EmptyState
        icon={Inbox}
        title={t('sharedWithMe.emptyTitle')}
        description={t('sharedWithMe.emptyDescription')}
      />
    );
  }
  return (
    <section aria-label={t('projects.tabs.shared')} className="space-y-3">
      <p className="flex items-center gap-2 text-sm text-gray-600">
        <MailOpen className="size-4 text-brand-600" aria-hidden />
        {t('sharedWithMe.pending', { count: data.length })}
      </p>
      {data.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} />
      ))}
    </section>
  );
}

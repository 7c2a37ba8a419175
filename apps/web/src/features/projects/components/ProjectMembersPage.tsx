import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogOut, UserPlus } from 'lucide-react';
import { type ProjectMember } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { ListTableHead } from '../../../shared/ui/ListTableHead';
import { Card, PageHeader } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { invalidateMembers, membersQuery, projectsApi, useMyId } from '../api';
import { useCurrentProject } from '../current';
import { useProjectAbilities } from '../permissions';
import { InviteDialog } from './InviteDialog';
import { ProjectDialogs, type ProjectDialogState } from '../dialogs/ProjectDialogs';
import { ProjectNotFound } from './ProjectNotFound';
import { useProjectName } from './ProjectAvatar';
import { displayName, memberAddress, MemberRow } from './MemberRow';

const roleOrder = { owner: 0, admin: 1, member: 2, guest: 3 } as const;
const statusOrder = { accepted: 0, pending: 1, rejected: 2 } as const;

/** Accepted members first (owner, admins, members), then pending and rejected invitations. */
export function sortMembers(list: readonly ProjectMember[]): ProjectMember[] {
  return [...list].sort(
    (a, b) =>
      statusOrder[a.status] - statusOrder[b.status] ||
      Number(b.is_creator) - Number(a.is_creator) ||
      roleOrder[a.role] - roleOrder[b.role] ||
      a.added_at.localeCompare(b.added_at),
  );
}

/** /project/{id}/members: who works on the project, their roles and pending invitations. */
export default function ProjectMembersPage() {
  const { t } = useTranslation();
  const { project, isLoading, notFound } = useCurrentProject();
  const projectName = useProjectName();
  const myId = useMyId();
  const abilities = useProjectAbilities(project);
  const members = useQuery({ ...membersQuery(project?.id ?? ''), enabled: !!project });
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<ProjectMember | null>(null);
  const [dialog, setDialog] = useState<ProjectDialogState>(null);

  const remove = useMutation({
    mutationFn: (member: ProjectMember) => projectsApi.removeMember(project?.id ?? '', member.id),
    onSuccess: (_d, member) => {
      toast.success(t('membersPage.removed', { email: memberAddress(member) }));
      setRemoving(null);
    },
    onSettled: () => (project ? invalidateMembers(project.id) : undefined),
  });

  const rows = useMemo(() => sortMembers(members.data ?? []), [members.data]);
  const accepted = rows.filter((m) => m.status === 'accepted').length;
  const pending = rows.filter((m) => m.status === 'pending').length;

  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) return <ProjectNotFound />;

  const openInvite = () => {
    if (abilities.invite) setInviting(true);
    else toast.error(t('errors.INVITE_PERMISSION_DENIED'));
  };
  const leave = () => setDialog({ kind: 'leave', project });

  return (
    <>
      <PageHeader
        title={t('titles.members')}
        subtitle={
          members.data
            ? [
                t('membersPage.subtitle', { count: accepted }),
                ...(pending ? [t('membersPage.pendingCount', { count: pending })] : []),
              ].join(' · ')
            : t('members.subtitle', { count: project.member_count })
        }
        actions={
          <>
            {abilities.leave && (
              <Button variant="secondary" onClick={leave}>
                <LogOut className="size-4" aria-hidden />
                {t('projectLeave.action')}
              </Button>
            )}
            <Button
              onClick={openInvite}
              aria-disabled={!abilities.invite || undefined}
              title={abilities.invite ? undefined : t('errors.INVITE_PERMISSION_DENIED')}
              className={abilities.invite ? undefined : 'opacity-60'}
            >
              <UserPlus className="size-4" aria-hidden />
              {t('members.invite')}
            </Button>
          </>
        }
      />
      {members.error ? (
        <FormAlert>{errorMessage(members.error, t)}</FormAlert>
      ) : members.isLoading || !myId ? (
        <LoadingBlock label={t('common.loading')} />
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">
              {t('membersPage.tableCaption', { name: projectName(project) })}
            </caption>
            <ListTableHead
              columns={[
                { label: t('members.member') },
                { label: t('members.role'), className: 'hidden w-28 sm:table-cell' },
                { label: t('membersPage.statusLabel'), className: 'hidden w-28 md:table-cell' },
                { label: t('members.added'), className: 'hidden w-36 lg:table-cell' },
              ]}
              actions={{ label: t('projects.columns.actions'), className: 'w-22 sm:w-52 sm:px-4' }}
            />
            <tbody>
              {rows.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  project={project}
                  myId={myId}
                  onRemove={(m) => {
                    remove.reset();
                    setRemoving(m);
                  }}
                  onLeave={leave}
                />
              ))}
            </tbody>
          </table>
          {pending === 0 && accepted <= 1 && (
            <div className="border-t border-gray-100 bg-gray-50/60 px-4 py-6 text-center text-sm text-gray-600">
              {abilities.invite ? t('membersPage.aloneCanInvite') : t('membersPage.alone')}
            </div>
          )}
        </Card>
      )}
      {myId && (
        <InviteDialog
          open={inviting}
          onOpenChange={setInviting}
          project={project}
          myId={myId}
          members={members.data ?? []}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title={t('membersPage.removeTitle', {
          name: removing ? displayName(removing) : '',
          project: projectName(project),
        })}
        description={t('membersPage.removeDescription')}
        confirmLabel={t('membersPage.remove')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : null}
        onConfirm={() => removing && remove.mutate(removing)}
      />
      <ProjectDialogs state={dialog} onClose={() => setDialog(null)} leavePage />
    </>
  );
}

import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, LogOut, RotateCw, UserMinus, UserPlus, X } from 'lucide-react';
import {
  can,
  type GrantableRole,
  type MemberStatus,
  type Project,
  type ProjectMember,
} from '@truss/contracts';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { menuContentClass, menuItemClass } from '../../../components/ui/LanguageSwitcher';
import { Badge, Card, PageHeader } from '../../../components/ui/Page';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { invalidateMembers, membersQuery, projectsApi, useMyId } from '../api';
import { useCurrentProject } from '../current';
import { actorFor, useProjectAbilities } from '../permissions';
import { InviteDialog } from './InviteDialog';
import { ProjectDialogs, type ProjectDialogState } from './ProjectDialogs';
import { ProjectNotFound } from './ProjectNotFound';
import { useProjectName } from './ProjectAvatar';

const statusTone: Record<MemberStatus, 'green' | 'amber' | 'red'> = {
  accepted: 'green',
  pending: 'amber',
  rejected: 'red',
};
const roleOrder = { owner: 0, admin: 1, member: 2 } as const;
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

const displayName = (m: ProjectMember) => m.name || m.email.split('@')[0] || m.email;

function RoleCell({
  member,
  project,
  myId,
}: {
  member: ProjectMember;
  project: Project;
  myId: string;
}) {
  const { t } = useTranslation();
  const actor = actorFor(project, myId);
  const target = member.user_id ? { userId: member.user_id, role: member.role } : null;
  const options = (['admin', 'member'] as GrantableRole[]).filter(
    (role) =>
      member.kind === 'member' &&
      target &&
      can(actor, 'member.changeRole', { target, newRole: role }),
  );
  const change = useMutation({
    mutationFn: (role: GrantableRole) => projectsApi.changeRole(project.id, member.id, role),
    onSuccess: (_d, role) =>
      toast.success(
        t('membersPage.roleChanged', { name: displayName(member), role: t(`roles.${role}`) }),
      ),
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => invalidateMembers(project.id),
  });

  const badge = (
    <Badge tone={member.role === 'owner' ? 'brand' : 'gray'}>{t(`roles.${member.role}`)}</Badge>
  );
  if (options.length < 2) return badge;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        disabled={change.isPending}
        aria-label={t('membersPage.changeRoleOf', {
          name: member.email,
          role: t(`roles.${member.role}`),
        })}
        className="inline-flex items-center gap-1 rounded-lg border border-gray-200 bg-white px-2 py-1 text-xs font-medium text-gray-700 shadow-xs hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 data-[state=open]:bg-gray-50"
      >
        {t(`roles.${member.role}`)}
        <ChevronDown className="size-3.5 text-gray-400" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={`${menuContentClass} w-64`}>
          <DropdownMenu.RadioGroup
            value={member.role}
            onValueChange={(value) => {
              if (value !== member.role) change.mutate(value as GrantableRole);
            }}
          >
            {options.map((role) => (
              <DropdownMenu.RadioItem
                key={role}
                value={role}
                className={`${menuItemClass} items-start`}
              >
                <span className="mt-0.5 flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-brand-600" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="min-w-0">
                  <span className="block font-medium">{t(`roles.${role}`)}</span>
                  <span className="block text-xs text-gray-500">
                    {t(`inviteDialog.roleHelp.${role}`)}
                  </span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function RowActions({
  member,
  project,
  myId,
  onRemove,
  onLeave,
}: {
  member: ProjectMember;
  project: Project;
  myId: string;
  onRemove: (member: ProjectMember) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const actor = actorFor(project, myId);
  const isMe = member.kind === 'member' && member.user_id === myId;
  const manage = member.kind === 'invitation' && can(actor, 'invitation.manage');
  const removable =
    member.kind === 'member' &&
    !!member.user_id &&
    can(actor, 'member.remove', { target: { userId: member.user_id, role: member.role } });
  const canLeave = isMe && can(actor, 'project.leave', { creatorId: project.creator.id });

  const resend = useMutation({
    mutationFn: () => projectsApi.resendInvitation(project.id, member.id),
    onSuccess: () => toast.success(t('membersPage.resent', { email: member.email })),
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.statusCode === 429 && error.retryAfter
          ? t('membersPage.resendWait', { count: Math.ceil(error.retryAfter) })
          : errorMessage(error, t),
      ),
    onSettled: () => invalidateMembers(project.id),
  });
  const cancel = useMutation({
    mutationFn: () => projectsApi.cancelInvitation(project.id, member.id),
    onSuccess: () =>
      toast.success(
        member.status === 'pending'
          ? t('membersPage.cancelled', { email: member.email })
          : t('membersPage.invitationRemoved', { email: member.email }),
      ),
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => invalidateMembers(project.id),
  });

  const small = 'h-8 px-2.5 text-xs';
  return (
    <div className="flex items-center justify-end gap-1">
      {manage && (
        <Button
          variant="ghost"
          className={small}
          loading={resend.isPending}
          disabled={cancel.isPending}
          aria-label={t('membersPage.resendTo', { email: member.email })}
          title={t('membersPage.resend')}
          onClick={() => resend.mutate()}
        >
          {!resend.isPending && <RotateCw className="size-3.5" aria-hidden />}
          <span className="hidden sm:inline">{t('membersPage.resend')}</span>
        </Button>
      )}
      {manage && (
        <Button
          variant="ghost"
          className={`${small} text-red-700 hover:bg-red-50`}
          loading={cancel.isPending}
          disabled={resend.isPending}
          aria-label={
            member.status === 'pending'
              ? t('membersPage.cancelFor', { email: member.email })
              : t('membersPage.removeInvitationFor', { email: member.email })
          }
          title={member.status === 'pending' ? t('membersPage.cancel') : t('membersPage.remove')}
          onClick={() => cancel.mutate()}
        >
          {!cancel.isPending && <X className="size-3.5" aria-hidden />}
          <span className="hidden sm:inline">
            {member.status === 'pending' ? t('membersPage.cancel') : t('membersPage.remove')}
          </span>
        </Button>
      )}
      {removable && (
        <Button
          variant="ghost"
          className={`${small} text-red-700 hover:bg-red-50`}
          aria-label={t('membersPage.removeNamed', { email: member.email })}
          title={t('membersPage.remove')}
          onClick={() => onRemove(member)}
        >
          <UserMinus className="size-3.5" aria-hidden />
          <span className="hidden sm:inline">{t('membersPage.remove')}</span>
        </Button>
      )}
      {canLeave && (
        <Button
          variant="ghost"
          className={`${small} text-red-700 hover:bg-red-50`}
          title={t('projectLeave.action')}
          onClick={onLeave}
        >
          <LogOut className="size-3.5" aria-hidden />
          <span className="hidden sm:inline">{t('projectLeave.action')}</span>
          <span className="sr-only sm:hidden">{t('projectLeave.action')}</span>
        </Button>
      )}
    </div>
  );
}

function MemberRow({
  member,
  project,
  myId,
  onRemove,
  onLeave,
}: {
  member: ProjectMember;
  project: Project;
  myId: string;
  onRemove: (member: ProjectMember) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const isMe = member.user_id === myId && member.kind === 'member';
  const status = (
    <Badge tone={statusTone[member.status]}>{t(`membersPage.status.${member.status}`)}</Badge>
  );
  return (
    <tr className="border-b border-gray-100 last:border-0">
      <td className="max-w-0 px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar
            name={member.name || member.email}
            size={32}
            className={member.kind === 'invitation' ? 'bg-gray-400' : undefined}
          />
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-900">
              {member.kind === 'invitation' && !member.name ? member.email : displayName(member)}
              {(isMe || member.is_creator) && (
                <span className="ml-1.5 text-xs font-normal text-gray-500">
                  {[isMe && t('membersPage.you'), member.is_creator && t('membersPage.creator')]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
            </p>
            <p className="truncate text-xs text-gray-500">
              {member.kind === 'invitation' && !member.name
                ? member.invited_by
                  ? t('membersPage.invitedBy', {
                      name: member.invited_by.name || member.invited_by.email,
                    })
                  : t('membersPage.invitation')
                : member.email}
            </p>
            {/* Phones: role and status under the name. */}
            <div className="mt-1.5 flex flex-wrap items-center gap-1.5 sm:hidden">
              <RoleCell member={member} project={project} myId={myId} />
              {status}
            </div>
            <div className="mt-1 hidden sm:block md:hidden">{status}</div>
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-3 sm:table-cell">
        <RoleCell member={member} project={project} myId={myId} />
      </td>
      <td className="hidden px-4 py-3 md:table-cell">{status}</td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-gray-600 lg:table-cell">
        <RelativeTime iso={member.added_at} />
      </td>
      <td className="px-2 py-3 sm:px-4">
        <RowActions
          member={member}
          project={project}
          myId={myId}
          onRemove={onRemove}
          onLeave={onLeave}
        />
      </td>
    </tr>
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
      toast.success(t('membersPage.removed', { email: member.email }));
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
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  {t('members.member')}
                </th>
                <th scope="col" className="hidden w-28 px-4 py-2.5 font-medium sm:table-cell">
                  {t('members.role')}
                </th>
                <th scope="col" className="hidden w-28 px-4 py-2.5 font-medium md:table-cell">
                  {t('membersPage.statusLabel')}
                </th>
                <th scope="col" className="hidden w-36 px-4 py-2.5 font-medium lg:table-cell">
                  {t('members.added')}
                </th>
                <th scope="col" className="w-22 px-2 py-2.5 sm:w-52 sm:px-4">
                  <span className="sr-only">{t('projects.columns.actions')}</span>
                </th>
              </tr>
            </thead>
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

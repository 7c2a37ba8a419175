import { useMutation } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, LogOut, RotateCw, UserMinus, X } from 'lucide-react';
import {
  can,
  type GrantableRole,
  type MemberStatus,
  type Project,
  type ProjectMember,
} from '@truss/contracts';
import { Avatar } from '../../../shared/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { menuContentClass, menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import { Badge } from '../../../shared/ui/Page';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { errorMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { invalidateMembers, projectsApi } from '../api';
import { actorFor } from '../permissions';

const statusTone: Record<MemberStatus, 'green' | 'amber' | 'red'> = {
  accepted: 'green',
  pending: 'amber',
  rejected: 'red',
};

export const displayName = (m: ProjectMember) => m.name || m.email?.split('@')[0] || m.email || '';

/** The member's address, or their name for an account without one (a WeChat sign-up). */
export const memberAddress = (m: ProjectMember) => m.email ?? displayName(m);

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
  const options = (['admin', 'member', 'guest'] as GrantableRole[]).filter(
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
          name: memberAddress(member),
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
    onSuccess: () => toast.success(t('membersPage.resent', { email: memberAddress(member) })),
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
          ? t('membersPage.cancelled', { email: memberAddress(member) })
          : t('membersPage.invitationRemoved', { email: memberAddress(member) }),
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
          aria-label={t('membersPage.resendTo', { email: memberAddress(member) })}
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
              ? t('membersPage.cancelFor', { email: memberAddress(member) })
              : t('membersPage.removeInvitationFor', { email: memberAddress(member) })
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
          aria-label={t('membersPage.removeNamed', { email: memberAddress(member) })}
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

export function MemberRow({
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
            name={member.name || member.email || ''}
            size={32}
            className={member.kind === 'invitation' ? 'bg-gray-500' : undefined}
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

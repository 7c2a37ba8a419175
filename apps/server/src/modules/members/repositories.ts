import type { DataScope, Executor } from '../../repositories.ts';
import { InvitationsRepository } from './invitations-repository.ts';
import { MembersRepository } from './repository.ts';

/**
 * The members module's repositories on one executor: only they touch its tables (others reach them
 * through the functions its index.ts exports).
 */
export function createMembersRepositories(executor: Executor) {
  return {
    executor,
    members: new MembersRepository(executor),
    invitations: new InvitationsRepository(executor),
  };
}

export type MembersRepositories = ReturnType<typeof createMembersRepositories>;

/** A project's accepted members (`scope`: the caller's repositories, of any module). */
export async function acceptedMemberIds(scope: DataScope, projectId: string): Promise<string[]> {
  return createMembersRepositories(scope.executor).members.acceptedUserIds(projectId);
}

/**
 * Who hears that a project is gone: its accepted members and the registered users invited to it
 * (`scope`: the caller's repositories, of any module, inside the deletion's transaction).
 */
export async function projectAudience(scope: DataScope, projectId: string): Promise<string[]> {
  const { members, invitations } = createMembersRepositories(scope.executor);
  const audience = new Set(await members.acceptedUserIds(projectId));
  for (const id of await invitations.pendingInviteeUserIds(projectId)) audience.add(id);
  return [...audience];
}

/** What account deletion does with memberships: a successor, their ownership, the user's own. */
export type MembershipRows = Pick<MembersRepository, 'successor' | 'makeOwner' | 'removeAllOfUser'>;

export function membershipRows(scope: DataScope): MembershipRows {
  return new MembersRepository(scope.executor);
}

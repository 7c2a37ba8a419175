import type {
  AuthProviders,
  ConnectorsResponse,
  DeletionPreview,
  DeletionProject,
  OAuthProvider,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess, DataScope } from '../../repositories.ts';
import {
  authTokens,
  CurrentPasswordIncorrectError,
  PasswordUpdateFailedError,
  SameAsOldPasswordError,
} from '../auth/index.ts';
import { assertStrongPassword } from '../auth/index.ts';
import type { PasswordHasher } from '../auth/index.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { EventPublisher } from '../events/index.ts';
import { linkedIdentities, toConnector } from '../oauth/index.ts';
import type { ProjectDeletionListener } from '../projects/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { userAccounts, UserNotFoundError } from '../users/index.ts';
import { displayName } from '../users/index.ts';
import {
  AccountDeleteFailedError,
  ConnectorNotLinkedError,
  EmailRequiredError,
  LastSignInMethodError,
} from './errors.ts';
import { projectRows } from '../projects/index.ts';
import { membershipRows } from '../members/index.ts';

interface AccountServiceDeps {
  data: DataAccess<DataScope>;
  passwords: PasswordHasher;
  events: EventPublisher;
  providers: () => AuthProviders;
  /** The projects module's clean-up hooks (models' files, jobs), run for deleted projects. */
  deletionListeners: ProjectDeletionListener[];
  storage: ObjectStorage;
  now: Clock;
  log: FastifyBaseLogger;
}

const PROVIDERS: OAuthProvider[] = ['google', 'wechat'];

/** Password change, connectors and account deletion for the signed-in user. */
export class AccountService {
  constructor(private readonly d: AccountServiceDeps) {}

  /**
   * Sets a new password; with an existing one, the current password must be given. Every other
   * session of the account is signed out (this one stays).
   */
  async changePassword(
    caller: AuthContext,
    currentPassword: string | undefined,
    newPassword: string,
  ): Promise<void> {
    assertStrongPassword(newPassword);
    const user = await this.#user(caller.userId);
    // Password sign-in and reset go by address: an account without one adds it first.
    if (user.email === null) throw new EmailRequiredError();
    if (user.password_hash) {
      const ok =
        currentPassword !== undefined &&
        (await this.d.passwords.verify(user.password_hash, currentPassword));
      if (!ok) throw new CurrentPasswordIncorrectError();
      if (await this.d.passwords.verify(user.password_hash, newPassword)) {
        throw new SameAsOldPasswordError();
      }
    }
    const hash = await this.d.passwords.hash(newPassword);
    const now = this.d.now();
    await this.d.data.transaction(async (repos) => {
      if (!(await userAccounts(repos).changePassword(user.id, hash, now))) {
        throw new PasswordUpdateFailedError();
      }
      await authTokens(repos).revokeAllFamilies(user.id, now, caller.sessionId);
    });
  }

  async connectors(userId: string): Promise<ConnectorsResponse> {
    const user = await this.#user(userId);
    const identities = await linkedIdentities(this.d.data.repos).listForUser(userId);
    const available = this.d.providers();
    return {
      has_password: Boolean(user.password_hash),
      connectors: PROVIDERS.map((provider) => {
        const identity = identities.find((row) => row.provider === provider);
        return toConnector(provider, available[provider], identity);
      }),
    };
  }

  /** Unlinks a provider, unless it is the account's only way to sign in. */
  async unlink(userId: string, provider: OAuthProvider): Promise<ConnectorsResponse> {
    await this.d.data.transaction(async (repos) => {
      const user = await userAccounts(repos).findByIdForUpdate(userId);
      if (!user) throw new UserNotFoundError();
      const identities = await linkedIdentities(repos).listForUser(userId);
      if (!identities.some((row) => row.provider === provider)) {
        throw new ConnectorNotLinkedError();
      }
      // Email codes reach a verified mailbox, so a password is not the only other way in; but an
      // account without a password relies on its providers, and the last one must stay.
      if (!user.password_hash && identities.length <= 1) throw new LastSignInMethodError();
      await linkedIdentities(repos).unlink(userId, provider);
    });
    return this.connectors(userId);
  }

  async deletionPreview(userId: string): Promise<DeletionPreview> {
    const user = await this.#user(userId);
    const projects = await this.#plan(this.d.data.repos, userId);
    return { requires_password: Boolean(user.password_hash), projects };
  }

  /**
   * Deletes the account: owned projects with other members go to the longest-standing admin
   * (else member), the rest are deleted with their models (through the projects module's
   * deletion listeners); memberships, identities, settings and sessions go; personal data is
   * erased and the row stays as status `deleted`.
   */
  async deleteAccount(userId: string, password: string | undefined): Promise<DeletionProject[]> {
    const user = await this.#user(userId);
    if (user.password_hash) {
      const ok =
        password !== undefined && (await this.d.passwords.verify(user.password_hash, password));
      if (!ok) throw new CurrentPasswordIncorrectError();
    }
    const now = this.d.now();
    const { plan, afterCommit, leftProjects } = await this.#deleteRows(userId, now);
    const avatarKey = user.avatar_key;
    if (avatarKey) afterCommit.push(() => this.d.storage.delete(avatarKey));
    for (const work of afterCommit) {
      try {
        await work();
      } catch (error) {
        this.d.log.error({ err: error, userId }, 'account deletion clean-up failed');
      }
    }
    await this.#announce(userId, plan, leftProjects);
    return plan;
  }

  /** One transaction: a failure leaves the account and its projects as they were. */
  async #deleteRows(userId: string, now: Date) {
    try {
      return await this.d.data.transaction(async (repos) => {
        const locked = await userAccounts(repos).findByIdForUpdate(userId);
        if (!locked || locked.status === 'deleted') throw new UserNotFoundError();
        const plan = await this.#plan(repos, userId);
        const afterCommit: (() => Promise<void>)[] = [];
        for (const project of plan) {
          if (project.action === 'transfer' && project.new_owner) {
            await projectRows(repos).transferOwnership(project.id, project.new_owner.id, now);
            await membershipRows(repos).makeOwner(project.id, project.new_owner.id);
            continue;
          }
          for (const listener of this.d.deletionListeners) {
            const after = await listener.beforeProjectDelete({ projectId: project.id, repos, now });
            if (after) afterCommit.push(after);
          }
          await projectRows(repos).delete(project.id);
        }
        const leftProjects = await membershipRows(repos).removeAllOfUser(userId);
        await linkedIdentities(repos).unlinkAll(userId);
        await userAccounts(repos).deleteSettings(userId);
        await authTokens(repos).deleteCodesOfUser(userId);
        await authTokens(repos).revokeAllFamilies(userId, now);
        await userAccounts(repos).erase(userId, `deleted+${userId}@deleted.invalid`, now);
        return { plan, afterCommit, leftProjects };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AccountDeleteFailedError(error);
    }
  }

  async #announce(userId: string, plan: DeletionProject[], leftProjects: string[]) {
    for (const project of plan) {
      if (project.action === 'delete') {
        await this.d.events.publish(
          { type: 'project.deleted', projectId: project.id, data: {} },
          { members: false, userIds: [userId] },
        );
      } else {
        await this.d.events.publish({
          type: 'member.changed',
          projectId: project.id,
          data: { action: 'owner_deleted', ownerId: project.new_owner?.id ?? null },
        });
      }
    }
    for (const projectId of leftProjects) {
      if (plan.some((project) => project.id === projectId)) continue;
      await this.d.events.publish({
        type: 'member.removed',
        projectId,
        data: { userId },
      });
    }
  }

  async #plan(repos: DataScope, userId: string): Promise<DeletionProject[]> {
    const owned = await projectRows(repos).ownedWithModelCounts(userId);
    const plan: DeletionProject[] = [];
    for (const project of owned) {
      const successor = await membershipRows(repos).successor(project.id, userId);
      plan.push({
        id: project.id,
        name: project.name,
        model_count: project.model_count,
        action: successor ? 'transfer' : 'delete',
        new_owner: successor
          ? { id: successor.user_id, email: successor.email, name: displayName(successor) }
          : null,
      });
    }
    return plan;
  }

  async #user(userId: string): Promise<UserRow> {
    const user = await userAccounts(this.d.data.repos).findById(userId);
    if (!user) throw new UserNotFoundError();
    return user;
  }
}

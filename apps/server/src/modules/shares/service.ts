import { randomUUID } from 'node:crypto';
import {
  SHARE_EXPIRATION_DAYS,
  type CreateShareBody,
  type Share,
  type ShareExpiration,
  type ShareListQuery,
  type UpdateShareBody,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Updateable } from 'kysely';
import type { SharesTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { SharesRepositories } from './repositories.ts';
import {
  assertCan,
  canInProject,
  findProjectAccess,
  loadProjectAccess,
  type ProjectAccess,
} from '../projects/index.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { findModelVersion, ModelNotFoundError, VersionNotFoundError } from '../models/index.ts';
import { ShareAccessCodeInvalidError, ShareIdNotFoundError } from './errors.ts';
import { shareLockedMail } from './mail.ts';
import { toShare } from './presenter.ts';
import type { ShareWithModel } from './repository.ts';
import type { ShareSecrets } from './secrets.ts';

interface SharesServiceDeps {
  data: DataAccess<SharesRepositories>;
  secrets: ShareSecrets;
  mailer: Mailer;
  notifications: NotificationPolicy;
  now: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function expiresAt(expiration: ShareExpiration, now: Date): Date | null {
  const days = SHARE_EXPIRATION_DAYS[expiration];
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

/** The owner side of share links: create, list, edit, delete (rights through `can`). */
export class SharesService {
  readonly #d: SharesServiceDeps;

  constructor(deps: SharesServiceDeps) {
    this.#d = deps;
  }

  #present(row: ShareWithModel, accessCode: string | null = null): Share {
    return toShare(row, this.#d.secrets, this.#d.publicUrl, this.#d.now(), accessCode);
  }

  async #reload(id: string): Promise<ShareWithModel> {
    const row = await this.#d.data.repos.shares.findById(id);
    if (!row) throw new ShareIdNotFoundError();
    return row;
  }

  /** The share if `userId` may manage it: 404 for non-members, 403 for other members' shares. */
  async #authorize(userId: string, id: string): Promise<ShareWithModel> {
    const row = await this.#d.data.repos.shares.findById(id);
    if (!row) throw new ShareIdNotFoundError();
    const access = await loadProjectAccess(
      this.#d.data.repos,
      row.project_id,
      userId,
      () => new ShareIdNotFoundError('not a member'),
    );
    assertCan(access, 'share.manage', { ownerId: row.created_by ?? undefined });
    return row;
  }

  /** A share pins only a version of its own model. */
  async #assertVersionOf(modelId: string, versionId: string): Promise<void> {
    const version = await findModelVersion(this.#d.data.repos, versionId);
    if (!version || version.model_id !== modelId) throw new VersionNotFoundError();
  }

  async create(userId: string, body: CreateShareBody): Promise<Share> {
    const model = await this.#d.data.repos.shares.findModel(body.modelId);
    if (!model || model.deleted_at) throw new ModelNotFoundError();
    const access = await loadProjectAccess(
      this.#d.data.repos,
      model.project_id,
      userId,
      () => new ModelNotFoundError('not a member'),
    );
    assertCan(access, 'share.create');
    if (body.modelVersionId) await this.#assertVersionOf(model.id, body.modelVersionId);
    const now = this.#d.now();
    const code = body.type === 'password' ? (body.accessCode ?? null) : null;
    if (body.type === 'password' && code === null) throw new ShareAccessCodeInvalidError();
    const id = randomUUID();
    const salt = this.#d.secrets.newSalt();
    await this.#d.data.repos.shares.insert({
      id,
      model_id: model.id,
      model_version_id: body.modelVersionId ?? null,
      created_by: userId,
      token_salt: salt,
      token_hash: this.#d.secrets.tokenHash(this.#d.secrets.token(id, salt)),
      type: body.type,
      expiration: body.expiration,
      expires_at: expiresAt(body.expiration, now),
      allow_comments: body.allowComments ?? true,
      issue_permission: body.issuePermission ?? 'view',
      // Off for public and code links unless asked for; private links reach members only.
      allow_download: body.allowDownload ?? body.type === 'private',
      code_hmac: code === null ? null : this.#d.secrets.codeHmac(id, code),
      code_version: code === null ? 0 : 1,
      created_at: now,
      updated_at: now,
    });
    return this.#present(await this.#reload(id), code);
  }

  /**
   * My Shares: the shares the caller created in projects they still belong to. With `modelId`:
   * that model's shares the caller may manage (all of them for project owners and admins).
   */
  async list(userId: string, query: ShareListQuery): Promise<Share[]> {
    if (query.modelId) {
      const model = await this.#d.data.repos.shares.findModel(query.modelId);
      if (!model) throw new ModelNotFoundError();
      const access = await loadProjectAccess(
        this.#d.data.repos,
        model.project_id,
        userId,
        () => new ModelNotFoundError('not a member'),
      );
      const rows = await this.#d.data.repos.shares.listByModel(model.id);
      return rows
        .filter((row) =>
          canInProject(access, 'share.manage', { ownerId: row.created_by ?? undefined }),
        )
        .map((row) => this.#present(row));
    }
    const rows = await this.#d.data.repos.shares.listByCreator(userId);
    const projects = new Map<string, ProjectAccess | null>();
    const shares: Share[] = [];
    for (const row of rows) {
      if (!projects.has(row.project_id)) {
        const access = await findProjectAccess(this.#d.data.repos, row.project_id, userId);
        projects.set(row.project_id, access);
      }
      const access = projects.get(row.project_id);
      if (
        access &&
        canInProject(access, 'share.manage', { ownerId: row.created_by ?? undefined })
      ) {
        shares.push(this.#present(row));
      }
    }
    return shares;
  }

  async get(userId: string, id: string): Promise<Share> {
    return this.#present(await this.#authorize(userId, id));
  }

  async update(userId: string, id: string, body: UpdateShareBody): Promise<Share> {
    const row = await this.#authorize(userId, id);
    const now = this.#d.now();
    const type = body.type ?? row.type;
    if (type === 'password' && body.accessCode === undefined && row.code_hmac === null) {
      throw new ShareAccessCodeInvalidError();
    }
    const patch: Updateable<SharesTable> = { updated_at: now };
    if (body.type !== undefined) patch.type = body.type;
    if (body.expiration !== undefined) {
      patch.expiration = body.expiration;
      patch.expires_at = expiresAt(body.expiration, now);
    }
    if (body.allowComments !== undefined) patch.allow_comments = body.allowComments;
    if (body.issuePermission !== undefined) patch.issue_permission = body.issuePermission;
    if (body.allowDownload !== undefined) patch.allow_download = body.allowDownload;
    if (body.status !== undefined) patch.status = body.status;
    if (body.modelVersionId !== undefined) {
      if (body.modelVersionId) await this.#assertVersionOf(row.model_id, body.modelVersionId);
      patch.model_version_id = body.modelVersionId;
    }
    const newCode = body.accessCode ?? null;
    if (newCode !== null) {
      // A new code voids every unlock (version + 1) and lifts the lock and the counters.
      patch.code_hmac = this.#d.secrets.codeHmac(id, newCode);
      patch.code_version = row.code_version + 1;
      patch.code_failures = 0;
      patch.code_locked_at = null;
    }
    await this.#d.data.transaction(async ({ shares: repo }) => {
      await repo.update(id, patch);
      if (newCode !== null) await repo.clearFailures(id);
    });
    return this.#present(await this.#reload(id), newCode);
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.#authorize(userId, id);
    await this.#d.data.repos.shares.delete(id);
  }

  /**
   * Mails the creator that the code is locked (after the lock is committed), unless they turned
   * that notice off in their notification settings; My Shares shows the lock either way.
   */
  async mailLocked(row: ShareWithModel): Promise<void> {
    if (!row.creator_email || !row.created_by) return;
    try {
      if (!(await this.#d.notifications.allows(row.created_by, 'share_code_locked'))) return;
      await this.#d.mailer.send(
        shareLockedMail({
          to: row.creator_email,
          locale: row.creator_language ?? 'en',
          modelName: row.model_name,
          publicUrl: this.#d.publicUrl,
        }),
      );
    } catch (error) {
      // The lock holds either way and My Shares shows it; an operator sees the mail failure.
      this.#d.log.error({ err: error, share: row.id }, 'could not mail the share lock notice');
    }
  }
}

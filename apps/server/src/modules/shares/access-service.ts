import {
  canShareVisitor,
  SHARE_CODE_ATTEMPT_WINDOW_MINUTES,
  SHARE_CODE_FAILURE_WINDOW_HOURS,
  SHARE_CODE_MAX_ATTEMPTS_PER_IP,
  SHARE_CODE_MAX_DELAY_SECONDS,
  SHARE_CODE_MAX_FAILURES,
  SHARE_PUBLIC_PATH,
  type PublicShare,
  type ShareVisitorAction,
} from '@truss/contracts';
import { ForbiddenError, TooManyRequestsError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { SharesRepositories } from './repositories.ts';
import { loadProjectAccess } from '../projects/index.ts';
import {
  ShareCodeDelayedError,
  ShareCodeLockedError,
  ShareCodeRequiredError,
  ShareIncorrectCodeError,
  ShareNotFoundError,
  ShareSignInRequiredError,
} from './errors.ts';
import { isLive, toPublicShare } from './presenter.ts';
import type { ShareWithModel } from './repository.ts';
import type { ShareOpener, ShareVisitCounter } from './visit-counter.ts';
import { UNLOCK_COOKIE, UNLOCK_MAX_SECONDS, type ShareSecrets } from './secrets.ts';

/** Who opens a share link: the signed-in user (if any) and what the browser carries. */
export interface ShareVisitorContext {
  userId: string | null;
  /** The unlock cookie's value. */
  unlock: string | undefined;
  /** Private-share file URL signature (`u`, `exp`, `sig`), file routes only. */
  signedFile?: { u?: string; exp?: number; sig?: string };
}

interface ShareCookie {
  name: string;
  value: string;
  path: string;
  maxAgeSeconds: number;
}

interface SharesAccessServiceDeps {
  data: DataAccess<SharesRepositories>;
  secrets: ShareSecrets;
  now: Clock;
  /** Called once the share's wrong codes reach SHARE_CODE_MAX_FAILURES (mails the creator). */
  onLocked: (row: ShareWithModel) => Promise<void>;
  /** Share analytics: opens and daily visitors (no IP kept). */
  visits: ShareVisitCounter;
}

const WINDOW_MS = SHARE_CODE_ATTEMPT_WINDOW_MINUTES * 60 * 1000;
const SHARE_WINDOW_MS = SHARE_CODE_FAILURE_WINDOW_HOURS * 60 * 60 * 1000;

/** Seconds every visitor of a share waits after its latest wrong code, given `count` of them. */
function shareCodeDelay(count: number): number {
  if (count < SHARE_CODE_MAX_FAILURES) return 0;
  return Math.min(2 ** (count - SHARE_CODE_MAX_FAILURES), SHARE_CODE_MAX_DELAY_SECONDS);
}

/** Throws 403 unless a visitor of this share may do `action` (the shared `canShareVisitor`). */
export function assertShareVisitorCan(
  share: Pick<ShareWithModel, 'allow_comments' | 'issue_permission' | 'allow_download'>,
  action: ShareVisitorAction,
): void {
  const visitor = {
    allowComments: share.allow_comments,
    issuePermission: share.issue_permission,
    allowDownload: share.allow_download,
  };
  if (!canShareVisitor(visitor, action)) throw new ForbiddenError(`share visitor ${action} denied`);
}

/**
 * The visitor side of share links. Every call starts from the token and checks that the share is
 * live and that this visitor may open it, so disabling, deleting, expiring or a new code cut off
 * every URL of the share at once.
 */
export class SharesAccessService {
  readonly #d: SharesAccessServiceDeps;

  constructor(deps: SharesAccessServiceDeps) {
    this.#d = deps;
  }

  /** The live share of `token`, or the one SHARE_NOT_FOUND answer. */
  async #live(token: string): Promise<ShareWithModel> {
    const row = await this.#d.data.repos.shares.findByTokenHash(this.#d.secrets.tokenHash(token));
    if (!row) throw new ShareNotFoundError('unknown token');
    if (!isLive(row, this.#d.now())) throw new ShareNotFoundError('share not live');
    return row;
  }

  /** Private shares: members only (anonymous: sign in; non-member: the not-found answer). */
  async #assertMember(row: ShareWithModel, userId: string | null): Promise<void> {
    if (!userId) throw new ShareSignInRequiredError();
    await loadProjectAccess(
      this.#d.data.repos,
      row.project_id,
      userId,
      () => new ShareNotFoundError('not a member'),
    );
  }

  #unlocked(row: ShareWithModel, unlock: string | undefined): boolean {
    return this.#d.secrets.unlockValid(unlock, row.id, row.code_version, this.#d.now());
  }

  async #present(row: ShareWithModel, token: string, visitor: ShareVisitorContext) {
    if (row.type === 'private') {
      await this.#assertMember(row, visitor.userId);
      const fileQuery = this.#d.secrets.privateFileQuery(row.id, visitor.userId!, this.#d.now());
      return toPublicShare(row, token, { unlocked: true, fileQuery });
    }
    const unlocked = row.type === 'public' || this.#unlocked(row, visitor.unlock);
    return toPublicShare(row, token, { unlocked, fileQuery: null });
  }

  /** The share page's first call: also counts the open, unless the creator opens their link. */
  async info(
    token: string,
    visitor: ShareVisitorContext,
    opener?: ShareOpener,
  ): Promise<PublicShare> {
    const row = await this.#live(token);
    assertShareVisitorCan(row, 'share.view');
    if (opener && visitor.userId !== row.created_by) await this.#d.visits.count(row.id, opener);
    return this.#present(row, token, visitor);
  }

  /**
   * Checks a code. Order: a lock from before issue 33 (423), the share's delay (429
   * SHARE_CODE_DELAYED, for everyone: the right code too, or the answer would tell), this IP's
   * window (429 TOO_MANY_REQUESTS, even for the right code), then the code. Nobody is locked out:
   * past SHARE_CODE_MAX_FAILURES wrong codes in 24 h from any IPs, each try waits a doubling delay
   * after the share's latest wrong code (1 s .. 30 min). A wrong code is counted (per IP, per
   * share) in the same transaction that holds the share row, so parallel guesses cannot slip past.
   */
  async verify(
    token: string,
    code: string,
    ip: string,
    visitor: ShareVisitorContext,
  ): Promise<{ share: PublicShare; cookie: ShareCookie | null }> {
    const row = await this.#live(token);
    if (row.type !== 'password')
      return { share: await this.#present(row, token, visitor), cookie: null };
    const now = this.#d.now();
    const outcome = await this.#d.data.transaction(async ({ shares: repo }) => {
      const current = await repo.lockForVerify(row.id);
      if (!current) return { kind: 'gone' as const };
      if (current.code_locked_at) return { kind: 'locked' as const };
      const shareFailures = await repo.shareFailures(
        row.id,
        new Date(now.getTime() - SHARE_WINDOW_MS),
      );
      if (shareFailures.latest) {
        const delayMs = shareCodeDelay(shareFailures.count) * 1000;
        const waitMs = shareFailures.latest.getTime() + delayMs - now.getTime();
        if (waitMs > 0) return { kind: 'delayed' as const, retryAfterMs: waitMs };
      }
      const since = new Date(now.getTime() - WINDOW_MS);
      const failures = await repo.ipFailures(row.id, ip, since);
      if (failures.count >= SHARE_CODE_MAX_ATTEMPTS_PER_IP) {
        const oldest = failures.oldest ?? now;
        return {
          kind: 'limited' as const,
          retryAfterMs: oldest.getTime() + WINDOW_MS - now.getTime(),
        };
      }
      if (this.#d.secrets.codeMatches(row.id, code, current.code_hmac)) {
        return { kind: 'right' as const, codeVersion: current.code_version };
      }
      await repo.pruneFailures(row.id, new Date(now.getTime() - SHARE_WINDOW_MS));
      const total = await repo.recordFailure(row.id, ip, now);
      // The owner hears of it once per code (the count since the code was set).
      return { kind: 'wrong' as const, notify: total === SHARE_CODE_MAX_FAILURES };
    });
    switch (outcome.kind) {
      case 'gone':
        throw new ShareNotFoundError('deleted during verify');
      case 'locked':
        throw new ShareCodeLockedError();
      case 'delayed':
        throw new ShareCodeDelayedError(outcome.retryAfterMs / 1000);
      case 'limited':
        throw new TooManyRequestsError(outcome.retryAfterMs / 1000);
      case 'wrong':
        if (outcome.notify) await this.#d.onLocked(row);
        throw new ShareIncorrectCodeError();
      case 'right': {
        const nowSeconds = Math.floor(now.getTime() / 1000);
        const shareEnd = row.expires_at ? Math.floor(row.expires_at.getTime() / 1000) : Infinity;
        const exp = Math.min(nowSeconds + UNLOCK_MAX_SECONDS, shareEnd);
        const value = this.#d.secrets.unlockValue(row.id, outcome.codeVersion, exp);
        const unlockedRow = { ...row, code_version: outcome.codeVersion };
        return {
          share: toPublicShare(unlockedRow, token, { unlocked: true, fileQuery: null }),
          cookie: {
            name: UNLOCK_COOKIE,
            value,
            path: `${SHARE_PUBLIC_PATH}/${token}`,
            maxAgeSeconds: exp - nowSeconds,
          },
        };
      }
    }
  }

  /**
   * What a link preview may show: the model's name and thumbnail URL for a live public share;
   * null for anything else, so code-protected, private and dead links look alike (and leak
   * neither name nor thumbnail to whoever holds the link but not the code).
   */
  async preview(token: string): Promise<{ name: string; thumbnailPath: string | null } | null> {
    const row = await this.#d.data.repos.shares.findByTokenHash(this.#d.secrets.tokenHash(token));
    if (!row || !isLive(row, this.#d.now()) || row.type !== 'public') return null;
    const model = toPublicShare(row, token, { unlocked: true, fileQuery: null }).model;
    return { name: row.model_name, thumbnailPath: model?.thumbnail_url ?? null };
  }

  /**
   * The model behind a share file URL, if this visitor may load it now: live share, then the
   * unlock (code shares) or the member's signature or bearer (private shares).
   */
  async fileAccess(
    token: string,
    visitor: ShareVisitorContext,
    action: ShareVisitorAction,
  ): Promise<ShareWithModel> {
    return (await this.#fileVisitor(token, visitor, action)).row;
  }

  /**
   * `fileAccess`, and the query the share's file URLs need for this visitor: a private share's
   * member signature (as on the page's own URLs), else ''. For the routes that list file URLs
   * (a drawing's sheets).
   */
  async listAccess(
    token: string,
    visitor: ShareVisitorContext,
    action: ShareVisitorAction,
  ): Promise<{ row: ShareWithModel; fileQuery: string }> {
    const { row, memberId } = await this.#fileVisitor(token, visitor, action);
    const fileQuery = memberId
      ? this.#d.secrets.privateFileQuery(row.id, memberId, this.#d.now())
      : '';
    return { row, fileQuery };
  }

  async #fileVisitor(
    token: string,
    visitor: ShareVisitorContext,
    action: ShareVisitorAction,
  ): Promise<{ row: ShareWithModel; memberId: string | null }> {
    const row = await this.#live(token);
    if (row.type === 'password' && !this.#unlocked(row, visitor.unlock)) {
      throw new ShareCodeRequiredError();
    }
    let memberId: string | null = null;
    if (row.type === 'private') {
      const signedFor = visitor.signedFile
        ? this.#d.secrets.privateFileUser(row.id, visitor.signedFile, this.#d.now())
        : null;
      memberId = signedFor ?? visitor.userId;
      await this.#assertMember(row, memberId);
    }
    assertShareVisitorCan(row, action);
    return { row, memberId };
  }
}

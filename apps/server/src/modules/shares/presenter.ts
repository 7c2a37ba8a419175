import {
  canShareVisitor,
  modelUrn,
  sharePagePath,
  SHARE_PUBLIC_PATH,
  type PublicShare,
  type Share,
  type SharedModel,
  type SharedModelStatus,
  type SharePermissions,
} from '@truss/contracts';
import { isSheetFormat } from '@truss/viewable';
import type { ShareWithModel } from './repository.ts';
import type { ShareSecrets } from './secrets.ts';

function isExpired(row: Pick<ShareWithModel, 'expires_at'>, now: Date): boolean {
  return row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
}

/** A link that works: active, not expired, its model not in the trash. */
export function isLive(row: ShareWithModel, now: Date): boolean {
  return row.status === 'active' && !isExpired(row, now) && row.model_deleted_at === null;
}

/** The owner's view of a share. `accessCode`: only in the answer of the request that set it. */
export function toShare(
  row: ShareWithModel,
  secrets: ShareSecrets,
  publicUrl: string,
  now: Date,
  accessCode: string | null = null,
): Share {
  const token = secrets.token(row.id, row.token_salt);
  return {
    id: row.id,
    token,
    url: `${publicUrl}${sharePagePath(token)}`,
    model_id: row.model_id,
    model_name: row.model_name,
    project_id: row.project_id,
    project_name: row.project_name,
    model_trashed: row.model_deleted_at !== null,
    model_version:
      row.model_version_id && row.model_version_number !== null
        ? { id: row.model_version_id, number: row.model_version_number }
        : null,
    type: row.type,
    status: row.status,
    expiration: row.expiration,
    expires_at: row.expires_at?.toISOString() ?? null,
    expired: isExpired(row, now),
    allow_comments: row.allow_comments,
    issue_permission: row.issue_permission,
    allow_download: row.allow_download,
    has_code: row.code_hmac !== null,
    access_code: accessCode,
    code_locked: row.code_locked_at !== null,
    creator:
      // The joined account's language is never null: the creator's account exists (it may have
      // no email: a WeChat sign-up).
      row.created_by && row.creator_language
        ? { id: row.created_by, email: row.creator_email, name: row.creator_name }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    analytics: {
      opens: row.open_count,
      visitors: row.visitor_count,
      last_opened_at: row.last_opened_at?.toISOString() ?? null,
    },
  };
}

function visitorPermissions(row: ShareWithModel): SharePermissions {
  const visitor = {
    allowComments: row.allow_comments,
    issuePermission: row.issue_permission,
    allowDownload: row.allow_download,
  };
  return {
    view: canShareVisitor(visitor, 'share.view'),
    download: canShareVisitor(visitor, 'share.download'),
    comment: canShareVisitor(visitor, 'comment.create'),
    editIssues: canShareVisitor(visitor, 'issue.edit'),
  };
}

function sharedModelStatus(row: ShareWithModel): SharedModelStatus {
  if (row.model_status === 'failed') return 'failed';
  if (row.model_status !== 'ready') return 'processing';
  return row.model_derived_prefix && row.model_viewable_hash ? 'ready' : 'unavailable';
}

/**
 * The public view. `unlocked`: the visitor may see the model (public share, member of a private
 * share, or a valid unlock of a code share). `fileQuery`: extra query for the file URLs (the
 * member signature of private shares).
 */
export function toPublicShare(
  row: ShareWithModel,
  token: string,
  access: { unlocked: boolean; fileQuery: string | null },
): PublicShare {
  const permissions = visitorPermissions(row);
  let model: SharedModel | null = null;
  if (access.unlocked) {
    const status = sharedModelStatus(row);
    const base = `${SHARE_PUBLIC_PATH}/${token}`;
    const extra = access.fileQuery ? `&${access.fileQuery}` : '';
    const file = (name: string, hash: string | null) =>
      status === 'ready' && hash ? `${base}/${name}?v=${encodeURIComponent(hash)}${extra}` : null;
    const drawing = isSheetFormat(row.model_format ?? '');
    const withSheets = drawing || row.model_format === 'ifc' || row.model_format === 'ifczip';
    model = {
      name: row.model_name,
      urn: modelUrn(row.model_id),
      format: row.model_format,
      status,
      // A drawing's viewable is its sheets (`sheets_url`), not a glb.
      viewable_url: drawing ? null : file('viewable.glb', row.model_viewable_hash),
      metadata_url: file('metadata.json', row.model_metadata_hash),
      thumbnail_url: file('thumbnail.png', row.model_thumbnail_hash),
      sheets_url:
        status === 'ready' && withSheets
          ? `${base}/sheets${access.fileQuery ? `?${access.fileQuery}` : ''}`
          : null,
      original_url:
        permissions.download && row.model_original_key
          ? `${base}/original${access.fileQuery ? `?${access.fileQuery}` : ''}`
          : null,
      version: row.model_version_number ?? row.current_version_number,
      pinned: row.model_version_id !== null,
    };
  }
  return {
    token,
    type: row.type,
    needs_code: row.type === 'password' && !access.unlocked,
    unlocked: access.unlocked,
    code_locked: row.type === 'password' && row.code_locked_at !== null,
    model,
    permissions,
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

import {
  modelFailureCodeSchema,
  modelStageSchema,
  modelUrn,
  type Model,
  type ModelFailureCode,
  type ModelStatus,
} from '@truss/contracts';
import { isSheetFormat } from '@truss/viewable';
import { displayName } from '../users/index.ts';
import type { FileUrlSigner } from './file-urls.ts';
import type { ModelWithCreator } from './repository.ts';

function failureCode(code: string): ModelFailureCode {
  const parsed = modelFailureCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : 'CONVERSION_FAILED';
}

/** A row (model or version) without its creator's address, for a guest (no addresses). */
export function withoutCreatorEmail<T extends { creator_email: string | null }>(row: T): T {
  return { ...row, creator_email: null };
}

/** The model as `viewerId` sees it: its file URLs are signed for that user. */
export function toModel(
  row: ModelWithCreator,
  signer: FileUrlSigner,
  now: Date,
  viewerId: string,
): Model {
  const ready = row.status === 'ready' && row.derived_prefix !== null;
  // A trashed model serves no files, so it gets no file URLs either.
  const servable = ready && !row.deleted_at;
  const stage = modelStageSchema.safeParse(row.stage);
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    size: Number(row.size_bytes),
    format: row.format,
    creator:
      // The joined account's name format is never null: the uploader's account exists (it may
      // have no email: a WeChat sign-up).
      row.created_by && row.creator_name_format
        ? {
            id: row.created_by,
            email: row.creator_email,
            name: displayName({
              full_name: row.creator_full_name,
              first_name: row.creator_first_name,
              last_name: row.creator_last_name,
              name_format: row.creator_name_format ?? 'western',
            }),
          }
        : null,
    status: row.status as ModelStatus,
    progress: row.progress,
    stage: stage.success ? stage.data : null,
    failure: row.failure_code
      ? { code: failureCode(row.failure_code), message: row.failure_message ?? '' }
      : null,
    thumbnail_url:
      servable && row.thumbnail_hash
        ? signer.url(row.id, 'thumbnail.png', row.thumbnail_hash, viewerId, now)
        : null,
    // A drawing's viewable is its sheets (`GET /api/models/{id}/sheets`), not a glb.
    viewable_url:
      servable && row.viewable_hash && !isSheetFormat(row.format ?? '')
        ? signer.url(row.id, 'viewable.glb', row.viewable_hash, viewerId, now)
        : null,
    metadata_url:
      servable && row.metadata_hash
        ? signer.url(row.id, 'metadata.json', row.metadata_hash, viewerId, now)
        : null,
    original_url: `/api/models/${row.id}/original`,
    urn: modelUrn(row.id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
    current_version:
      row.current_version_id && row.current_version_number !== null
        ? { id: row.current_version_id, number: row.current_version_number }
        : null,
    version_count: row.version_count,
  };
}

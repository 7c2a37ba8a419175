import { isSheetFormat } from '@truss/viewable';
import {
  modelFailureCodeSchema,
  modelStageSchema,
  type ModelStatus,
  type ModelVersion,
} from '@truss/contracts';
import { displayName } from '../users/index.ts';
import type { FileUrlSigner } from './file-urls.ts';
import type { VersionWithCreator } from './versions-repository.ts';

/** A version as `viewerId` sees it (file URLs signed for them while the model is live). */
export function toModelVersion(
  row: VersionWithCreator,
  context: { currentVersionId: string | null; trashed: boolean },
  signer: FileUrlSigner,
  now: Date,
  viewerId: string,
): ModelVersion {
  const servable = row.status === 'ready' && row.derived_prefix !== null && !context.trashed;
  const stage = modelStageSchema.safeParse(row.stage);
  const target = { modelId: row.model_id, versionId: row.id };
  const failure = modelFailureCodeSchema.safeParse(row.failure_code);
  return {
    id: row.id,
    model_id: row.model_id,
    number: row.number,
    message: row.message,
    creator:
      row.created_by && row.creator_name_format
        ? {
            id: row.created_by,
            email: row.creator_email,
            name: displayName({
              full_name: row.creator_full_name,
              first_name: row.creator_first_name,
              last_name: row.creator_last_name,
              name_format: row.creator_name_format,
            }),
          }
        : null,
    created_at: row.created_at.toISOString(),
    size: Number(row.size_bytes),
    original_filename: row.original_filename,
    format: row.format,
    status: row.status as ModelStatus,
    progress: row.progress,
    stage: stage.success ? stage.data : null,
    failure: row.failure_code
      ? {
          code: failure.success ? failure.data : 'CONVERSION_FAILED',
          message: row.failure_message ?? '',
        }
      : null,
    current: row.id === context.currentVersionId,
    thumbnail_url:
      servable && row.thumbnail_hash
        ? signer.versionUrl(target, 'thumbnail.png', row.thumbnail_hash, viewerId, now)
        : null,
    viewable_url:
      servable && row.viewable_hash && !isSheetFormat(row.format ?? '')
        ? signer.versionUrl(target, 'viewable.glb', row.viewable_hash, viewerId, now)
        : null,
    metadata_url:
      servable && row.metadata_hash
        ? signer.versionUrl(target, 'metadata.json', row.metadata_hash, viewerId, now)
        : null,
    original_url: `/api/models/${row.model_id}/versions/${row.id}/original`,
    converted_at: row.converted_at ? row.converted_at.toISOString() : null,
  };
}

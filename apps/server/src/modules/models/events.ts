import type {
  ModelProgressEvent,
  ModelStatusEvent,
  ModelStage,
  ModelStatus,
} from '@truss/contracts';
import type { ModelRow } from '../../db/schema.ts';

/**
 * What the models module needs from the realtime bus (the events module's EventBus satisfies
 * it). `publish` never throws: the change it reports is already committed.
 */
export interface ModelEvents {
  publish(
    input:
      | { type: 'model.status'; projectId: string; data: ModelStatusEvent }
      | { type: 'model.progress'; projectId: string; data: ModelProgressEvent },
  ): Promise<void>;
}

/** The model's status (its current version's), told after a change to `versionId` when given. */
export function statusEvent(
  row: ModelRow,
  versionId?: string,
): {
  type: 'model.status';
  projectId: string;
  data: ModelStatusEvent;
} {
  return {
    type: 'model.status',
    projectId: row.project_id,
    data: {
      modelId: row.id,
      ...(versionId ? { versionId } : {}),
      status: row.status as ModelStatus,
      progress: row.progress,
      stage: (row.stage as ModelStage | null) ?? null,
      failure: row.failure_code
        ? {
            code: row.failure_code as NonNullable<ModelStatusEvent['failure']>['code'],
            message: row.failure_message ?? '',
          }
        : null,
    },
  };
}

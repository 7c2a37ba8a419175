import type { DataScope } from '../../repositories.ts';
import { storageUsage, type SubscriptionsService } from '../subscriptions/index.ts';
import { createModelsRepositories } from './repositories.ts';
import { ModelLimitExceededError, StorageLimitExceededError } from './errors.ts';

interface PlanAllowance {
  ownerId: string;
  /** Bytes the owner's plan allows, or null for unlimited. */
  storageBytes: number | null;
  /** Live models per project the plan allows, or null for unlimited. */
  modelsPerProject: number | null;
}

/**
 * What unfinished uploads reserve: the uploads module's functions (`uploadReservations`), handed
 * in by app.ts because uploads builds on models (models imports nothing of it).
 */
export interface UploadReservations {
  /** Bytes promised by unfinished uploads into projects `ownerId` owns. */
  reservedBytesForOwner(scope: DataScope, ownerId: string): Promise<number>;
  /** Unfinished uploads of new models into the project. */
  countUnfinishedInProject(scope: DataScope, projectId: string): Promise<number>;
}

/**
 * Plan limits on models: storage (originals of every model in the projects an owner owns,
 * trash included, plus unfinished uploads into them) and models per project. The limits come
 * from the owner's subscription; the usage is counted inside the caller's transaction.
 */
export class ModelLimits {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly reservations: UploadReservations,
  ) {}

  /** Read before the transaction (the subscription service uses its own connection). */
  async allowance(ownerId: string): Promise<PlanAllowance> {
    const subscription = await this.subscriptions.getUserSubscription(ownerId);
    const storage = subscription.limits.storage.limit;
    return {
      ownerId,
      storageBytes: storage === 'unlimited' ? null : storage,
      modelsPerProject: subscription.limits.models_per_project.limit,
    };
  }

  /**
   * Throws when adding `bytes` (and `models` models to `projectId`) would pass the limits.
   * `scope`: the caller's repositories (uploads' or models'), in its transaction.
   */
  async assertRoom(
    scope: DataScope,
    allowance: PlanAllowance,
    projectId: string,
    bytes: number,
    models: number,
  ): Promise<void> {
    if (allowance.storageBytes !== null) {
      const used = (await storageUsage(scope, allowance.ownerId)).storageBytes;
      const reserved = await this.reservations.reservedBytesForOwner(scope, allowance.ownerId);
      if (used + reserved + bytes > allowance.storageBytes) {
        throw new StorageLimitExceededError(
          `${used} used + ${reserved} reserved + ${bytes} > ${allowance.storageBytes}`,
        );
      }
    }
    if (allowance.modelsPerProject !== null && models > 0) {
      const live = await createModelsRepositories(scope.executor).models.countLive(projectId);
      const pending = await this.reservations.countUnfinishedInProject(scope, projectId);
      if (live + pending + models > allowance.modelsPerProject) throw new ModelLimitExceededError();
    }
  }
}

import type { Repositories } from '../../repositories.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import { ModelLimitExceededError, StorageLimitExceededError } from './errors.ts';

interface PlanAllowance {
  ownerId: string;
  /** Bytes the owner's plan allows, or null for unlimited. */
  storageBytes: number | null;
  /** Live models per project the plan allows, or null for unlimited. */
  modelsPerProject: number | null;
}

/**
 * Plan limits on models: storage (originals of every model in the projects an owner owns,
 * trash included, plus unfinished uploads into them) and models per project. The limits come
 * from the owner's subscription; the usage is counted inside the caller's transaction.
 */
export class ModelLimits {
  constructor(private readonly subscriptions: SubscriptionsService) {}

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

  /** Throws when adding `bytes` (and `models` models to `projectId`) would pass the limits. */
  async assertRoom(
    repos: Repositories,
    allowance: PlanAllowance,
    projectId: string,
    bytes: number,
    models: number,
  ): Promise<void> {
    if (allowance.storageBytes !== null) {
      const used = (await repos.subscriptions.usage(allowance.ownerId)).storageBytes;
      const reserved = await repos.uploads.reservedBytesForOwner(allowance.ownerId);
      if (used + reserved + bytes > allowance.storageBytes) {
        throw new StorageLimitExceededError(
          `${used} used + ${reserved} reserved + ${bytes} > ${allowance.storageBytes}`,
        );
      }
    }
    if (allowance.modelsPerProject !== null && models > 0) {
      const live = await repos.models.countLive(projectId);
      const pending = await repos.uploads.countUnfinishedInProject(projectId);
      if (live + pending + models > allowance.modelsPerProject) throw new ModelLimitExceededError();
    }
  }
}

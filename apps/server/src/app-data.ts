import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { createAuthRepositories } from './modules/auth/index.ts';
import { createDevRepositories } from './modules/dev/index.ts';
import { createElementsRepositories } from './modules/elements/index.ts';
import { createEventsRepositories } from './modules/events/index.ts';
import { createHealthRepositories } from './modules/health/index.ts';
import { createJobsRepositories } from './modules/jobs/index.ts';
import { createMembersRepositories } from './modules/members/index.ts';
import { createModelsRepositories } from './modules/models/index.ts';
import { createOauthRepositories } from './modules/oauth/index.ts';
import { createPaymentsRepositories } from './modules/payments/index.ts';
import { createProjectsRepositories } from './modules/projects/index.ts';
import { createQuotasRepositories } from './modules/quotas/index.ts';
import { createSalesRepositories } from './modules/sales/index.ts';
import { createSavedViewsRepositories } from './modules/saved-views/index.ts';
import { createSharesRepositories } from './modules/shares/index.ts';
import { createSubscriptionsRepositories } from './modules/subscriptions/index.ts';
import { createTopicsRepositories } from './modules/topics/index.ts';
import { createUploadsRepositories } from './modules/uploads/index.ts';
import { createUsersRepositories } from './modules/users/index.ts';
import { createDataAccess, type DataAccess, type Executor } from './repositories.ts';

/**
 * The composition root of the data layer: every module's own repositories, assembled once per
 * executor. Each module's services are typed against their own part (`DataAccess<XRepositories>`);
 * what they do with another module's tables goes through that module's exported functions.
 */
export function createAppRepositories(executor: Executor) {
  return {
    ...createAuthRepositories(executor),
    ...createDevRepositories(executor),
    ...createElementsRepositories(executor),
    ...createEventsRepositories(executor),
    ...createHealthRepositories(executor),
    ...createJobsRepositories(executor),
    ...createMembersRepositories(executor),
    ...createModelsRepositories(executor),
    ...createOauthRepositories(executor),
    ...createPaymentsRepositories(executor),
    ...createProjectsRepositories(executor),
    ...createQuotasRepositories(executor),
    ...createSalesRepositories(executor),
    ...createSavedViewsRepositories(executor),
    ...createSharesRepositories(executor),
    ...createSubscriptionsRepositories(executor),
    ...createTopicsRepositories(executor),
    ...createUploadsRepositories(executor),
    ...createUsersRepositories(executor),
  };
}

export type AppRepositories = ReturnType<typeof createAppRepositories>;

export function createAppDataAccess(
  db: Kysely<Database>,
  writes?: { committed(): void },
): DataAccess<AppRepositories> {
  return createDataAccess(db, createAppRepositories, writes);
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema.ts';
import { AccountRepository } from './modules/account/repository.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { DevMailRepository } from './modules/dev/repository.ts';
import { EventsRepository } from './modules/events/repository.ts';
import { HealthRepository } from './modules/health/repository.ts';
import { InvitationsRepository } from './modules/members/invitations-repository.ts';
import { MembersRepository } from './modules/members/repository.ts';
import { IdentitiesRepository } from './modules/oauth/repository.ts';
import { PaymentsRepository } from './modules/payments/repository.ts';
import { SandboxTradesRepository } from './modules/payments/sandbox/repository.ts';
import { ProjectsRepository } from './modules/projects/repository.ts';
import { QuotasRepository } from './modules/quotas/repository.ts';
import { SalesRepository } from './modules/sales/repository.ts';
import { SharesRepository } from './modules/shares/repository.ts';
import { ShareVisitsRepository } from './modules/shares/visits-repository.ts';
import { SubscriptionsRepository } from './modules/subscriptions/repository.ts';
import { UsersRepository } from './modules/users/repository.ts';
import { JobsRepository } from './modules/jobs/repository.ts';
import { ModelsRepository } from './modules/models/repository.ts';
import { ModelVersionsRepository } from './modules/models/versions-repository.ts';
import { UploadsRepository } from './modules/uploads/repository.ts';
import { TopicsRepository } from './modules/topics/repository.ts';
import { TopicNoticesRepository } from './modules/topics/notices-repository.ts';
import { SavedViewsRepository } from './modules/saved-views/repository.ts';
import { ElementQueryRepository } from './modules/elements/query-repository.ts';
import { ElementsRepository } from './modules/elements/repository.ts';

/** Every repository, bound to one executor (the database or an open transaction). */
export interface Repositories {
  users: UsersRepository;
  auth: AuthRepository;
  projects: ProjectsRepository;
  subscriptions: SubscriptionsRepository;
  devMail: DevMailRepository;
  health: HealthRepository;
  models: ModelsRepository;
  modelVersions: ModelVersionsRepository;
  uploads: UploadsRepository;
  jobs: JobsRepository;
  members: MembersRepository;
  invitations: InvitationsRepository;
  events: EventsRepository;
  identities: IdentitiesRepository;
  account: AccountRepository;
  shares: SharesRepository;
  shareVisits: ShareVisitsRepository;
  topics: TopicsRepository;
  topicNotices: TopicNoticesRepository;
  payments: PaymentsRepository;
  paymentSandbox: SandboxTradesRepository;
  quotas: QuotasRepository;
  sales: SalesRepository;
  savedViews: SavedViewsRepository;
  elements: ElementsRepository;
  elementQuery: ElementQueryRepository;
}

export function createRepositories(db: Kysely<Database> | Transaction<Database>): Repositories {
  return {
    users: new UsersRepository(db),
    auth: new AuthRepository(db),
    projects: new ProjectsRepository(db),
    subscriptions: new SubscriptionsRepository(db),
    devMail: new DevMailRepository(db),
    health: new HealthRepository(db),
    models: new ModelsRepository(db),
    modelVersions: new ModelVersionsRepository(db),
    uploads: new UploadsRepository(db),
    jobs: new JobsRepository(db),
    members: new MembersRepository(db),
    invitations: new InvitationsRepository(db),
    events: new EventsRepository(db),
    identities: new IdentitiesRepository(db),
    account: new AccountRepository(db),
    shares: new SharesRepository(db),
    shareVisits: new ShareVisitsRepository(db),
    topics: new TopicsRepository(db),
    topicNotices: new TopicNoticesRepository(db),
    payments: new PaymentsRepository(db),
    paymentSandbox: new SandboxTradesRepository(db),
    quotas: new QuotasRepository(db),
    sales: new SalesRepository(db),
    savedViews: new SavedViewsRepository(db),
    elements: new ElementsRepository(db),
    elementQuery: new ElementQueryRepository(db),
  };
}

/**
 * What services get instead of Kysely: repositories for single statements, and `transaction`
 * to run several repository calls atomically (inside it, use only the repositories it passes:
 * on PGlite the transaction owns the one connection).
 */
export interface DataAccess {
  repos: Repositories;
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

/** `writes`: told when a transaction has committed (the read cache's local consistency). */
export function createDataAccess(db: Kysely<Database>, writes?: { committed(): void }): DataAccess {
  return {
    repos: createRepositories(db),
    transaction: async (work) => {
      try {
        return await db.transaction().execute((trx) => work(createRepositories(trx)));
      } finally {
        writes?.committed();
      }
    },
  };
}

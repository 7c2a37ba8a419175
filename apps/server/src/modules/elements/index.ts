import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ElementsRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { ElementIndexer } from './indexer.ts';
import { elementsRoutes } from './routes.ts';
import { SavedQueriesService } from './saved-queries.ts';
import { ElementQueryService } from './service.ts';

export { ElementIndexer } from './indexer.ts';
export { ElementQueryService } from './service.ts';
export { readStoredMetadata } from './stored-metadata.ts';
export { createElementsRepositories, type ElementsRepositories } from './repositories.ts';

export interface ElementsDeps {
  data: DataAccess<ElementsRepositories>;
  storage: ObjectStorage;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  /** false in the `worker` role: the index is written, no routes are served. */
  routes: boolean;
  /** The database has one connection (PGlite): the index is written without long transactions. */
  oneConnection: boolean;
}

/**
 * Property queries (issue 18): the element index of every model, written when a conversion
 * stores its viewable (the models module calls `indexer.indexConverted`) or, for a model
 * converted before, when a query first needs it; the query and export routes; saved queries.
 */
export const register: RegisterModule<
  ElementsDeps,
  { indexer: ElementIndexer; queries: ElementQueryService }
> = async (app, deps) => {
  const { data, now } = deps;
  const indexer = new ElementIndexer({
    data,
    oneConnection: deps.oneConnection,
    storage: deps.storage,
    now,
    log: app.log,
  });
  const queries = new ElementQueryService({ data, indexer });
  if (deps.routes) {
    const saved = new SavedQueriesService({ data, now });
    await app.register(elementsRoutes, { queries, saved, requireAuth: deps.requireAuth });
  }
  return { indexer, queries };
};

import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { SavedViewsRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import { savedViewsRoutes, type SavedViewsShareGate } from './routes.ts';
import { SavedViewsService } from './service.ts';

export { SavedViewsService } from './service.ts';
export { createSavedViewsRepositories, type SavedViewsRepositories } from './repositories.ts';

export interface SavedViewsDeps {
  data: DataAccess<SavedViewsRepositories>;
  requireAuth: onRequestAsyncHookHandler;
  /** The shares module's check of a visitor's share for one request. */
  shareGate: SavedViewsShareGate;
  now: Clock;
}

/** Named views of a model for its project's members, listed for share visitors too. */
export const register: RegisterModule<SavedViewsDeps, { savedViews: SavedViewsService }> = async (
  app,
  deps,
) => {
  const savedViews = new SavedViewsService({ data: deps.data, now: deps.now });
  await app.register(savedViewsRoutes, {
    views: savedViews,
    requireAuth: deps.requireAuth,
    gate: deps.shareGate,
  });
  return { savedViews };
};

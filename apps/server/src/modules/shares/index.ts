import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ModelsService } from '../models/index.ts';
import type { RegisterModule } from '../module.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { SharesAccessService } from './access-service.ts';
import { shareOpenGraph } from './open-graph.ts';
import { sharesRoutes } from './routes.ts';
import { ShareSecrets } from './secrets.ts';
import { SharesService } from './service.ts';

export interface SharesDeps {
  data: DataAccess;
  /** Serves the shared model's files (the share routes check access first). */
  models: ModelsService;
  mailer: Mailer;
  /** Whether the share's creator wants the "code locked" mail. */
  notifications: NotificationPolicy;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  publicUrl: string;
  tokenHmacSecret: string;
}

export interface SharesModule {
  shares: SharesService;
  access: SharesAccessService;
  /** <head> markup of `/share/{token}` pages (for the SPA fallback). */
  openGraph: ReturnType<typeof shareOpenGraph>;
}

/** Share links: the owner routes, the public routes and their file URLs, wired once. */
export const register: RegisterModule<SharesDeps, SharesModule> = async (app, deps) => {
  const secrets = new ShareSecrets(deps.tokenHmacSecret);
  const shares = new SharesService({
    data: deps.data,
    secrets,
    mailer: deps.mailer,
    notifications: deps.notifications,
    now: deps.now,
    publicUrl: deps.publicUrl,
    log: app.log,
  });
  const access = new SharesAccessService({
    data: deps.data,
    secrets,
    now: deps.now,
    onLocked: (row) => shares.mailLocked(row),
  });
  await app.register(sharesRoutes, {
    shares,
    access,
    models: deps.models,
    requireAuth: deps.requireAuth,
    secureCookies: deps.publicUrl.startsWith('https:'),
  });
  return { shares, access, openGraph: shareOpenGraph(access, deps.publicUrl) };
};

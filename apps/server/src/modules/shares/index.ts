import type { ShareVisitorAction } from '@truss/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { SharesRepositories } from './repositories.ts';
import type { ModelSheetsService, ModelsService } from '../models/index.ts';
import type { RegisterModule } from '../module.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { SharesAccessService } from './access-service.ts';
import type { ShareWithModel } from './repository.ts';
import { shareOpenGraph } from './open-graph.ts';
import { sharesRoutes } from './routes.ts';
import { shareSheetRoutes } from './sheet-routes.ts';
import { ShareSecrets } from './secrets.ts';
import { SharesService } from './service.ts';
import { ShareVisitCounter } from './visit-counter.ts';
import { shareVisitor } from './visitor.ts';
export { createSharesRepositories, type SharesRepositories } from './repositories.ts';

export interface SharesDeps {
  data: DataAccess<SharesRepositories>;
  /** Serves the shared model's files (the share routes check access first). */
  models: ModelsService;
  /** Serves a shared drawing's sheets and a shared IFC model's plans (checked first, too). */
  sheets: ModelSheetsService;
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
  /**
   * Other modules' share routes (topics): checks the share for this request exactly as the file
   * routes do (live, unlocked, private: a member by bearer), then the visitor's `action`.
   */
  visitorGate(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    action: ShareVisitorAction,
  ): Promise<ShareWithModel>;
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
    visits: new ShareVisitCounter({
      visits: () => deps.data.repos.shareVisits,
      now: deps.now,
      log: app.log,
    }),
  });
  await app.register(sharesRoutes, {
    shares,
    access,
    models: deps.models,
    requireAuth: deps.requireAuth,
    secureCookies: deps.publicUrl.startsWith('https:'),
  });
  await app.register(shareSheetRoutes, {
    access,
    sheets: deps.sheets,
    requireAuth: deps.requireAuth,
  });
  const visitor = shareVisitor(app, deps.requireAuth);
  const visitorGate: SharesModule['visitorGate'] = async (request, reply, token, action) =>
    access.fileAccess(token, await visitor(request, reply), action);
  return { shares, access, openGraph: shareOpenGraph(access, deps.publicUrl), visitorGate };
};

import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { MembersRepositories } from './repositories.ts';
import type { EventPublisher } from '../events/index.ts';
import type { RegisterModule } from '../module.ts';
import type { NotificationPolicy } from '../users/index.ts';
import type { Quotas } from '../quotas/index.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { InvitationTokens } from './invitation-tokens.ts';
import { InvitationsService, type MembersPerProjectLimit } from './invitations-service.ts';
import { InviteeService } from './invitee-service.ts';
import { membersRoutes } from './routes.ts';
import { MembersService } from './service.ts';
export {
  acceptedMemberIds,
  createMembersRepositories,
  membershipRows,
  projectAudience,
  type MembershipRows,
  type MembersRepositories,
} from './repositories.ts';

export interface MembersDeps {
  data: DataAccess<MembersRepositories>;
  events: EventPublisher;
  mailer: Mailer;
  notifications: NotificationPolicy;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  publicUrl: string;
  tokenHmacSecret: string;
  /** The project owner's plan limits (the subscriptions module). */
  limits: MembersPerProjectLimit;
  /** Caps on invitation mails per user and per client IP. */
  quotas: Quotas;
}

export interface MembersModule {
  members: MembersService;
  invitations: InvitationsService;
  invitee: InviteeService;
}

/** Project members and invitations: the managers' side and the invitee's links. */
export const register: RegisterModule<MembersDeps, MembersModule> = async (app, deps) => {
  const { data, events, mailer, notifications, now, publicUrl } = deps;
  const log = app.log;
  const tokens = new InvitationTokens(deps.tokenHmacSecret);
  const members = new MembersService({ data, events, mailer, notifications, now, publicUrl, log });
  const invitations = new InvitationsService({
    data,
    events,
    mailer,
    tokens,
    now,
    publicUrl,
    log,
    notifications,
    limits: deps.limits,
    quotas: deps.quotas,
  });
  const invitee = new InviteeService({ data, events, tokens, now });
  await app.register(membersRoutes, { members, invitations, requireAuth: deps.requireAuth });
  await app.register(invitationRoutes, { invitee, requireAuth: deps.requireAuth });
  return { members, invitations, invitee };
};

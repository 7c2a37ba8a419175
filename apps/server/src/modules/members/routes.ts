import {
  changeRoleBodySchema,
  errorBodySchema,
  invitationParamsSchema,
  inviteBodySchema,
  inviteResponseSchema,
  memberParamsSchema,
  okSchema,
  projectIdParamsSchema,
  projectMemberListSchema,
  projectMemberSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { InvitationsService } from './invitations-service.ts';
import type { MembersService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Project-scoped member routes: all behind the bearer guard, all checked with `can()`. */
export const membersRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  invitations: InvitationsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { members, invitations, requireAuth }) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/api/project/:id/members',
    {
      schema: {
        tags: ['members'],
        summary:
          'Accepted members (creator first), then pending and rejected invitations of a project; guests: 403 MEMBER_LIST_HIDDEN',
        security: bearerSecurity,
        params: projectIdParamsSchema,
        response: {
          200: projectMemberListSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
        },
      },
    },
    async (request) => members.list(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/project/:id/invitations',
    {
      schema: {
        tags: ['members'],
        summary:
          'Invite addresses by email (owner, admin): one result per address; 400 NO_VALID_EMAIL when none is valid',
        security: bearerSecurity,
        params: projectIdParamsSchema,
        body: inviteBodySchema,
        response: { 200: inviteResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) =>
      invitations.invite(currentUser(request).userId, request.params.id, request.body, {
        acceptLanguage: request.headers['accept-language'],
        ip: request.ip,
      }),
  );

  app.post(
    '/api/project/:id/invitations/:invitationId/resend',
    {
      schema: {
        tags: ['members'],
        summary:
          'Mail a pending invitation again with a new link and expiry (at most once a minute: 429 + Retry-After)',
        security: bearerSecurity,
        params: invitationParamsSchema,
        response: {
          200: projectMemberSchema,
          ...errors,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) =>
      invitations.resend(
        currentUser(request).userId,
        request.params.id,
        request.params.invitationId,
        { acceptLanguage: request.headers['accept-language'], ip: request.ip },
      ),
  );

  app.delete(
    '/api/project/:id/invitations/:invitationId',
    {
      schema: {
        tags: ['members'],
        summary: 'Cancel a pending invitation (its link stops working) or hide a rejected one',
        security: bearerSecurity,
        params: invitationParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      await members.cancelInvitation(currentUser(request).userId, id, invitationId);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/project/:id/members/:memberId',
    {
      schema: {
        tags: ['members'],
        summary:
          "Change a member's (or a pending invitation's) role between admin, member and guest; never the owner's or one's own",
        security: bearerSecurity,
        params: memberParamsSchema,
        body: changeRoleBodySchema,
        response: { 200: projectMemberSchema, ...errors },
      },
    },
    async (request) =>
      members.changeRole(
        currentUser(request).userId,
        request.params.id,
        request.params.memberId,
        request.body.role,
      ),
  );

  app.delete(
    '/api/project/:id/members/:memberId',
    {
      schema: {
        tags: ['members'],
        summary:
          'Remove a member; your own membership id (or your user id) leaves the project (not the creator: CREATOR_CANNOT_LEAVE); an invitation id cancels it',
        security: bearerSecurity,
        params: memberParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { id, memberId } = request.params;
      await members.remove(currentUser(request).userId, id, memberId);
      return { ok: true as const };
    },
  );
};

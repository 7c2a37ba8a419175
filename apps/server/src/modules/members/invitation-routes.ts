import {
  acceptInvitationResponseSchema,
  errorBodySchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  myInvitationListSchema,
  myInvitationParamsSchema,
  okSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, bearerToken, currentUser } from '../../http/auth-context.ts';
import type { InviteeService } from './invitee-service.ts';

/**
 * Link tokens are 43 base64url characters; a UUID in their place is an invitation id (from
 * "Shared with me"): accepted or declined by the signed-in account it is addressed to.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  410: errorBodySchema,
};

/** The invitee's routes: the invite page (by link token) and "Shared with me" (by id). */
export const invitationRoutes: FastifyPluginAsyncZod<{
  invitee: InviteeService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { invitee, requireAuth }) => {
  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags: ['invitations'],
        summary:
          'Public preview of an invitation link (404 unknown, 410 expired/used/cancelled: INVITATION_INVALID)',
        params: invitationTokenParamsSchema,
        response: {
          200: invitationPreviewSchema,
          400: errors[400],
          404: errors[404],
          410: errors[410],
        },
      },
    },
    async (request) => invitee.preview(request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['invitations'],
        summary:
          'Accept an invitation link as the signed-in user (single use; any account may accept, the page warns on an email mismatch; again as a member: same answer). An invitation id instead of the token accepts one of my invitations.',
        security: bearerSecurity,
        params: invitationTokenParamsSchema,
        response: { 200: acceptInvitationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const { token } = request.params;
      return UUID.test(token)
        ? invitee.acceptMine(userId, token.toLowerCase())
        : invitee.acceptByToken(userId, token);
    },
  );

  app.post(
    '/api/invitations/:token/decline',
    {
      // Signing in is optional: the link alone may decline. A bearer token, if sent, must be good.
      onRequest: async (request, reply) => {
        if (bearerToken(request)) await requireAuth.call(app, request, reply);
      },
      schema: {
        tags: ['invitations'],
        summary:
          'Decline an invitation link (sign-in optional); the row shows as rejected. An invitation id instead of the token needs sign-in.',
        security: bearerSecurity,
        params: invitationTokenParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { token } = request.params;
      if (UUID.test(token)) {
        await invitee.declineMine(currentUser(request).userId, token.toLowerCase());
      } else {
        await invitee.declineByToken(request.user?.userId ?? null, token);
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user/invitations',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['invitations'],
        summary: 'Pending invitations addressed to my email ("Shared with me")',
        security: bearerSecurity,
        response: { 200: myInvitationListSchema, 401: errors[401] },
      },
    },
    async (request) => invitee.mine(currentUser(request).userId),
  );

  app.post(
    '/api/user/invitations/:invitationId/accept',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['invitations'],
        summary: 'Accept one of my invitations by id (it must be addressed to my email)',
        security: bearerSecurity,
        params: myInvitationParamsSchema,
        response: { 200: acceptInvitationResponseSchema, ...errors },
      },
    },
    async (request) => invitee.acceptMine(currentUser(request).userId, request.params.invitationId),
  );

  app.post(
    '/api/user/invitations/:invitationId/decline',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['invitations'],
        summary: 'Decline one of my invitations by id',
        security: bearerSecurity,
        params: myInvitationParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await invitee.declineMine(currentUser(request).userId, request.params.invitationId);
      return { ok: true as const };
    },
  );
};

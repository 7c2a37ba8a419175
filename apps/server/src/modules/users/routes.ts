import { errorBodySchema, profileSchema } from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../auth/guard.ts';
import type { UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { users, requireAuth }) => {
  app.get(
    '/api/user/profile',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['user'],
        summary: "The signed-in user's profile",
        security: bearerSecurity,
        response: { 200: profileSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => users.getProfile(currentUser(request).userId),
  );
};

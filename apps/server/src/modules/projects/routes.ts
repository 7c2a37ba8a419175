import { errorBodySchema, projectListSchema } from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../auth/guard.ts';
import type { ProjectsService } from './service.ts';

export const projectsRoutes: FastifyPluginAsyncZod<{
  projects: ProjectsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { projects, requireAuth }) => {
  app.get(
    '/api/project',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['project'],
        summary: "The signed-in user's projects (default project first)",
        security: bearerSecurity,
        response: { 200: projectListSchema, 401: errorBodySchema },
      },
    },
    async (request) => projects.list(currentUser(request).userId),
  );
};

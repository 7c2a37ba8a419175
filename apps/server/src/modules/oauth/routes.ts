import {
  authProvidersResponseSchema,
  errorBodySchema,
  oauthCallbackBodySchema,
  oauthCallbackResponseSchema,
  oauthProviderSchema,
  oauthStartBodySchema,
  oauthStartResponseSchema,
} from '@truss/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../http/error-handler.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { bearerSecurity, bearerToken } from '../../http/auth-context.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { AuthService } from '../auth/index.ts';
import type { FlowCookie } from './flow-cookie.ts';
import type { OAuthService } from './service.ts';

interface OAuthRoutesOptions {
  oauth: OAuthService;
  auth: AuthService;
  cookie: FlowCookie;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
  504: errorBodySchema,
};

export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (
  app,
  { oauth, auth, cookie },
) => {
  /** The caller when a bearer token is sent (it must then be valid), else null. */
  const optionalCaller = async (request: FastifyRequest): Promise<AuthContext | null> => {
    const token = bearerToken(request);
    return token ? auth.authenticate(token) : null;
  };

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which external sign-in providers are configured',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => oauth.providers(),
  );

  app.post(
    '/api/auth/oauth/:provider/start',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start Google/WeChat sign-in (or linking, with the bearer token): sets the flow cookie, returns the provider URL',
        security: bearerSecurity,
        params: z.object({ provider: oauthProviderSchema }),
        body: oauthStartBodySchema.nullish(),
        response: {
          200: oauthStartResponseSchema,
          400: errors[400],
          401: errors[401],
          404: errors[404],
          502: errors[502],
        },
      },
    },
    async (request, reply) => {
      const caller = await optionalCaller(request);
      const started = await oauth.start(
        request.params.provider,
        request.body ?? { mode: 'signin' },
        caller,
      );
      reply.header('set-cookie', started.setCookie).header('cache-control', 'no-store');
      return { authorizationUrl: started.authorizationUrl };
    },
  );

  app.post(
    '/api/auth/oauth/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "Finish the provider round trip with the /callback page's query",
        security: bearerSecurity,
        body: oauthCallbackBodySchema,
        response: { 200: oauthCallbackResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // One try per flow, whatever the outcome.
      reply.header('set-cookie', cookie.clear()).header('cache-control', 'no-store');
      // A stale bearer must not spoil a sign-in; linking is bound by the flow cookie anyway.
      const caller = await optionalCaller(request).catch((error: unknown) => {
        if (error instanceof UnauthorizedError) return null;
        throw error;
      });
      return oauth.callback(request.headers.cookie, request.body, caller, requestLocale(request));
    },
  );
};

import {
  addEmailBodySchema,
  addEmailResponseSchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  connectorParamsSchema,
  connectorsResponseSchema,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
  deletionPreviewResponseSchema,
  errorBodySchema,
  okSchema,
  profileSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { AccountEmailService } from './email.ts';
import type { AccountService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};

export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  email: AccountEmailService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { account, email, requireAuth }) => {
  const auth = { onRequest: requireAuth };
  const secured = { tags: ['user'], security: bearerSecurity };

  app.post(
    '/api/user/password',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Change (or first set) the password; signs out every other session',
        body: changePasswordBodySchema,
        response: { 200: okSchema, 400: errors[400], 401: errors[401], 409: errors[409] },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await account.changePassword(currentUser(request), currentPassword, newPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/user/email',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Mail a code to the address to add to an account without an email',
        body: addEmailBodySchema,
        response: {
          200: addEmailResponseSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429],
          502: errors[502],
        },
      },
    },
    async (request) => email.send(currentUser(request).userId, request.body.email),
  );

  app.post(
    '/api/user/email/verify',
    {
      ...auth,
      schema: {
        ...secured,
        summary: "The mailed code: the address becomes the account's email, verified",
        body: confirmEmailBodySchema,
        response: { 200: profileSchema, 400: errors[400], 401: errors[401], 409: errors[409] },
      },
    },
    async (request) => email.confirm(currentUser(request).userId, request.body.code),
  );

  app.get(
    '/api/user/connectors',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Google and WeChat: available here, linked to this account',
        response: { 200: connectorsResponseSchema, 401: errors[401] },
      },
    },
    async (request) => account.connectors(currentUser(request).userId),
  );

  app.delete(
    '/api/user/connectors/:provider',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Unlink a provider (not the only sign-in method of the account)',
        params: connectorParamsSchema,
        response: {
          200: connectorsResponseSchema,
          401: errors[401],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (request) => account.unlink(currentUser(request).userId, request.params.provider),
  );

  app.get(
    '/api/user/deletion-preview',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'What deleting the account would do with each owned project',
        response: { 200: deletionPreviewResponseSchema, 401: errors[401] },
      },
    },
    async (request) => account.deletionPreview(currentUser(request).userId),
  );

  app.delete(
    '/api/user',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Delete the account (typed confirmation; the password when the account has one)',
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountResponseSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => {
      const projects = await account.deleteAccount(
        currentUser(request).userId,
        request.body.password,
      );
      return { ok: true as const, projects };
    },
  );
};

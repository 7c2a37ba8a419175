import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  avatarResponseSchema,
  errorBodySchema,
  notificationSettingsSchema,
  notificationSettingsUpdateBodySchema,
  preferencesSchema,
  preferencesUpdateBodySchema,
  profileSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import { AvatarTooLargeError } from './avatar.ts';
import { avatarParamsSchema, profileUpdateServerSchema } from './schemas.ts';
import type { UsersService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { users, requireAuth }) => {
  // Avatars arrive as the raw image body; counted while streaming so a huge body stops early.
  app.addContentTypeParser([...AVATAR_TYPES], (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > AVATAR_MAX_BYTES) {
        failed = true;
        done(new AvatarTooLargeError(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (!failed) done(error, undefined);
    });
  });

  const auth = { onRequest: requireAuth };
  const secured = { tags: ['user'], security: bearerSecurity };

  app.get(
    '/api/user/profile',
    {
      ...auth,
      schema: {
        ...secured,
        summary: "The signed-in user's profile",
        response: { 200: profileSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => users.getProfile(currentUser(request).userId),
  );

  app.put(
    '/api/user/profile',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Change profile fields (only those sent; null clears one)',
        body: profileUpdateServerSchema,
        response: { 200: profileSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => users.updateProfile(currentUser(request).userId, request.body),
  );

  app.post(
    '/api/user/avatar',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Upload an avatar (raw PNG, JPEG or WebP body, at most 5 MB; stored 256×256)',
        response: {
          200: avatarResponseSchema,
          401: errors[401],
          413: errors[413],
          415: errors[415],
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return users.setAvatar(currentUser(request).userId, body);
    },
  );

  app.delete(
    '/api/user/avatar',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Remove the avatar (the initials show instead)',
        response: { 200: avatarResponseSchema, 401: errors[401] },
      },
    },
    async (request) => users.deleteAvatar(currentUser(request).userId),
  );

  app.get(
    '/api/avatars/:userId/:file',
    {
      schema: {
        tags: ['user'],
        summary: 'An avatar image (the URL changes with every upload)',
        params: avatarParamsSchema,
      },
    },
    async (request, reply) => {
      const stream = await users.readAvatar(request.params.userId, request.params.file);
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.get(
    '/api/user/preferences',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Language, time zone, date and time format, week start',
        response: { 200: preferencesSchema, 401: errors[401] },
      },
    },
    async (request) => users.getPreferences(currentUser(request).userId),
  );

  app.put(
    '/api/user/preferences',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Change preferences (any subset)',
        body: preferencesUpdateBodySchema,
        response: { 200: preferencesSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => users.updatePreferences(currentUser(request).userId, request.body),
  );

  app.get(
    '/api/user/notifications',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Which mails the user wants (security mails are always sent)',
        response: { 200: notificationSettingsSchema, 401: errors[401] },
      },
    },
    async (request) => users.getNotificationSettings(currentUser(request).userId),
  );

  app.put(
    '/api/user/notifications',
    {
      ...auth,
      schema: {
        ...secured,
        summary: 'Change notification settings (any subset)',
        body: notificationSettingsUpdateBodySchema,
        response: { 200: notificationSettingsSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => users.updateNotificationSettings(currentUser(request).userId, request.body),
  );
};

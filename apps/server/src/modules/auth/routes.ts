import {
  authResponseSchema,
  codeSendBodySchema,
  codeSendResponseSchema,
  codeVerifyBodySchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  checkEmailBodySchema,
  checkEmailResponseSchema,
  errorBodySchema,
  loginBodySchema,
  logoutBodySchema,
  okSchema,
  refreshBodySchema,
  resendCodeBodySchema,
  resendCodeResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  tokenPairSchema,
  verifyEmailBodySchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/error-handler.ts';
import type { CodeSignInService } from './code-signin.ts';
import { bearerSecurity, bearerToken, currentUser } from '../../http/auth-context.ts';
import type { PasswordResetService } from './password-reset.ts';
import type { AuthService } from './service.ts';

interface AuthRoutesOptions {
  auth: AuthService;
  codeSignIn: CodeSignInService;
  passwordReset: PasswordResetService;
  requireAuth: onRequestAsyncHookHandler;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
  502: errorBodySchema,
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, codeSignIn, passwordReset, requireAuth },
) => {
  app.post(
    '/api/auth/check-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an email belongs to a verified account',
        body: checkEmailBodySchema,
        response: { 200: checkEmailResponseSchema, 400: errors[400], 429: errors[429] },
      },
    },
    async (request) => auth.checkEmail(request.body.email, request.ip),
  );

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and mail a 6-digit verification code',
        body: signupBodySchema,
        response: {
          200: signupResponseSchema,
          400: errors[400],
          409: errors[409],
          429: errors[429],
        },
      },
    },
    async (request) =>
      auth.signup({
        email: request.body.email,
        password: request.body.password,
        language: request.body.language ?? requestLocale(request),
        ip: request.ip,
      }),
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a new verification code (1 a minute, 5 an hour per address); the same answer for every address',
        body: resendCodeBodySchema,
        response: {
          200: resendCodeResponseSchema,
          400: errors[400],
          429: errors[429],
          502: errors[502],
        },
      },
    },
    async (request) => auth.resendVerification(request.body.email),
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the email with the mailed code; signs in',
        body: verifyEmailBodySchema,
        response: { 200: authResponseSchema, 400: errors[400], 403: errors[403], 409: errors[409] },
      },
    },
    async (request) => auth.verifyEmail(request.body.email, request.body.code),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (10 failures in 15 min per account or IP: 429)',
        body: loginBodySchema,
        response: {
          200: authResponseSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          429: errors[429],
        },
      },
    },
    async (request) => auth.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    '/api/auth/code/send',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a 6-digit sign-in code and magic link (1 a minute, 5 an hour per address); the same answer for every address',
        body: codeSendBodySchema,
        response: {
          200: codeSendResponseSchema,
          400: errors[400],
          429: errors[429],
          502: errors[502],
        },
      },
    },
    async (request) => codeSignIn.send(request.body.email),
  );

  app.post(
    '/api/auth/code/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the mailed code',
        body: codeVerifyBodySchema,
        response: { 200: authResponseSchema, 400: errors[400], 403: errors[403] },
      },
    },
    async (request) => codeSignIn.verify(request.body.email, request.body.code, request.ip),
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the address exists)',
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, 400: errors[400] },
      },
    },
    async (request) => passwordReset.forgot(request.body.email),
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed token; ends every session, signs in',
        body: resetPasswordBodySchema,
        response: {
          200: resetPasswordResponseSchema,
          400: errors[400],
          403: errors[403],
          500: errors[500],
        },
      },
    },
    async (request) => passwordReset.reset(request.body.token, request.body.password),
  );

  app.post(
    '/api/auth/logout-all',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every session of the account ends, this one too',
        security: bearerSecurity,
        response: { 200: okSchema, 401: errors[401] },
      },
    },
    async (request) => {
      await auth.logoutAll(currentUser(request).userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        body: refreshBodySchema,
        response: { 200: tokenPairSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => auth.refresh(request.body.refreshToken),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'End the session of the bearer token and/or of the given refresh token (either is enough)',
        security: bearerSecurity,
        body: logoutBodySchema.nullish(),
        response: { 200: okSchema, 401: errors[401] },
      },
    },
    async (request) => {
      await auth.logout(bearerToken(request), request.body?.refreshToken);
      return { ok: true as const };
    },
  );
};

import {
  attachmentFileQuerySchema,
  attachmentListSchema,
  attachmentSchema,
  attachmentUploadQuerySchema,
  errorBodySchema,
  SHARE_PUBLIC_PATH,
  shareAttachmentUploadQuerySchema,
  shareTokenParamsSchema,
} from '@truss/contracts';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../../http/auth-context.ts';
import { contentDisposition } from '../../models/index.ts';
import type { ShareVisitorGate } from '../visitor-routes.ts';
import { INLINE_TYPES } from './files.ts';
import type { AttachmentContent, AttachmentsService } from './service.ts';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * Sends a stored file. Only images and PDFs may show in the browser; anything else (HTML, SVG,
 * scripts) is a download, and a sandbox CSP keeps even those from running in Truss's origin.
 */
function sendContent(
  reply: FastifyReply,
  content: AttachmentContent,
  options: { thumbnail: boolean; download: boolean; cache: string },
) {
  const inline = options.thumbnail || (!options.download && INLINE_TYPES.has(content.type));
  const disposition = contentDisposition(content.row.filename);
  return reply
    .type(content.type)
    .header(
      'content-disposition',
      inline ? disposition.replace(/^attachment/, 'inline') : disposition,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'")
    .header('cache-control', options.cache)
    .send(content.stream);
}

/**
 * Members' attachment routes. The upload's body is the file itself, any Content-Type: this
 * plugin's own parser leaves it unread, and the service streams it into a temporary file,
 * counted against the plan's limit (413 ATTACHMENT_TOO_LARGE).
 */
export const attachmentRoutes: FastifyPluginAsyncZod<{
  attachments: AttachmentsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { attachments, requireAuth }) => {
  app.removeAllContentTypeParsers();
  // The body stays unread (as the tus uploads do it): the handler streams `request.raw`.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const common = { onRequest: requireAuth };
  const tags = ['topics'];
  const security = bearerSecurity;

  app.post(
    '/api/topics/:id/attachments',
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          "Attach a file (the raw body; ?name=file name, &commentId= to attach to a comment); 413 ATTACHMENT_TOO_LARGE past the plan's size per file",
        params: idParams,
        querystring: attachmentUploadQuerySchema,
        response: { 201: attachmentSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      const length = Number(request.headers['content-length']);
      const attachment = await attachments.upload(currentUser(request).userId, request.params.id, {
        query: request.query,
        contentType: request.headers['content-type'],
        contentLength: Number.isFinite(length) ? length : undefined,
        body: request.raw,
      });
      return reply.code(201).send(attachment);
    },
  );

  app.get(
    '/api/topics/:id/attachments',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "A topic's attachments and those of its comments, oldest first",
        params: idParams,
        response: { 200: attachmentListSchema, ...errors },
      },
    },
    async (request) => attachments.list(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/attachments/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "An attachment's file (images and PDFs inline unless ?download=1)",
        params: idParams,
        querystring: attachmentFileQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const content = await attachments.file(currentUser(request).userId, request.params.id, false);
      return sendContent(reply, content, {
        thumbnail: false,
        download: request.query.download === '1',
        cache: 'private, max-age=3600',
      });
    },
  );

  app.get(
    '/api/attachments/:id/thumbnail',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "An image attachment's thumbnail (JPEG)",
        params: idParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const content = await attachments.file(currentUser(request).userId, request.params.id, true);
      return sendContent(reply, content, {
        thumbnail: true,
        download: false,
        cache: 'private, max-age=3600',
      });
    },
  );

  app.delete(
    '/api/attachments/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Delete an attachment (its uploader, or an admin)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await attachments.delete(currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/**
 * The share page's twins: the visitor sees what the share shows; with "Issue Editing" they
 * attach files to issues and delete the ones they attached (same share, same visitor key).
 */
export const visitorAttachmentRoutes: FastifyPluginAsyncZod<{
  attachments: AttachmentsService;
  gate: ShareVisitorGate;
}> = async (app, { attachments, gate }) => {
  app.removeAllContentTypeParsers();
  // A visitor's upload streams `request.raw` as the members' does (the other routes have no body).
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const tags = ['shares', 'topics'];
  const base = `${SHARE_PUBLIC_PATH}/:token`;
  const visitorErrors = { ...errors, 429: errorBodySchema };
  const fileParams = shareTokenParamsSchema.extend({
    attachmentId: z.uuid({ error: 'validation.invalid' }),
  });

  app.get(
    `${base}/topics/:topicId/attachments`,
    {
      schema: {
        tags,
        summary: "A topic's attachments, for a visitor who sees the topic",
        params: shareTokenParamsSchema.extend({ topicId: z.uuid() }),
        response: { 200: attachmentListSchema, ...visitorErrors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      return attachments.visitorList(
        share,
        request.params.token,
        request.params.topicId,
        request.ip,
      );
    },
  );

  app.post(
    `${base}/topics/:topicId/attachments`,
    {
      schema: {
        tags,
        summary:
          "A visitor with Issue Editing attaches a file to an issue (the raw body; ?name=&authorName=); the owner's plan's size per file (413), 429 past 10 files a minute",
        params: shareTokenParamsSchema.extend({ topicId: z.uuid() }),
        querystring: shareAttachmentUploadQuerySchema,
        response: { 201: attachmentSchema, ...visitorErrors, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'attachment.add').catch(
        (error: unknown) => {
          request.raw.resume();
          throw error;
        },
      );
      const length = Number(request.headers['content-length']);
      const attachment = await attachments.visitorUpload(
        share,
        request.params.token,
        request.ip,
        request.params.topicId,
        {
          query: request.query,
          contentType: request.headers['content-type'],
          contentLength: Number.isFinite(length) ? length : undefined,
          body: request.raw,
        },
      );
      return reply.code(201).send(attachment);
    },
  );

  app.delete(
    `${base}/attachments/:attachmentId`,
    {
      schema: {
        tags,
        summary:
          'A visitor deletes a file they uploaded (same share, same visitor), while the share has Issue Editing',
        params: fileParams,
        response: { 204: z.null(), ...visitorErrors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'attachment.delete');
      await attachments.visitorDelete(share, request.ip, request.params.attachmentId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/attachments/:attachmentId`,
    {
      schema: {
        tags,
        summary: "An attachment's file, for a visitor who sees its topic",
        params: fileParams,
        querystring: attachmentFileQuerySchema,
        response: { 200: z.any(), ...visitorErrors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      const content = await attachments.visitorFile(share, request.params.attachmentId, false);
      return sendContent(reply, content, {
        thumbnail: false,
        download: request.query.download === '1',
        cache: 'private, no-cache',
      });
    },
  );

  app.get(
    `${base}/attachments/:attachmentId/thumbnail`,
    {
      schema: {
        tags,
        summary: "An image attachment's thumbnail, for a visitor who sees its topic",
        params: fileParams,
        response: { 200: z.any(), ...visitorErrors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      const content = await attachments.visitorFile(share, request.params.attachmentId, true);
      return sendContent(reply, content, {
        thumbnail: true,
        download: false,
        cache: 'private, no-cache',
      });
    },
  );
};

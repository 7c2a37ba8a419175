import {
  BCF_MAX_UPLOAD_BYTES,
  bcfExportQuerySchema,
  bcfImportReportSchema,
  errorBodySchema,
  projectIdParamsSchema,
} from '@truss/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../../http/auth-context.ts';
import { contentDisposition } from '../../models/index.ts';
import type { BcfService } from './service.ts';
import { BcfFileInvalidError } from '../errors.ts';

/** Body types a `.bcf`/`.bcfzip` arrives as (browsers send zip types for `.bcfzip` files). */
const BCF_BODY_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
];

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

/**
 * BCF import (the file as the raw body) and export (the file as an attachment). The body
 * parser is this plugin's own, so raw bodies are accepted here only; its limit answers 413
 * before the whole body is read.
 */
export const bcfRoutes: FastifyPluginAsyncZod<{
  bcf: BcfService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { bcf, requireAuth }) => {
  app.addContentTypeParser(
    BCF_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: BCF_MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  const tags = ['topics'];
  const security = bearerSecurity;

  app.post(
    '/api/project/:id/bcf',
    {
      onRequest: requireAuth,
      bodyLimit: BCF_MAX_UPLOAD_BYTES,
      schema: {
        tags,
        security,
        summary:
          'Import a BCF 2.0/2.1/3.0 file (.bcf/.bcfzip as the raw body): topics are created, or updated by GUID (owner, admin)',
        params: projectIdParamsSchema,
        response: { 200: bcfImportReportSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new BcfFileInvalidError('the body is empty or not a file');
      }
      return bcf.import(currentUser(request).userId, request.params.id, body);
    },
  );

  app.get(
    '/api/project/:id/bcf',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: "Export the project's topics (all, or ?topics=guid,...) as a BCF 3.0 or 2.1 file",
        params: projectIdParamsSchema,
        querystring: bcfExportQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const guids = request.query.topics
        ?.split(',')
        .map((guid) => guid.trim())
        .filter(Boolean);
      const file = await bcf.export(
        currentUser(request).userId,
        request.params.id,
        request.query.version,
        guids,
      );
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
};

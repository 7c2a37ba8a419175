import {
  addTopicTypeBodySchema,
  commentPageQuerySchema,
  commentPageSchema,
  commentSchema,
  createCommentBodySchema,
  createTopicBodySchema,
  errorBodySchema,
  projectIdParamsSchema,
  topicListQuerySchema,
  topicCountsSchema,
  topicListSchema,
  topicSchema,
  topicTypesSchema,
  topicWithCommentsSchema,
  updateCommentBodySchema,
  updateTopicBodySchema,
  viewpointSchema,
} from '@truss/contracts';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, currentUser } from '../../http/auth-context.ts';
import type { TopicsService } from './service.ts';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
/**
 * Sends JSON text the database built (a viewpoint's components: up to 2 MiB) as it is: the
 * route's schema documents it, but it is never parsed, validated and serialised again.
 */
export function sendJsonText<R extends FastifyReply>(reply: R, json: string): R {
  void reply
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(json as never);
  return reply;
}

/** Bodies may carry base64 snapshots (2 MB each) and long component lists. */
export const TOPIC_BODY_LIMIT = 32 * 1024 * 1024;

/** Members' topic routes: thin; every decision is in TopicsService. */
export const topicsRoutes: FastifyPluginAsyncZod<{
  topics: TopicsService;
  requireAuth: onRequestAsyncHookHandler;
}> = async (app, { topics, requireAuth }) => {
  const common = { onRequest: requireAuth };
  const tags = ['topics'];
  const security = bearerSecurity;

  app.get(
    '/api/project/:id/topics',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Topics (comment threads and issues) of a project, filtered, sorted, searched',
        params: projectIdParamsSchema,
        querystring: topicListQuerySchema,
        response: { 200: topicListSchema, ...errors },
      },
    },
    async (request) => topics.list(currentUser(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/project/:id/topic-counts',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Open issues (Open, In Progress) per model of a project, for the model cards',
        params: projectIdParamsSchema,
        response: { 200: topicCountsSchema, ...errors },
      },
    },
    async (request) => topics.counts(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/project/:id/topics',
    {
      ...common,
      bodyLimit: TOPIC_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Create a comment thread or an issue (with pin and viewpoints)',
        params: projectIdParamsSchema,
        body: createTopicBodySchema,
        response: { 201: topicSchema, ...errors },
      },
    },
    async (request, reply) => {
      const topic = await topics.create(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(topic);
    },
  );

  app.get(
    '/api/project/:id/topic-types',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "The project's topic types (built-in and added by admins)",
        params: projectIdParamsSchema,
        response: { 200: topicTypesSchema, ...errors },
      },
    },
    async (request) => ({
      types: await topics.types(currentUser(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/project/:id/topic-types',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Add a topic type (owner, admin)',
        params: projectIdParamsSchema,
        body: addTopicTypeBodySchema,
        response: { 200: topicTypesSchema, ...errors },
      },
    },
    async (request) => ({
      types: await topics.addType(
        currentUser(request).userId,
        request.params.id,
        request.body.name,
      ),
    }),
  );

  app.get(
    '/api/topics/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'A topic with its viewpoint summaries and its newest comments (comment_count in all; comments_before: the cursor of the earlier ones)',
        params: idParams,
        response: { 200: topicWithCommentsSchema, ...errors },
      },
    },
    async (request) => topics.get(currentUser(request).userId, request.params.id),
  );

  app.patch(
    '/api/topics/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Change a topic (status: own or assigned; assignee and other fields: own or admin)',
        params: idParams,
        body: updateTopicBodySchema,
        response: { 200: topicSchema, ...errors },
      },
    },
    async (request) => topics.update(currentUser(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/api/topics/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Delete a topic with its comments and viewpoints (own, or admin)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await topics.delete(currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/topics/:id/viewpoints/:viewpointId',
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          "One of a topic's viewpoints with all its components (topics carry viewpoint summaries)",
        params: idParams.extend({ viewpointId: z.uuid({ error: 'validation.invalid' }) }),
        response: { 200: viewpointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, viewpointId } = request.params;
      return sendJsonText(
        reply,
        await topics.viewpoint(currentUser(request).userId, id, viewpointId),
      );
    },
  );

  app.get(
    '/api/topics/:id/comments',
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          "A page of a topic's comments, oldest first: the newest page, or the one before/after a cursor",
        params: idParams,
        querystring: commentPageQuerySchema,
        response: { 200: commentPageSchema, ...errors },
      },
    },
    async (request) =>
      topics.comments(currentUser(request).userId, request.params.id, request.query),
  );

  app.post(
    '/api/topics/:id/comments',
    {
      ...common,
      bodyLimit: TOPIC_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Reply (plain text, @[Name](user-id) mentions), optionally with a viewpoint; 422 TOPIC_FULL past 5,000 comments (200 viewpoints) a topic',
        params: idParams,
        body: createCommentBodySchema,
        response: { 201: commentSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const comment = await topics.addComment(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(comment);
    },
  );

  app.patch(
    '/api/comments/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Edit a comment (own, or admin); it shows as edited',
        params: idParams,
        body: updateCommentBodySchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) =>
      topics.editComment(currentUser(request).userId, request.params.id, request.body.text),
  );

  app.delete(
    '/api/comments/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Delete a comment (own, or admin)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await topics.deleteComment(currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/viewpoints/:id/snapshot',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "A viewpoint's snapshot image",
        params: idParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const snapshot = await topics.snapshot(currentUser(request).userId, request.params.id);
      return reply
        .type(snapshot.type === 'png' ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(snapshot.bytes));
    },
  );
};

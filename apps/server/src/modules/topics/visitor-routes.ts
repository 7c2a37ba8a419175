import {
  commentPageQuerySchema,
  commentPageSchema,
  commentSchema,
  errorBodySchema,
  SHARE_PUBLIC_PATH,
  shareCreateCommentBodySchema,
  shareCreateTopicBodySchema,
  shareTokenParamsSchema,
  shareUpdateTopicBodySchema,
  topicListQuerySchema,
  topicListSchema,
  topicSchema,
  topicWithCommentsSchema,
  viewpointSchema,
  type ShareVisitorAction,
} from '@truss/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStreams } from '../events/index.ts';
import { sendJsonText, TOPIC_BODY_LIMIT } from './routes.ts';
import { shareStreamKey } from './service.ts';
import type { VisitorShare, VisitorTopicsService } from './visitor-service.ts';

/**
 * Checks the share for this request exactly as its file routes do (live, unlocked, private:
 * a member), then what the visitor may do; throws SHARE_NOT_FOUND & co. Given by the shares module.
 */
export type ShareVisitorGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  action: ShareVisitorAction,
) => Promise<VisitorShare>;

/** A share page's event stream ends after this long and reconnects, re-checking the share. */
const SHARE_STREAM_MAX_MS = 5 * 60 * 1000;
/** How often an open share page's stream checks its share again (disabled, deleted, expired). */
export const SHARE_STREAM_RECHECK_MS = 2000;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};
const topicParams = shareTokenParamsSchema.extend({ topicId: z.uuid() });

export const visitorTopicsRoutes: FastifyPluginAsyncZod<{
  visitors: VisitorTopicsService;
  gate: ShareVisitorGate;
  streams: EventStreams;
}> = async (app, { visitors, gate, streams }) => {
  const tags = ['shares', 'topics'];
  const base = `${SHARE_PUBLIC_PATH}/:token`;

  app.get(
    `${base}/topics`,
    {
      schema: {
        tags,
        summary: "The shared model's topics a visitor may see",
        params: shareTokenParamsSchema,
        querystring: topicListQuerySchema,
        response: { 200: topicListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      return visitors.list(share, request.params.token, request.query);
    },
  );

  app.post(
    `${base}/topics`,
    {
      bodyLimit: TOPIC_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'A visitor creates a comment thread (share allows comments) or an issue (Issue Editing)',
        params: shareTokenParamsSchema,
        body: shareCreateTopicBodySchema,
        response: { 201: topicSchema, ...errors },
      },
    },
    async (request, reply) => {
      const action = request.body.kind === 'issue' ? 'issue.edit' : 'comment.create';
      const share = await gate(request, reply, request.params.token, action);
      const topic = await visitors.create(share, request.params.token, request.ip, request.body);
      return reply.code(201).send(topic);
    },
  );

  app.get(
    `${base}/topics/:topicId`,
    {
      schema: {
        tags,
        summary:
          'A topic with the newest comments a visitor may see (comments_before: the cursor of the earlier ones)',
        params: topicParams,
        response: { 200: topicWithCommentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      return visitors.get(share, request.params.token, request.params.topicId);
    },
  );

  app.get(
    `${base}/topics/:topicId/viewpoints/:viewpointId`,
    {
      schema: {
        tags,
        summary: "One of a topic's viewpoints with all its components, for a visitor who sees it",
        params: topicParams.extend({ viewpointId: z.uuid() }),
        response: { 200: viewpointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      const { token, topicId, viewpointId } = request.params;
      return sendJsonText(reply, await visitors.viewpoint(share, token, topicId, viewpointId));
    },
  );

  app.get(
    `${base}/topics/:topicId/comments`,
    {
      schema: {
        tags,
        summary: "A page of a topic's comments (none when the share hides comments), by cursor",
        params: topicParams,
        querystring: commentPageQuerySchema,
        response: { 200: commentPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      return visitors.comments(share, request.params.topicId, request.query);
    },
  );

  app.patch(
    `${base}/topics/:topicId`,
    {
      schema: {
        tags,
        summary: 'An "Issue Editing" visitor changes an issue (not its assignee)',
        params: topicParams,
        body: shareUpdateTopicBodySchema,
        response: { 200: topicSchema, ...errors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.edit');
      return visitors.update(share, request.params.token, request.params.topicId, request.body);
    },
  );

  app.post(
    `${base}/topics/:topicId/comments`,
    {
      bodyLimit: TOPIC_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'A visitor replies (the share allows comments); 422 TOPIC_FULL past what a topic may hold',
        params: topicParams,
        body: shareCreateCommentBodySchema,
        response: { 201: commentSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'comment.create');
      const comment = await visitors.comment(
        share,
        request.ip,
        request.params.topicId,
        request.body,
      );
      return reply.code(201).send(comment);
    },
  );

  app.get(
    `${base}/viewpoints/:viewpointId/snapshot`,
    {
      schema: {
        tags,
        summary: "A viewpoint's snapshot, for a visitor who may see its topic",
        params: shareTokenParamsSchema.extend({ viewpointId: z.uuid() }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      const snapshot = await visitors.snapshot(share, request.params.viewpointId);
      return reply
        .type(snapshot.type === 'png' ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'private, no-cache')
        .send(Buffer.from(snapshot.bytes));
    },
  );

  app.get(
    `${base}/events`,
    {
      schema: {
        tags,
        summary:
          'Server-sent topic events of the shared model (as /api/events); ends after 5 minutes, reconnect to go on (the share is checked again)',
        params: shareTokenParamsSchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const share = await gate(request, reply, request.params.token, 'issue.view');
      reply.hijack();
      streams.open({
        response: reply.raw,
        userId: shareStreamKey(share.id),
        headers: reply.getHeaders(),
        closeAfterMs: SHARE_STREAM_MAX_MS,
        // The same check as the request's (the visitor's cookie and bearer as they came); a share
        // that is no longer live refuses, and the stream ends within SHARE_STREAM_RECHECK_MS.
        recheck: {
          everyMs: SHARE_STREAM_RECHECK_MS,
          allowed: () =>
            gate(request, reply, request.params.token, 'issue.view').then(
              (again) => again.id === share.id,
            ),
        },
      });
    },
  );
};

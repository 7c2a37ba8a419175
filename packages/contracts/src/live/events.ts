import { z } from 'zod';

/** Server-sent events on GET /api/events (one stream per signed-in tab). */
export const EVENT_HEARTBEAT_INTERVAL_MS = 15_000;
/** The client treats the stream as dead after this long without any byte (spec §9). */
export const EVENT_HEARTBEAT_TIMEOUT_MS = 45_000;
/** Reconnect back-off bounds (spec §9). */
export const EVENT_RECONNECT_MIN_MS = 1_000;
export const EVENT_RECONNECT_MAX_MS = 18_000_000;

const eventTypeSchema = z.enum([
  'project.created',
  'project.updated',
  'project.deleted',
  'member.changed',
  'member.removed',
  'invitation.changed',
  'model.status',
  'model.progress',
  'topic.created',
  'topic.updated',
  'topic.deleted',
  'topics.imported',
  'comment.created',
  'comment.updated',
  'comment.deleted',
]);
export type EventType = z.infer<typeof eventTypeSchema>;

/**
 * The `data:` of one SSE message. `projectId` says which project changed; `data` carries the
 * changed entity where useful (clients mostly refetch the affected queries).
 * For `member.removed`, `data.userId` is the removed user: that user's tabs leave the project.
 * Topic and comment events carry `topicId` (and `commentId`, `modelId`); share pages receive them
 * on `/api/share/{token}/events` for the shared model's topics.
 */
export const serverEventSchema = z.object({
  id: z.string(),
  type: eventTypeSchema,
  projectId: z.uuid().nullable(),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type ServerEvent = z.infer<typeof serverEventSchema>;

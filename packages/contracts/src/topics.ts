import { z } from 'zod';
import {
  componentSchema,
  vector3Schema,
  viewpointInputSchema,
  viewpointSummarySchema,
} from './viewpoints.ts';
import { markupSchema, sheetIdSchema, sheetPinSchema, topicMarkupSchema } from './markup.ts';
import {
  COMMENT_TEXT_MAX,
  TOPIC_DESCRIPTION_MAX,
  TOPIC_PRIORITIES,
  TOPIC_STATUSES,
  TOPIC_TITLE_MAX,
} from './topic-rules.ts';

/**
 * Topics (BCF's word for both): comment threads pinned in a model and tracked issues, with
 * comments and viewpoints. Response objects use snake_case like the other API objects; request
 * bodies and the viewpoint's inner objects (camera, components: BCF's own structure) use
 * camelCase. The viewpoints themselves are in viewpoints.ts, BCF files in and out in
 * topics-bcf.ts, mentions in mentions.ts.
 */

const TOPIC_LABELS_MAX = 20;
const TOPIC_LABEL_MAX = 64;
const TOPIC_VIEWPOINTS_MAX = 10;
/** Topics and comments one share visitor (one address) may post per minute on one share. */
export const SHARE_VISITOR_POSTS_PER_MINUTE = 10;
const VISITOR_NAME_MAX = 64;
/** Comments a topic's detail carries (its newest); the rest come page by page. */
export const TOPIC_DETAIL_COMMENTS = 50;
/** Largest page of `GET /api/topics/{id}/comments`. */
const COMMENT_PAGE_MAX = 200;

const TOPIC_KINDS = ['comment', 'issue'] as const;
const topicKindSchema = z.enum(TOPIC_KINDS, { error: 'validation.invalid' });
export type TopicKind = z.infer<typeof topicKindSchema>;

/** Text with no NUL byte (PostgreSQL refuses them; we refuse them first, cleanly). */
const plainText = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .max(max, { error: 'validation.textTooLong' })
    .refine((value) => !value.includes('\u0000'), { error: 'validation.invalid' });
const name = (max: number) =>
  plainText(max)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { error: 'validation.invalid' });

/** Components of `Topic.focus` at most (a pin's place for a topic without one). */
export const TOPIC_FOCUS_MAX = 100;

const pinSchema = z.object({
  position: vector3Schema,
  /** The picked element's index in the model's element table. */
  elementId: z.number().int().nonnegative().nullable(),
  globalId: z.string().max(64).nullable(),
});
/** A pin on a 3D element (or point) of the model. */
export type Pin = z.infer<typeof pinSchema>;
/**
 * Where a topic is pinned: a point in the 3D model (`position`, element) or a point on one of
 * the model's sheets (`sheetId`, `x`, `y` in the sheet's units). 3D pins come first so every
 * body valid before sheet pins stays valid.
 */
export const topicPinSchema = z.union([pinSchema, sheetPinSchema], { error: 'validation.invalid' });
export type TopicPin = z.infer<typeof topicPinSchema>;

const topicAuthorSchema = z.object({ user_id: z.uuid().nullable(), name: z.string() });

export const topicSchema = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  model_id: z.uuid().nullable(),
  /** The model version the topic was made on (null: unknown, or that version was deleted). */
  model_version_id: z.uuid().nullable(),
  guid: z.string(),
  number: z.number().int(),
  kind: topicKindSchema,
  title: z.string(),
  description: z.string(),
  type: z.string(),
  status: z.string(),
  priority: z.string().nullable(),
  labels: z.array(z.string()),
  assignee_id: z.uuid().nullable(),
  /** BCF AssignedTo when it names no project member (kept from an import). */
  assigned_to: z.string().nullable(),
  due_date: z.string().nullable(),
  stage: z.string().nullable(),
  related_topics: z.array(z.string()),
  pin: topicPinSchema.nullable(),
  /** The sheet the topic is on (its sheet pin's, else its markup's); null: the 3D model. */
  sheet_id: z.string().nullable(),
  /** Red-lines drawn with the topic's view (markup.ts), null: none. */
  markup: topicMarkupSchema.nullable(),
  author: topicAuthorSchema,
  mentions: z.array(z.uuid()),
  comment_count: z.number().int(),
  /** Summaries, in order; a viewpoint's components come from its own route. */
  viewpoints: z.array(viewpointSummarySchema),
  /**
   * The elements the first viewpoint is about (its selection, else the components a view that
   * hides everything else shows), at most TOPIC_FOCUS_MAX: where a topic without a pin is shown.
   */
  focus: z.array(componentSchema),
  created_at: z.string(),
  modified_at: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;

export const commentSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  guid: z.string(),
  author: topicAuthorSchema,
  text: z.string(),
  mentions: z.array(z.uuid()),
  viewpoint_id: z.uuid().nullable(),
  edited: z.boolean(),
  created_at: z.string(),
  modified_at: z.string().nullable(),
});
export type TopicComment = z.infer<typeof commentSchema>;

const labelsSchema = z.array(name(TOPIC_LABEL_MAX)).max(TOPIC_LABELS_MAX);
const dueDateSchema = z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable();

export const createTopicBodySchema = z.object({
  kind: topicKindSchema,
  modelId: z.uuid().nullable().optional(),
  /** The version of the model the author is looking at; default: the model's current one. */
  modelVersionId: z.uuid().nullable().optional(),
  title: name(TOPIC_TITLE_MAX),
  description: plainText(TOPIC_DESCRIPTION_MAX).optional(),
  type: name(64).optional(),
  status: z.enum(TOPIC_STATUSES).optional(),
  priority: z.enum(TOPIC_PRIORITIES).nullable().optional(),
  labels: labelsSchema.optional(),
  assigneeId: z.uuid().nullable().optional(),
  dueDate: dueDateSchema.optional(),
  stage: name(128).nullable().optional(),
  relatedTopics: z.array(z.string().max(64)).max(100).optional(),
  pin: topicPinSchema.nullable().optional(),
  /** Editable until the topic's status is Closed (then 409 TOPIC_CLOSED). */
  markup: markupSchema.nullable().optional(),
  viewpoints: z.array(viewpointInputSchema).max(TOPIC_VIEWPOINTS_MAX).optional(),
});
export type CreateTopicBody = z.infer<typeof createTopicBodySchema>;

const updateTopicFieldsSchema = z.object({
  title: name(TOPIC_TITLE_MAX),
  description: plainText(TOPIC_DESCRIPTION_MAX),
  type: name(64),
  status: z.enum(TOPIC_STATUSES),
  priority: z.enum(TOPIC_PRIORITIES).nullable(),
  labels: labelsSchema,
  assigneeId: z.uuid().nullable(),
  dueDate: dueDateSchema,
  stage: name(128).nullable(),
  relatedTopics: z.array(z.string().max(64)).max(100),
  pin: topicPinSchema.nullable(),
  markup: markupSchema.nullable(),
});
export const updateTopicBodySchema = updateTopicFieldsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'validation.nothingToUpdate' });
export type UpdateTopicBody = z.infer<typeof updateTopicBodySchema>;

export const createCommentBodySchema = z.object({
  text: name(COMMENT_TEXT_MAX),
  viewpoint: viewpointInputSchema.optional(),
  /** The version the viewpoint is taken on; default: the model's current one. */
  modelVersionId: z.uuid().nullable().optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

export const updateCommentBodySchema = z.object({ text: name(COMMENT_TEXT_MAX) });

/** Share visitors name themselves on every post (no account). */
export const visitorNameSchema = name(VISITOR_NAME_MAX);
export const shareCreateTopicBodySchema = createTopicBodySchema
  .omit({ modelId: true, assigneeId: true })
  .extend({ authorName: visitorNameSchema });
export const shareCreateCommentBodySchema = createCommentBodySchema.extend({
  authorName: visitorNameSchema,
});
/** "Issue Editing" visitors change every field but the assignee. */
export const shareUpdateTopicBodySchema = updateTopicFieldsSchema
  .omit({ assigneeId: true })
  .partial()
  .extend({ authorName: visitorNameSchema })
  .refine((body) => Object.keys(body).length > 1, { error: 'validation.nothingToUpdate' });

export const topicListQuerySchema = z.object({
  kind: topicKindSchema.optional(),
  status: z.string().max(200).optional().describe('comma-separated statuses'),
  type: z.string().max(200).optional().describe('comma-separated types'),
  assignee: z.string().max(64).optional().describe("a user id, or 'none'"),
  label: z.string().max(TOPIC_LABEL_MAX).optional(),
  modelId: z.uuid().optional(),
  sheetId: sheetIdSchema
    .optional()
    .describe('the topics on one sheet (pinned on it, or marked up on it)'),
  models: z
    .string()
    .max(1900)
    .regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i)
    .optional()
    .describe('comma-separated model ids: the topics of any of them (the federated view)'),
  dueBefore: z.iso.datetime({ offset: true }).optional(),
  dueAfter: z.iso.datetime({ offset: true }).optional(),
  due: z.enum(['none']).optional().describe("'none': only topics without a due date"),
  q: z.string().max(200).optional(),
  sort: z
    .enum(['number', 'created', 'modified', 'due', 'priority', 'title'])
    .optional()
    .default('modified'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
  offset: z.coerce.number().int().min(0).optional().default(0),
});
export type TopicListQuery = z.infer<typeof topicListQuerySchema>;

/** Topics one report (PDF or XLSX) holds at most: a bigger filter answers 422 TOPIC_REPORT_TOO_LARGE. */
export const TOPIC_REPORT_MAX = 500;

/**
 * `GET /api/project/{id}/topics/report`: the list's filters and sort (no paging: the report holds
 * every match, up to TOPIC_REPORT_MAX) and the file's format.
 */
export const topicReportQuerySchema = topicListQuerySchema
  .omit({ limit: true, offset: true })
  .extend({ format: z.enum(['pdf', 'xlsx']) });
export type TopicReportQuery = z.infer<typeof topicReportQuerySchema>;

export const topicListSchema = z.object({ total: z.number().int(), topics: z.array(topicSchema) });
export type TopicList = z.infer<typeof topicListSchema>;

/**
 * A topic with its newest TOPIC_DETAIL_COMMENTS comments (oldest first); `comment_count` is the
 * thread's total and `comments_before` the cursor of the earlier ones (null: none).
 */
export const topicWithCommentsSchema = topicSchema.extend({
  comments: z.array(commentSchema),
  comments_before: z.string().nullable(),
});
export type TopicWithComments = z.infer<typeof topicWithCommentsSchema>;

/**
 * `GET /api/topics/{id}/comments` (and the share page's): one page of a thread, by cursor.
 * No cursor: the newest page; `before`: the page just older than that cursor; `after`: the page
 * just newer. Cursors are opaque strings taken from an answer.
 */
const commentCursorSchema = z
  .string()
  .regex(/^-?\d{1,19}_[0-9a-fA-F-]{36}$/, { error: 'validation.invalid' });
export const commentPageQuerySchema = z.object({
  before: commentCursorSchema.optional(),
  after: commentCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(COMMENT_PAGE_MAX).optional().default(100),
});
export type CommentPageQuery = z.infer<typeof commentPageQuerySchema>;

/** A page of comments, oldest first, with the cursors of the pages around it (null: none). */
export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  total: z.number().int(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;

/**
 * `GET /api/project/{id}/topic-counts`: open issues (status Open or In Progress) per model of the
 * project, for the model cards; models without any are left out.
 */
export const topicCountsSchema = z
  .object({ counts: z.record(z.string(), z.number().int().nonnegative()) })
  .meta({ id: 'TopicCounts' });
export type TopicCounts = z.infer<typeof topicCountsSchema>;

export const topicTypesSchema = z.object({ types: z.array(z.string()) });
export const addTopicTypeBodySchema = z.object({ name: name(64) });

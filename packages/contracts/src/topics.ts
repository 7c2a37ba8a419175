import { z } from 'zod';

/**
 * Topics (BCF's word for both): comment threads pinned in a model and tracked issues, with
 * comments and viewpoints. Response objects use snake_case like the other API objects; request
 * bodies and the viewpoint's inner objects (camera, components: BCF's own structure) use
 * camelCase.
 */

export const TOPIC_TITLE_MAX = 255;
export const TOPIC_DESCRIPTION_MAX = 10_000;
export const COMMENT_TEXT_MAX = 5_000;
export const TOPIC_LABELS_MAX = 20;
export const TOPIC_LABEL_MAX = 64;
export const TOPIC_VIEWPOINTS_MAX = 10;
/** Components listed in one viewpoint (selection + exceptions + coloured). */
export const VIEWPOINT_COMPONENTS_MAX = 100_000;
/** A snapshot PNG/JPEG, base64 in the create body, bytes in the database. */
export const SNAPSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** Topics and comments one share visitor (one address) may post per minute on one share. */
export const SHARE_VISITOR_POSTS_PER_MINUTE = 10;
export const VISITOR_NAME_MAX = 64;
/** A BCF file the import reads at most (compressed body and total uncompressed content). */
export const BCF_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const BCF_MAX_UNCOMPRESSED_BYTES = 500 * 1024 * 1024;
export const BCF_MAX_TOPICS = 20_000;
/**
 * What one topic may hold after a BCF import (its own plus the file's): comments, viewpoints,
 * the bytes of their visinfo XML and of their snapshots. Past them the import answers 413 (the
 * file alone) or 422 BCF_TOPIC_FULL (with what the topic already has). Comments and their
 * viewpoints posted through the API stop at the same counts: 422 TOPIC_FULL.
 */
export const BCF_TOPIC_MAX_COMMENTS = 5_000;
export const BCF_TOPIC_MAX_VIEWPOINTS = 200;
export const BCF_TOPIC_MAX_VIEWPOINT_BYTES = 2 * 1024 * 1024;
export const BCF_TOPIC_MAX_SNAPSHOT_BYTES = 32 * 1024 * 1024;
/** What one import may carry in all: comments, viewpoints, snapshot bytes. */
export const BCF_MAX_COMMENTS = 100_000;
export const BCF_MAX_VIEWPOINTS = 20_000;
export const BCF_MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;
/** One XML file of an archive (a markup.bcf or a viewpoint) at most, inflated. */
export const BCF_MAX_XML_BYTES = 32 * 1024 * 1024;
/** Comments a topic's detail carries (its newest); the rest come page by page. */
export const TOPIC_DETAIL_COMMENTS = 50;
/** Largest page of `GET /api/topics/{id}/comments`. */
export const COMMENT_PAGE_MAX = 200;

export const TOPIC_KINDS = ['comment', 'issue'] as const;
export const topicKindSchema = z.enum(TOPIC_KINDS, { error: 'validation.invalid' });
export type TopicKind = z.infer<typeof topicKindSchema>;

/** Built-in lists; a project's admins add types (`topic_types`), BCF imports bring their own. */
export const DEFAULT_TOPIC_TYPES = ['Issue', 'Request', 'Clash', 'Remark'] as const;
export const TOPIC_STATUSES = ['Open', 'In Progress', 'Resolved', 'Closed'] as const;
export const TOPIC_PRIORITIES = ['Low', 'Normal', 'High', 'Critical'] as const;

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

export const vector3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() });
export type Vector3 = z.infer<typeof vector3Schema>;

export const cameraSchema = z.object({
  type: z.enum(['perspective', 'orthographic']),
  position: vector3Schema,
  direction: vector3Schema,
  up: vector3Schema,
  /** Perspective: vertical field of view in degrees. */
  fieldOfView: z.number().optional(),
  /** Orthographic: view-to-world scale (BCF: the visible height in metres). */
  viewToWorldScale: z.number().optional(),
  aspectRatio: z.number().positive().optional(),
});
export type Camera = z.infer<typeof cameraSchema>;

/** An element referenced by IFC GlobalId (and/or the authoring tool's own id). */
export const componentSchema = z.object({
  ifcGuid: z.string().max(64).optional(),
  originatingSystem: z.string().max(255).optional(),
  authoringToolId: z.string().max(255).optional(),
});
export type Component = z.infer<typeof componentSchema>;

export const visibilitySchema = z.object({
  defaultVisibility: z.boolean(),
  exceptions: z.array(componentSchema),
  spacesVisible: z.boolean().optional(),
  spaceBoundariesVisible: z.boolean().optional(),
  openingsVisible: z.boolean().optional(),
});
export type Visibility = z.infer<typeof visibilitySchema>;

export const coloringSchema = z.object({
  /** ARGB or RGB hex as BCF writes it (`FF00FF00`, `00FF00`). */
  color: z.string().regex(/^([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/),
  components: z.array(componentSchema),
});
export const clippingPlaneSchema = z.object({ location: vector3Schema, direction: vector3Schema });
export type ClippingPlane = z.infer<typeof clippingPlaneSchema>;
export const lineSchema = z.object({ start: vector3Schema, end: vector3Schema });
export const bitmapSchema = z.object({
  format: z.enum(['png', 'jpg']),
  reference: z.string(),
  location: vector3Schema,
  normal: vector3Schema,
  up: vector3Schema,
  height: z.number(),
});

/** What a viewpoint holds (BCF visinfo), as stored and as sent. */
export const viewStateSchema = z.object({
  camera: cameraSchema.nullable(),
  clippingPlanes: z.array(clippingPlaneSchema).max(64),
  lines: z.array(lineSchema).max(1000),
  bitmaps: z.array(bitmapSchema).max(16),
  selection: z.array(componentSchema),
  visibility: visibilitySchema,
  coloring: z.array(coloringSchema).max(256),
});
export type ViewState = z.infer<typeof viewStateSchema>;

export const viewpointSchema = viewStateSchema.extend({
  id: z.uuid(),
  guid: z.string(),
  index: z.number().int(),
  snapshot_type: z.enum(['png', 'jpg']).nullable(),
  /** API path of the snapshot image, or null when the viewpoint has none. */
  snapshot_url: z.string().nullable(),
  /**
   * The model version it was taken on (null: unknown, or the version was deleted). Elements are
   * referenced by IFC GlobalId, so it opens on later versions too.
   */
  model_version_id: z.uuid().nullable(),
});
export type Viewpoint = z.infer<typeof viewpointSchema>;

/**
 * A viewpoint as topics (list, detail) carry it: what lists it and shows its thumbnail, camera
 * and section planes, and how many components it names. Its components (up to 100,000) come
 * from `GET /api/topics/{id}/viewpoints/{viewpointId}` when it is opened.
 */
export const viewpointSummarySchema = z.object({
  id: z.uuid(),
  guid: z.string(),
  index: z.number().int(),
  camera: cameraSchema.nullable(),
  clippingPlanes: z.array(clippingPlaneSchema),
  /** Components selected, listed as exceptions to the default visibility, coloured. */
  counts: z.object({
    selection: z.number().int(),
    exceptions: z.number().int(),
    colored: z.number().int(),
    lines: z.number().int(),
    bitmaps: z.number().int(),
  }),
  defaultVisibility: z.boolean(),
  snapshot_type: z.enum(['png', 'jpg']).nullable(),
  snapshot_url: z.string().nullable(),
  model_version_id: z.uuid().nullable(),
});
export type ViewpointSummary = z.infer<typeof viewpointSummarySchema>;

/** Components of `Topic.focus` at most (a pin's place for a topic without one). */
export const TOPIC_FOCUS_MAX = 100;

export const viewpointInputSchema = viewStateSchema
  .extend({
    /** PNG (or JPEG) of the view, base64; at most SNAPSHOT_MAX_BYTES once decoded. */
    snapshotBase64: z
      .string()
      .max(Math.ceil((SNAPSHOT_MAX_BYTES * 4) / 3) + 4)
      .optional(),
  })
  .refine(
    (vp) =>
      vp.selection.length +
        vp.visibility.exceptions.length +
        vp.coloring.reduce((n, c) => n + c.components.length, 0) <=
      VIEWPOINT_COMPONENTS_MAX,
    { error: 'validation.invalid' },
  );
export type ViewpointInput = z.infer<typeof viewpointInputSchema>;

export const pinSchema = z.object({
  position: vector3Schema,
  /** The picked element's index in the model's element table. */
  elementId: z.number().int().nonnegative().nullable(),
  globalId: z.string().max(64).nullable(),
});
export type Pin = z.infer<typeof pinSchema>;

export const topicAuthorSchema = z.object({ user_id: z.uuid().nullable(), name: z.string() });

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
  pin: pinSchema.nullable(),
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
  pin: pinSchema.nullable().optional(),
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
  pin: pinSchema.nullable(),
});
export const updateTopicBodySchema = updateTopicFieldsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'validation.nothingToUpdate' });
export type UpdateTopicBody = z.infer<typeof updateTopicBodySchema>;

/** Fields of `UpdateTopicBody` grouped by the permission each needs (see permissions.ts). */
export const TOPIC_STATUS_FIELDS = ['status'] as const;
export const TOPIC_ASSIGN_FIELDS = ['assigneeId'] as const;

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

export const bcfImportReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  topics: z.array(z.object({ guid: z.string(), title: z.string() })),
  /** IFC GlobalIds the file references that no model of the project holds (kept, listed). */
  unmatchedComponents: z.array(z.string()),
  /** Topics skipped with a reason (a partial import). */
  skipped: z.array(z.object({ guid: z.string().nullable(), reason: z.string() })),
});
export type BcfImportReport = z.infer<typeof bcfImportReportSchema>;

export const bcfExportQuerySchema = z.object({
  version: z.enum(['3.0', '2.1']).optional().default('3.0'),
  topics: z.string().max(100_000).optional().describe('comma-separated topic GUIDs'),
});

/** Mentions: `@[Name](user-id)` tokens in plain text; the server stores the ids it finds. */
export const MENTION_PATTERN = /@\[[^\]\n]{1,100}\]\(([0-9a-f-]{36})\)/gi;
export function mentionIds(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) ids.add(match[1]!.toLowerCase());
  return [...ids];
}

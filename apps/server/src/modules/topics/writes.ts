import { randomUUID } from 'node:crypto';
import {
  BCF_TOPIC_MAX_COMMENTS,
  BCF_TOPIC_MAX_VIEWPOINTS,
  DEFAULT_TOPIC_TYPES,
  isSheetPin,
  mentionIds,
  SNAPSHOT_MAX_BYTES,
  type CreateCommentBody,
  type CreateTopicBody,
  type MarkupInput,
  type TopicPin,
  type UpdateTopicBody,
  type ViewpointInput,
} from '@truss/contracts';
import type { Updateable } from 'kysely';
import type { TopicCommentRow, TopicRow, TopicsTable } from '../../db/schema.ts';
import type { TopicsRepositories } from './repositories.ts';
import { findModel, findModelVersion, VersionNotFoundError } from '../models/index.ts';
import {
  AssigneeNotMemberError,
  SnapshotInvalidError,
  TopicClosedError,
  TopicFullError,
  TopicSheetUnknownError,
  TopicTypeUnknownError,
} from './errors.ts';
import type { SheetCatalog } from './sheet-catalog.ts';
import type { ViewpointMetaRow } from './repository.ts';

/** Who writes: a member (userId) or a share visitor (name, share, hashed address). */
export interface TopicAuthor {
  userId: string | null;
  name: string;
  shareId?: string;
  visitorKey?: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** Base64 PNG/JPEG -> bytes and type, or 400 (wrong magic, too large). */
function decodeSnapshot(base64: string): { bytes: Buffer; type: 'png' | 'jpg' } {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > SNAPSHOT_MAX_BYTES) {
    throw new SnapshotInvalidError(`snapshot of ${bytes.length} bytes`);
  }
  if (PNG.every((b, i) => bytes[i] === b)) return { bytes, type: 'png' };
  if (JPEG.every((b, i) => bytes[i] === b)) return { bytes, type: 'jpg' };
  throw new SnapshotInvalidError('snapshot is neither PNG nor JPEG');
}

export async function topicTypes(repos: TopicsRepositories, projectId: string): Promise<string[]> {
  const extra = await repos.topics.extraTypes(projectId);
  return [...new Set([...DEFAULT_TOPIC_TYPES, ...extra])];
}

async function assertType(
  repos: TopicsRepositories,
  projectId: string,
  type: string,
): Promise<void> {
  if (!(await topicTypes(repos, projectId)).includes(type)) throw new TopicTypeUnknownError();
}

async function assertAssignee(
  repos: TopicsRepositories,
  projectId: string,
  assigneeId: string | null | undefined,
): Promise<void> {
  if (!assigneeId) return;
  const members = await repos.topics.memberIds(projectId, [assigneeId]);
  if (!members.has(assigneeId)) throw new AssigneeNotMemberError();
}

/** Mentioned user ids that are members of the project (others are plain text). */
export async function memberMentions(
  repos: TopicsRepositories,
  projectId: string,
  text: string,
): Promise<string[]> {
  const ids = mentionIds(text);
  const members = await repos.topics.memberIds(projectId, ids);
  return ids.filter((id) => members.has(id));
}

/**
 * The version of the model a topic or viewpoint is made on: the one named (a version of that
 * model, else 404), or the model's current one.
 */
async function modelVersionFor(
  repos: TopicsRepositories,
  modelId: string | null,
  requested?: string | null,
): Promise<string | null> {
  if (!modelId) return null;
  if (requested) {
    const version = await findModelVersion(repos, requested);
    if (!version || version.model_id !== modelId) throw new VersionNotFoundError();
    return version.id;
  }
  return (await findModel(repos, modelId))?.current_version_id ?? null;
}

export async function insertViewpoints(
  repos: TopicsRepositories,
  topicId: string,
  inputs: readonly ViewpointInput[],
  now: Date,
  firstPosition = 0,
  modelVersionId: string | null = null,
): Promise<ViewpointMetaRow[]> {
  const rows: ViewpointMetaRow[] = [];
  for (const [i, input] of inputs.entries()) {
    const snapshot = input.snapshotBase64 ? decodeSnapshot(input.snapshotBase64) : null;
    rows.push(
      await repos.topics.viewpoints.insertViewpoint({
        topic_id: topicId,
        model_version_id: modelVersionId,
        guid: randomUUID(),
        position: firstPosition + i,
        camera: JSON.stringify(input.camera),
        clipping_planes: JSON.stringify(input.clippingPlanes),
        lines: JSON.stringify(input.lines),
        bitmaps: JSON.stringify(input.bitmaps),
        selection: JSON.stringify(input.selection),
        visibility: JSON.stringify(input.visibility),
        coloring: JSON.stringify(input.coloring),
        snapshot: snapshot?.bytes ?? null,
        snapshot_type: snapshot?.type ?? null,
        created_at: now,
      }),
    );
  }
  return rows;
}

type StoredMarkup = NonNullable<TopicRow['markup']>;

/**
 * A markup as stored: its space resolved (the sheet named, else the sheet the pin is on, else the
 * 3D view); no shapes is no markup.
 */
function storedMarkup(markup: MarkupInput | null, pin: TopicPin | null): StoredMarkup | null {
  if (!markup || markup.shapes.length === 0) return null;
  const sheetId =
    markup.sheetId !== undefined ? markup.sheetId : isSheetPin(pin) ? pin.sheetId : null;
  return sheetId === null && markup.aspect !== undefined
    ? { sheetId, shapes: markup.shapes, aspect: markup.aspect }
    : { sheetId, shapes: markup.shapes };
}

/** The sheet a topic is on: its pin's, else its markup's. */
function topicSheet(pin: TopicPin | null, markup: StoredMarkup | null): string | null {
  return isSheetPin(pin) ? pin.sheetId : (markup?.sheetId ?? null);
}

/** 422 TOPIC_SHEET_UNKNOWN unless every sheet named is one of the model's. */
async function assertSheets(
  repos: TopicsRepositories,
  sheets: SheetCatalog,
  modelId: string | null,
  named: readonly (string | null | undefined)[],
): Promise<void> {
  const wanted = named.filter((id): id is string => !!id);
  if (wanted.length === 0) return;
  if (!modelId) throw new TopicSheetUnknownError('topic has no model');
  const known = await sheets.sheetIds(repos, modelId);
  const unknown = wanted.find((id) => !known.has(id));
  if (unknown) throw new TopicSheetUnknownError(`no sheet ${unknown}`);
}

/** Inserts a topic with its viewpoints; the caller checked the permission. */
export async function createTopic(
  repos: TopicsRepositories,
  projectId: string,
  modelId: string | null,
  author: TopicAuthor,
  body: Omit<CreateTopicBody, 'modelId'>,
  now: Date,
  sheets: SheetCatalog,
): Promise<{ topic: TopicRow; viewpoints: ViewpointMetaRow[] }> {
  const pin = body.pin ?? null;
  const markup = storedMarkup(body.markup ?? null, pin);
  await assertSheets(repos, sheets, modelId, [
    isSheetPin(pin) ? pin.sheetId : null,
    markup?.sheetId,
  ]);
  const type = body.type ?? (body.kind === 'issue' ? 'Issue' : 'Remark');
  await assertType(repos, projectId, type);
  await assertAssignee(repos, projectId, body.assigneeId);
  const description = body.description ?? '';
  const versionId = await modelVersionFor(repos, modelId, body.modelVersionId);
  const number = await repos.topics.reserveNumbers(projectId, 1);
  const topic = await repos.topics.insertTopic({
    project_id: projectId,
    model_id: modelId,
    model_version_id: versionId,
    guid: randomUUID(),
    number,
    kind: body.kind,
    title: body.title,
    description,
    type,
    status: body.status ?? 'Open',
    priority: body.priority ?? (body.kind === 'issue' ? 'Normal' : null),
    labels: JSON.stringify(body.labels ?? []),
    assignee_id: body.assigneeId ?? null,
    assigned_to: null,
    due_date: body.dueDate ? new Date(body.dueDate) : null,
    stage: body.stage ?? null,
    related_guids: JSON.stringify(body.relatedTopics ?? []),
    pin: JSON.stringify(pin),
    markup: JSON.stringify(markup),
    sheet_id: topicSheet(pin, markup),
    author_id: author.userId,
    author_name: author.name,
    mention_ids: JSON.stringify(
      await memberMentions(repos, projectId, `${body.title}\n${description}`),
    ),
    share_id: author.shareId ?? null,
    visitor_key: author.visitorKey ?? null,
    bcf: JSON.stringify({ creationAuthor: author.name }),
    created_at: now,
    modified_at: now,
  });
  const viewpoints = await insertViewpoints(
    repos,
    topic.id,
    body.viewpoints ?? [],
    now,
    0,
    versionId,
  );
  return { topic, viewpoints };
}

/** Applies a checked patch; returns the new row. */
export async function patchTopic(
  repos: TopicsRepositories,
  topic: TopicRow,
  body: UpdateTopicBody,
  byName: string,
  now: Date,
  sheets: SheetCatalog,
): Promise<TopicRow> {
  const placing = body.pin !== undefined || body.markup !== undefined;
  // Closed is final for the drawing: a patch that reopens the topic may change it too.
  if (placing && topic.status === 'Closed' && (body.status ?? topic.status) === 'Closed') {
    throw new TopicClosedError();
  }
  if (body.type !== undefined && body.type !== topic.type) {
    await assertType(repos, topic.project_id, body.type);
  }
  if (body.assigneeId !== undefined) await assertAssignee(repos, topic.project_id, body.assigneeId);
  const patch: Updateable<TopicsTable> = { modified_at: now, modified_by_name: byName };
  if (body.title !== undefined) patch.title = body.title;
  if (body.description !== undefined) patch.description = body.description;
  if (body.type !== undefined) patch.type = body.type;
  if (body.status !== undefined) patch.status = body.status;
  if (body.priority !== undefined) patch.priority = body.priority;
  if (body.labels !== undefined) patch.labels = JSON.stringify(body.labels);
  if (body.assigneeId !== undefined) {
    patch.assignee_id = body.assigneeId;
    patch.assigned_to = null;
  }
  if (body.dueDate !== undefined) patch.due_date = body.dueDate ? new Date(body.dueDate) : null;
  if (body.stage !== undefined) patch.stage = body.stage;
  if (body.relatedTopics !== undefined) patch.related_guids = JSON.stringify(body.relatedTopics);
  if (placing) {
    const pin = body.pin !== undefined ? body.pin : topic.pin;
    const markup =
      body.markup !== undefined ? storedMarkup(body.markup, pin) : (topic.markup ?? null);
    await assertSheets(repos, sheets, topic.model_id, [
      body.pin !== undefined && isSheetPin(pin) ? pin.sheetId : null,
      body.markup !== undefined ? markup?.sheetId : null,
    ]);
    patch.pin = JSON.stringify(pin);
    patch.markup = JSON.stringify(markup);
    patch.sheet_id = topicSheet(pin, markup);
  }
  if (body.title !== undefined || body.description !== undefined) {
    const text = `${body.title ?? topic.title}\n${body.description ?? topic.description}`;
    patch.mention_ids = JSON.stringify(await memberMentions(repos, topic.project_id, text));
  }
  return repos.topics.updateTopic(topic.id, patch);
}

export async function addComment(
  repos: TopicsRepositories,
  topic: TopicRow,
  author: TopicAuthor,
  body: CreateCommentBody,
  now: Date,
): Promise<{ comment: TopicCommentRow; viewpoint: ViewpointMetaRow | null }> {
  let viewpoint: ViewpointMetaRow | null = null;
  // The topic's row is locked to the end of the transaction, so two replies at the cap never
  // both pass it.
  await repos.topics.lockTopic(topic.id);
  if ((await repos.topics.commentCount(topic.id)) >= BCF_TOPIC_MAX_COMMENTS) {
    throw new TopicFullError('comments');
  }
  if (body.viewpoint) {
    const { count, next: position } = await repos.topics.viewpoints.viewpointTally(topic.id);
    if (count >= BCF_TOPIC_MAX_VIEWPOINTS) throw new TopicFullError('viewpoints');
    // Taken on the version the author looks at (by default the current one, which may be later
    // than the topic's).
    const version = await modelVersionFor(repos, topic.model_id, body.modelVersionId);
    const [inserted] = await insertViewpoints(
      repos,
      topic.id,
      [body.viewpoint],
      now,
      position,
      version,
    );
    viewpoint = inserted ?? null;
  }
  const comment = await repos.topics.insertComment({
    topic_id: topic.id,
    guid: randomUUID(),
    author_id: author.userId,
    author_name: author.name,
    text: body.text,
    mention_ids: JSON.stringify(await memberMentions(repos, topic.project_id, body.text)),
    viewpoint_id: viewpoint?.id ?? null,
    share_id: author.shareId ?? null,
    visitor_key: author.visitorKey ?? null,
    created_at: now,
  });
  await repos.topics.touchTopic(topic.id, now, author.name);
  return { comment, viewpoint };
}

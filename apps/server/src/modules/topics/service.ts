import {
  TOPIC_DETAIL_COMMENTS,
  type CommentPage,
  type CommentPageQuery,
  type CreateCommentBody,
  type CreateTopicBody,
  type EventType,
  type ProjectAction,
  type Topic,
  type TopicComment,
  type TopicCounts,
  type TopicList,
  type TopicListQuery,
  type TopicWithComments,
  type UpdateTopicBody,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TopicCommentRow, TopicRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { TopicsRepositories } from './repositories.ts';
import type { EventPublisher } from '../events/index.ts';
import { assertCan, loadProjectAccess } from '../projects/index.ts';
import type { AttachmentCleanup } from './attachments/cleanup.ts';
import { CommentNotFoundError, TopicNotFoundError } from './errors.ts';
import { viewFor } from './guest-view.ts';
import { encodeCursor, toComment, toTopic, snapshotUrlParts, viewsOf } from './presenter.ts';
import {
  commentNotices,
  topicCreatedNotices,
  topicUpdatedNotices,
  type NoticeActor,
  type TopicNotice,
  type TopicNotifier,
} from './notifier.ts';
import {
  addComment,
  createTopic,
  memberMentions,
  patchTopic,
  topicTypes,
  type TopicAuthor,
} from './writes.ts';
import { findModel } from '../models/index.ts';
import { topicAccess } from './topic-access.ts';
import { commentPage, listFilter, listPage } from './topic-queries.ts';
import type { SheetCatalog } from './sheet-catalog.ts';

interface TopicsServiceDeps {
  data: DataAccess<TopicsRepositories>;
  events: EventPublisher;
  now: Clock;
  log: FastifyBaseLogger;
  /** Notification mails (assignment, mention, reply, status change). */
  notifier: Pick<TopicNotifier, 'notify'>;
  /** Removes the stored files of attachments whose topic or comment is deleted. */
  attachmentCleanup?: Pick<AttachmentCleanup, 'topic' | 'attachments'>;
  /** The models' sheet ids: pins and markup go only on a sheet of the topic's model. */
  sheets: SheetCatalog;
}

/** The SSE key of a share page's stream (the bus addresses "users"; a share page is one). */
export function shareStreamKey(shareId: string): string {
  return `share:${shareId}`;
}

/**
 * Topics for project members: every call loads the caller's role once (`loadProjectAccess`) and
 * decides with contracts' `can()`. Changes publish an event after their transaction commits, to
 * the project's members and to the open pages of the model's live shares.
 */
export class TopicsService {
  readonly #d: TopicsServiceDeps;

  constructor(deps: TopicsServiceDeps) {
    this.#d = deps;
  }

  get data(): DataAccess<TopicsRepositories> {
    return this.#d.data;
  }

  get sheets(): SheetCatalog {
    return this.#d.sheets;
  }

  async #authorName(userId: string): Promise<string> {
    const names = await this.#d.data.repos.topics.userNames([userId]);
    return names.get(userId)?.name || 'Unknown';
  }

  async #present(repos: TopicsRepositories, topic: TopicRow): Promise<Topic> {
    const [views, count] = await Promise.all([
      repos.topics.viewpoints.topicViews([topic.id]),
      repos.topics.commentCount(topic.id),
    ]);
    return toTopic(topic, views.get(topic.id), count);
  }

  /** Records notification mails for a committed change (never throws). */
  async notify(actor: NoticeActor, notices: readonly TopicNotice[]): Promise<void> {
    if (notices.length > 0) await this.#d.notifier.notify(actor, notices);
  }

  /**
   * Publishes a topic event to members and live share pages of the topic's model; a comment
   * event, or any event of a comment thread, only to the pages of shares that show comments.
   */
  async publish(
    type: EventType,
    topic: TopicRow,
    data: Record<string, unknown> = {},
  ): Promise<void> {
    const comments = type.startsWith('comment.') || topic.kind === 'comment';
    const shares = topic.model_id
      ? await this.#d.data.repos.topics
          .liveShareIds(topic.model_id, this.#d.now(), comments)
          .catch(() => [])
      : [];
    await this.#d.events.publish(
      {
        type,
        projectId: topic.project_id,
        data: {
          topicId: topic.id,
          modelId: topic.model_id,
          sheetId: topic.sheet_id,
          kind: topic.kind,
          ...data,
        },
      },
      { userIds: shares.map(shareStreamKey) },
    );
  }

  async list(userId: string, projectId: string, query: TopicListQuery): Promise<TopicList> {
    const repos = this.#d.data.repos;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'topic.view');
    const { total, rows } = await repos.topics.list(projectId, listFilter(query), listPage(query));
    const views = await repos.topics.viewpoints.topicViews(rows.map((row) => row.id));
    const view = viewFor(access);
    return {
      total,
      topics: rows.map((row) => view.topic(toTopic(row, views.get(row.id), row.comment_count))),
    };
  }

  async counts(userId: string, projectId: string): Promise<TopicCounts> {
    const repos = this.#d.data.repos;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'topic.counts');
    return { counts: await repos.topics.openIssueCounts(projectId) };
  }

  async create(userId: string, projectId: string, body: CreateTopicBody): Promise<Topic> {
    const author: TopicAuthor = { userId, name: await this.#authorName(userId) };
    const { topic, result } = await this.#d.data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      assertCan(access, 'topic.create');
      if (body.assigneeId) assertCan(access, 'topic.assign', { ownerId: userId });
      const modelId = body.modelId ?? null;
      if (modelId && !(await findModel(repos, modelId).then((m) => m?.project_id === projectId))) {
        throw new TopicNotFoundError('model not in project');
      }
      const created = await createTopic(
        repos,
        projectId,
        modelId,
        author,
        body,
        this.#d.now(),
        this.#d.sheets,
      );
      return {
        topic: created.topic,
        result: viewFor(access).topic(toTopic(created.topic, viewsOf(created.viewpoints), 0)),
      };
    });
    await this.publish('topic.created', topic);
    await this.notify(author, topicCreatedNotices(topic));
    return result;
  }

  /** The topic with its newest comments; the earlier ones come through `comments()`. */
  async get(userId: string, topicId: string): Promise<TopicWithComments> {
    const repos = this.#d.data.repos;
    const { topic, access } = await topicAccess(repos, userId, topicId);
    const page = await repos.topics.commentPage(topic.id, { limit: TOPIC_DETAIL_COMMENTS });
    const view = viewFor(access);
    return {
      ...view.topic(await this.#present(repos, topic)),
      comments: page.rows.map((row) => view.comment(toComment(row))),
      comments_before: encodeCursor(page.before),
    };
  }

  /**
   * Each changed field needs its own permission: status -> topic.setStatus (members: own or
   * assigned), assignee -> topic.assign, everything else -> topic.edit (own topics for members).
   */
  async update(userId: string, topicId: string, body: UpdateTopicBody): Promise<Topic> {
    const name = await this.#authorName(userId);
    const { before, after, result } = await this.#d.data.transaction(async (repos) => {
      const { topic, access } = await topicAccess(repos, userId, topicId);
      const resource = { ownerId: topic.author_id ?? undefined, assigneeId: topic.assignee_id };
      const needed = new Set<ProjectAction>();
      for (const key of Object.keys(body)) {
        needed.add(
          key === 'status'
            ? 'topic.setStatus'
            : key === 'assigneeId'
              ? 'topic.assign'
              : 'topic.edit',
        );
      }
      for (const action of needed) assertCan(access, action, resource);
      const updated = await patchTopic(repos, topic, body, name, this.#d.now(), this.#d.sheets);
      const result = viewFor(access).topic(await this.#present(repos, updated));
      return { before: topic, after: updated, result };
    });
    await this.publish('topic.updated', after, {
      changed: Object.keys(body),
      ...(before.status !== after.status ? { status: after.status } : {}),
    });
    await this.notify({ userId, name }, topicUpdatedNotices(before, after));
    return result;
  }

  async delete(userId: string, topicId: string): Promise<void> {
    const topic = await this.#d.data.transaction(async (repos) => {
      const { topic, access } = await topicAccess(repos, userId, topicId);
      assertCan(access, 'topic.delete', { ownerId: topic.author_id ?? undefined });
      await repos.topics.deleteTopic(topic.id);
      return topic;
    });
    await this.#d.attachmentCleanup?.topic(topic);
    await this.publish('topic.deleted', topic);
  }

  /**
   * One of a topic's viewpoints with all its components (the topic carries summaries), as the
   * JSON text of a `Viewpoint` (built by the database).
   */
  async viewpoint(userId: string, topicId: string, viewpointId: string): Promise<string> {
    const repos = this.#d.data.repos;
    const { topic } = await topicAccess(repos, userId, topicId);
    const json = await repos.topics.viewpoints.viewpointJson(
      topic.id,
      viewpointId,
      snapshotUrlParts(),
    );
    if (json === undefined) throw new TopicNotFoundError('no such viewpoint');
    return json;
  }

  async comments(userId: string, topicId: string, query: CommentPageQuery): Promise<CommentPage> {
    const repos = this.#d.data.repos;
    const { topic, access } = await topicAccess(repos, userId, topicId);
    return viewFor(access).page(await commentPage(repos, topic.id, query));
  }

  async addComment(
    userId: string,
    topicId: string,
    body: CreateCommentBody,
  ): Promise<TopicComment> {
    const author: TopicAuthor = { userId, name: await this.#authorName(userId) };
    const { topic, comment, access } = await this.#d.data.transaction(async (repos) => {
      const { topic, access } = await topicAccess(repos, userId, topicId);
      assertCan(access, 'topic.comment');
      const { comment } = await addComment(repos, topic, author, body, this.#d.now());
      return { topic, comment, access };
    });
    await this.publish('comment.created', topic, { commentId: comment.id });
    await this.notify(author, commentNotices(topic, comment));
    return viewFor(access).comment(toComment(comment));
  }

  async #commentAccess(repos: TopicsRepositories, userId: string, commentId: string) {
    const comment = await repos.topics.findComment(commentId);
    if (!comment) throw new CommentNotFoundError();
    const { topic, access } = await topicAccess(repos, userId, comment.topic_id).catch(() => {
      throw new CommentNotFoundError('not a member');
    });
    return { comment, topic, access };
  }

  async editComment(userId: string, commentId: string, text: string): Promise<TopicComment> {
    const name = await this.#authorName(userId);
    const { topic, comment, before, access } = await this.#d.data.transaction(async (repos) => {
      const found = await this.#commentAccess(repos, userId, commentId);
      assertCan(found.access, 'comment.edit', { ownerId: found.comment.author_id ?? undefined });
      const now = this.#d.now();
      const comment: TopicCommentRow = await repos.topics.updateComment(commentId, {
        text,
        edited: true,
        modified_at: now,
        modified_by_name: name,
        mention_ids: JSON.stringify(await memberMentions(repos, found.topic.project_id, text)),
      });
      return { topic: found.topic, comment, before: found.comment, access: found.access };
    });
    await this.publish('comment.updated', topic, { commentId });
    await this.notify({ userId, name }, commentNotices(topic, comment, before));
    return viewFor(access).comment(toComment(comment));
  }

  async deleteComment(userId: string, commentId: string): Promise<void> {
    const { topic, files } = await this.#d.data.transaction(async (repos) => {
      const found = await this.#commentAccess(repos, userId, commentId);
      assertCan(found.access, 'comment.delete', { ownerId: found.comment.author_id ?? undefined });
      const files = await repos.topics.attachments.idsOfComment(commentId);
      await repos.topics.deleteComment(commentId);
      return { topic: found.topic, files };
    });
    await this.#d.attachmentCleanup?.attachments(
      files.map((id) => ({ id, project_id: topic.project_id, topic_id: topic.id })),
    );
    await this.publish('comment.deleted', topic, { commentId });
  }

  async types(userId: string, projectId: string): Promise<string[]> {
    const repos = this.#d.data.repos;
    const access = await loadProjectAccess(repos, projectId, userId);
    assertCan(access, 'topic.view');
    return topicTypes(repos, projectId);
  }

  async addType(userId: string, projectId: string, name: string): Promise<string[]> {
    return this.#d.data.transaction(async (repos) => {
      const access = await loadProjectAccess(repos, projectId, userId);
      assertCan(access, 'topic.manageTypes');
      await repos.topics.addTypes(projectId, [name], this.#d.now());
      return topicTypes(repos, projectId);
    });
  }

  async snapshot(
    userId: string,
    viewpointId: string,
  ): Promise<{ bytes: Uint8Array; type: 'png' | 'jpg' }> {
    const repos = this.#d.data.repos;
    const row = await repos.topics.viewpoints.viewpointSnapshot(viewpointId);
    if (!row?.snapshot || !row.snapshot_type) throw new TopicNotFoundError('no snapshot');
    await topicAccess(repos, userId, row.topic_id);
    return { bytes: row.snapshot, type: row.snapshot_type };
  }
}

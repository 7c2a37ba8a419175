import { createHash } from 'node:crypto';
import {
  canShareVisitor,
  SHARE_VISITOR_POSTS_PER_MINUTE,
  TOPIC_DETAIL_COMMENTS,
  type CommentPage,
  type CommentPageQuery,
  type CreateCommentBody,
  type CreateTopicBody,
  type ShareVisitorAction,
  type Topic,
  type TopicComment,
  type TopicList,
  type TopicListQuery,
  type TopicWithComments,
  type UpdateTopicBody,
} from '@truss/contracts';
import { ForbiddenError, TooManyRequestsError } from '../../http/errors.ts';
import type { TopicRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { TopicsRepositories } from './repositories.ts';
import { TopicNotFoundError } from './errors.ts';
import { VisitorNames } from './visitor-names.ts';
import { encodeCursor, snapshotUrlParts, toComment, toTopic, viewsOf } from './presenter.ts';
import type { TopicsService } from './service.ts';
import { commentPage, listFilter, listPage } from './topic-queries.ts';
import { commentNotices, topicCreatedNotices, topicUpdatedNotices } from './notifier.ts';
import { addComment, createTopic, patchTopic, type TopicAuthor } from './writes.ts';

/** The live share a visitor came through, as the shares module checked it for this request. */
export interface VisitorShare {
  id: string;
  model_id: string;
  project_id: string;
  allow_comments: boolean;
  issue_permission: 'edit' | 'view';
  /** The version a pinned share shows (visitors see no other); null: the model's current. */
  model_version_id: string | null;
}

/** A visitor writes on the version the share shows: the pinned one, else the one named. */
function visitorVersion(share: VisitorShare, requested: string | null | undefined) {
  return share.model_version_id ?? requested ?? null;
}

function visitorSnapshotPath(token: string) {
  return (viewpointId: string) => `/api/share/${token}/viewpoints/${viewpointId}/snapshot`;
}

/** The rate limit's key: one visitor is one address on one share (never the address itself). */
export function visitorKey(shareId: string, ip: string): string {
  return createHash('sha256').update(`${shareId}\n${ip}`).digest('base64url');
}

function allowed(share: VisitorShare, action: ShareVisitorAction): boolean {
  return canShareVisitor(
    { allowComments: share.allow_comments, issuePermission: share.issue_permission },
    action,
  );
}

function assertAllowed(share: VisitorShare, action: ShareVisitorAction): void {
  if (!allowed(share, action)) throw new ForbiddenError(`share visitor ${action} denied`);
}

/**
 * Topics for share visitors, decided by the share's settings through contracts'
 * `canShareVisitor`: comment threads (and every topic's comments) only when the share allows
 * comments; issues always visible, created and edited only with "Issue Editing". A visitor sees
 * only the shared model's topics; others answer 404 as if they did not exist.
 */
export class VisitorTopicsService {
  readonly #topics: TopicsService;
  readonly #data: DataAccess<TopicsRepositories>;
  readonly #now: Clock;

  constructor(deps: { topics: TopicsService; data: DataAccess<TopicsRepositories>; now: Clock }) {
    this.#topics = deps.topics;
    this.#data = deps.data;
    this.#now = deps.now;
  }

  async #visibleTopic(
    repos: TopicsRepositories,
    share: VisitorShare,
    topicId: string,
  ): Promise<TopicRow> {
    const topic = await repos.topics.findTopic(topicId);
    if (!topic || topic.model_id !== share.model_id) throw new TopicNotFoundError('not this share');
    if (!allowed(share, topic.kind === 'issue' ? 'issue.view' : 'comment.view')) {
      throw new TopicNotFoundError('hidden from visitors');
    }
    return topic;
  }

  /** The topic when the share shows it to its visitors; TOPIC_NOT_FOUND otherwise. */
  async visibleTopic(share: VisitorShare, topicId: string): Promise<TopicRow> {
    return this.#visibleTopic(this.#data.repos, share, topicId);
  }

  async #rateLimit(repos: TopicsRepositories, share: VisitorShare, key: string): Promise<void> {
    const since = new Date(this.#now().getTime() - 60_000);
    if (
      (await repos.topics.visitorPostsSince(share.id, key, since)) >= SHARE_VISITOR_POSTS_PER_MINUTE
    ) {
      throw new TooManyRequestsError(60);
    }
  }

  async list(share: VisitorShare, token: string, query: TopicListQuery): Promise<TopicList> {
    assertAllowed(share, 'issue.view');
    const repos = this.#data.repos;
    // A visitor sees the share's model only, whatever `models` says.
    const filter = { ...listFilter(query), modelId: share.model_id, modelIds: undefined };
    if (!allowed(share, 'comment.view')) {
      if (filter.kind === 'comment') return { total: 0, topics: [] };
      filter.kind = 'issue';
    }
    const { total, rows } = await repos.topics.list(share.project_id, filter, listPage(query));
    const views = await repos.topics.viewpoints.topicViews(rows.map((row) => row.id));
    const snapshots = visitorSnapshotPath(token);
    const showComments = allowed(share, 'comment.view');
    const topics = rows.map((row) =>
      toTopic(row, views.get(row.id), showComments ? row.comment_count : 0, snapshots),
    );
    const names = await VisitorNames.of(repos, topics);
    return { total, topics: topics.map((topic) => names.topic(topic)) };
  }

  /** The topic with its newest comments (none when the share hides comments). */
  async get(share: VisitorShare, token: string, topicId: string): Promise<TopicWithComments> {
    const repos = this.#data.repos;
    const topic = await this.#visibleTopic(repos, share, topicId);
    const shown = allowed(share, 'comment.view');
    const [page, count, views] = await Promise.all([
      shown ? repos.topics.commentPage(topic.id, { limit: TOPIC_DETAIL_COMMENTS }) : null,
      shown ? repos.topics.commentCount(topic.id) : 0,
      repos.topics.viewpoints.topicViews([topic.id]),
    ]);
    const shownTopic = toTopic(topic, views.get(topic.id), count, visitorSnapshotPath(token));
    const comments = page ? page.rows.map(toComment) : [];
    const names = await VisitorNames.of(repos, [shownTopic], comments);
    return {
      ...names.topic(shownTopic),
      comments: comments.map((comment) => names.comment(comment)),
      comments_before: page ? encodeCursor(page.before) : null,
    };
  }

  /** One viewpoint of a topic the visitor may see, with all its components (JSON text). */
  async viewpoint(
    share: VisitorShare,
    token: string,
    topicId: string,
    viewpointId: string,
  ): Promise<string> {
    const repos = this.#data.repos;
    const topic = await this.#visibleTopic(repos, share, topicId);
    const url = snapshotUrlParts(visitorSnapshotPath(token));
    const json = await repos.topics.viewpoints.viewpointJson(topic.id, viewpointId, url);
    if (json === undefined) throw new TopicNotFoundError('no such viewpoint');
    return json;
  }

  /** A page of a topic's comments, for a share that shows comments. */
  async comments(
    share: VisitorShare,
    topicId: string,
    query: CommentPageQuery,
  ): Promise<CommentPage> {
    const repos = this.#data.repos;
    const topic = await this.#visibleTopic(repos, share, topicId);
    if (!allowed(share, 'comment.view'))
      return { comments: [], total: 0, before: null, after: null };
    const page = await commentPage(repos, topic.id, query);
    const names = await VisitorNames.of(repos, [], page.comments);
    return { ...page, comments: page.comments.map((comment) => names.comment(comment)) };
  }

  async create(
    share: VisitorShare,
    token: string,
    ip: string,
    body: Omit<CreateTopicBody, 'modelId' | 'assigneeId'> & { authorName: string },
  ): Promise<Topic> {
    assertAllowed(share, body.kind === 'issue' ? 'issue.edit' : 'comment.create');
    const key = visitorKey(share.id, ip);
    const author: TopicAuthor = {
      userId: null,
      name: body.authorName,
      shareId: share.id,
      visitorKey: key,
    };
    const { authorName: _name, ...input } = body;
    const created = await this.#data.transaction(async (repos) => {
      await this.#rateLimit(repos, share, key);
      const body = { ...input, modelVersionId: visitorVersion(share, input.modelVersionId) };
      return createTopic(
        repos,
        share.project_id,
        share.model_id,
        author,
        body,
        this.#now(),
        this.#topics.sheets,
      );
    });
    await this.#topics.publish('topic.created', created.topic);
    await this.#topics.notify(author, topicCreatedNotices(created.topic));
    return toTopic(created.topic, viewsOf(created.viewpoints), 0, visitorSnapshotPath(token));
  }

  async comment(
    share: VisitorShare,
    ip: string,
    topicId: string,
    body: CreateCommentBody & { authorName: string },
  ): Promise<TopicComment> {
    assertAllowed(share, 'comment.create');
    const key = visitorKey(share.id, ip);
    const author: TopicAuthor = {
      userId: null,
      name: body.authorName,
      shareId: share.id,
      visitorKey: key,
    };
    const { topic, comment } = await this.#data.transaction(async (repos) => {
      const topic = await this.#visibleTopic(repos, share, topicId);
      await this.#rateLimit(repos, share, key);
      const input = { ...body, modelVersionId: visitorVersion(share, body.modelVersionId) };
      const { comment } = await addComment(repos, topic, author, input, this.#now());
      return { topic, comment };
    });
    await this.#topics.publish('comment.created', topic, { commentId: comment.id });
    await this.#topics.notify(author, commentNotices(topic, comment));
    return toComment(comment);
  }

  /** "Issue Editing": every field of an issue except the assignee (visitors see no member list). */
  async update(
    share: VisitorShare,
    token: string,
    topicId: string,
    body: UpdateTopicBody & { authorName: string },
  ): Promise<Topic> {
    assertAllowed(share, 'issue.edit');
    const { authorName, ...patch } = body;
    if (patch.assigneeId !== undefined) throw new ForbiddenError('visitors do not assign');
    const { before, after, views } = await this.#data.transaction(async (repos) => {
      const topic = await this.#visibleTopic(repos, share, topicId);
      if (topic.kind !== 'issue') throw new ForbiddenError('visitors edit issues only');
      const after = await patchTopic(
        repos,
        topic,
        patch,
        authorName,
        this.#now(),
        this.#topics.sheets,
      );
      return { before: topic, after, views: await repos.topics.viewpoints.topicViews([topic.id]) };
    });
    await this.#topics.publish('topic.updated', after, { changed: Object.keys(patch) });
    await this.#topics.notify(
      { userId: null, name: authorName },
      topicUpdatedNotices(before, after),
    );
    // As the list and the detail answer: a share without comments shows none, nor their count.
    const count = allowed(share, 'comment.view')
      ? await this.#data.repos.topics.commentCount(after.id)
      : 0;
    const shown = toTopic(after, views.get(after.id), count, visitorSnapshotPath(token));
    return (await VisitorNames.of(this.#data.repos, [shown])).topic(shown);
  }

  async snapshot(
    share: VisitorShare,
    viewpointId: string,
  ): Promise<{ bytes: Uint8Array; type: 'png' | 'jpg' }> {
    const repos = this.#data.repos;
    const row = await repos.topics.viewpoints.viewpointSnapshot(viewpointId);
    if (!row?.snapshot || !row.snapshot_type) throw new TopicNotFoundError('no snapshot');
    await this.#visibleTopic(repos, share, row.topic_id);
    return { bytes: row.snapshot, type: row.snapshot_type };
  }
}

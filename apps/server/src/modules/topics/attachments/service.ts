import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  SHARE_VISITOR_POSTS_PER_MINUTE,
  type AttachmentUploadQuery,
  type ShareAttachmentUploadQuery,
  type TopicAttachment,
  type TopicAttachmentList,
} from '@truss/contracts';
import type { TopicAttachmentRow, TopicRow } from '../../../db/schema.ts';
import { ForbiddenError, TooManyRequestsError } from '../../../http/errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DataAccess } from '../../../repositories.ts';
import type { TopicsRepositories } from '../repositories.ts';
import {
  assertCan,
  findProjectAccess,
  hidesEmails,
  loadProjectAccess,
  type ProjectAccess,
} from '../../projects/index.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import { displayName } from '../../users/index.ts';
import { CommentNotFoundError, TopicNotFoundError } from '../errors.ts';
import type { TopicsService } from '../service.ts';
import { visitorKey, type VisitorShare, type VisitorTopicsService } from '../visitor-service.ts';
import type { AttachmentCleanup } from './cleanup.ts';
import {
  AttachmentEmptyError,
  AttachmentNotFoundError,
  AttachmentTooLargeError,
} from './errors.ts';
import { attachmentKeys, makeThumbnail, receiveBody, storedType } from './files.ts';
import { presentAttachments, type AttachmentUrls } from './presenter.ts';
import { topicAccess } from '../topic-access.ts';
import { isVisitors, visitorMayAdd, visitorMaySee, visitorUrls } from './visitor-rules.ts';

/** The plan of a project's owner, as attachments need it (built from the subscriptions). */
export interface AttachmentPlan {
  /** The largest single file the owner's plan allows. */
  maxFileBytes: number;
  /** Throws STORAGE_LIMIT_EXCEEDED (413) when `bytes` more would pass the owner's storage. */
  assertRoom(repos: TopicsRepositories, projectId: string, bytes: number): Promise<void>;
}

export interface AttachmentPlans {
  /**
   * Read before any transaction: the subscriptions read on their own connection, which on
   * PGlite (one connection) would wait for the transaction forever.
   */
  of(ownerId: string): Promise<AttachmentPlan>;
}

interface AttachmentsServiceDeps {
  data: DataAccess<TopicsRepositories>;
  storage: ObjectStorage;
  plans: AttachmentPlans;
  topics: Pick<TopicsService, 'publish'>;
  visitors: Pick<VisitorTopicsService, 'visibleTopic'>;
  cleanup: AttachmentCleanup;
  now: Clock;
}

/** One upload as the route hands it over. */
export interface AttachmentUpload {
  query: AttachmentUploadQuery;
  /** The Content-Type the client claimed (kept only for types nobody shows inline). */
  contentType: string | undefined;
  /** The Content-Length header, when sent (refused early when over the limit). */
  contentLength: number | undefined;
  body: Readable;
}

/** What the file routes send. */
export interface AttachmentContent {
  row: TopicAttachmentRow;
  stream: Readable;
  type: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const memberUrls: AttachmentUrls = {
  file: (id) => `/api/attachments/${id}`,
  thumbnail: (id) => `/api/attachments/${id}/thumbnail`,
};

/**
 * Files on topics and comments: members upload (anyone who may reply; on a comment, its author
 * or a manager), everyone who sees the topic reads them (members, and share visitors who see
 * the topic and, for a comment's files, its comments), the uploader or a manager deletes.
 */
export class AttachmentsService {
  readonly #d: AttachmentsServiceDeps;

  constructor(deps: AttachmentsServiceDeps) {
    this.#d = deps;
  }

  async #attachmentAccess(repos: TopicsRepositories, userId: string, id: string) {
    const row = await repos.topics.attachments.find(id);
    if (!row) throw new AttachmentNotFoundError();
    const access = await loadProjectAccess(repos, row.project_id, userId, () => {
      return new AttachmentNotFoundError('not a member');
    });
    assertCan(access, 'attachment.view', {}, () => new AttachmentNotFoundError());
    return { row, access };
  }

  async list(userId: string, topicId: string): Promise<TopicAttachmentList> {
    const repos = this.#d.data.repos;
    const { topic, access } = await topicAccess(repos, userId, topicId);
    assertCan(access, 'attachment.view', {}, () => new TopicNotFoundError());
    const rows = await repos.topics.attachments.forTopics([topic.id]);
    return {
      attachments: await presentAttachments(repos, rows, memberUrls, readerOf(access)),
      max_bytes: (await this.#d.plans.of(access.project.owner_id)).maxFileBytes,
    };
  }

  async upload(
    userId: string,
    topicId: string,
    upload: AttachmentUpload,
  ): Promise<TopicAttachment> {
    const repos = this.#d.data.repos;
    const { topic, access } = await topicAccess(repos, userId, topicId);
    assertCan(access, 'attachment.add');
    const commentId = upload.query.commentId ?? null;
    if (commentId) {
      const comment = await repos.topics.findComment(commentId);
      if (!comment || comment.topic_id !== topic.id) throw new CommentNotFoundError();
      assertCan(access, 'comment.edit', { ownerId: comment.author_id ?? undefined });
    }
    const stored = await this.#store(access.project.owner_id, topic, upload, {
      commentId,
      uploaderId: userId,
      uploaderName: await this.#memberName(userId),
      visitor: null,
    });
    const [shown] = await presentAttachments(repos, [stored], memberUrls, readerOf(access));
    return shown!;
  }

  async #memberName(userId: string): Promise<string> {
    const repos = this.#d.data.repos;
    const names = await repos.topics.nameFields([userId]);
    const users = await repos.topics.userNames([userId]);
    return (
      (names[0] && displayName(names[0])) ||
      (users.get(userId)?.email ?? '').split('@')[0] ||
      'unknown'
    );
  }

  /**
   * The one way a file is stored, for members and visitors alike: the owner's plan's size per
   * file (413 early on a Content-Length past it, else counted as the body streams), the type
   * sniffed from the bytes, the owner's storage checked in the row's transaction, a thumbnail
   * for photos; `beforeInsert` runs in that transaction (a visitor's per-minute cap).
   */
  async #store(
    ownerId: string,
    topic: TopicRow,
    upload: AttachmentUpload,
    who: {
      commentId: string | null;
      uploaderId: string | null;
      uploaderName: string;
      visitor: { shareId: string; key: string } | null;
      beforeInsert?: (tx: TopicsRepositories) => Promise<void>;
    },
  ): Promise<TopicAttachmentRow> {
    const plan = await this.#d.plans.of(ownerId);
    const maxBytes = plan.maxFileBytes;
    if (upload.contentLength !== undefined && upload.contentLength > maxBytes) {
      upload.body.resume();
      throw new AttachmentTooLargeError(maxBytes);
    }
    const received = await receiveBody(upload.body, maxBytes);
    try {
      if (received.size === 0) throw new AttachmentEmptyError();
      const type = storedType(received.head, upload.contentType);
      const isImage = type.startsWith('image/');
      const thumbnail = isImage ? await makeThumbnail(received.path) : null;
      const id = crypto.randomUUID();
      const place = { id, project_id: topic.project_id, topic_id: topic.id };
      await this.#d.storage.putFile(attachmentKeys.file(place), received.path, {
        move: true,
        contentType: type,
      });
      if (thumbnail) {
        await this.#d.storage.put(attachmentKeys.thumbnail(place), thumbnail, {
          contentType: 'image/jpeg',
        });
      }
      const row = await this.#d.data
        .transaction(async (tx) => {
          await who.beforeInsert?.(tx);
          await plan.assertRoom(tx, topic.project_id, received.size);
          return tx.topics.attachments.insert({
            id,
            project_id: topic.project_id,
            topic_id: topic.id,
            comment_id: who.commentId,
            filename: upload.query.name,
            content_type: type,
            size_bytes: received.size,
            is_image: isImage,
            has_thumbnail: thumbnail !== null,
            uploader_id: who.uploaderId,
            uploader_name: who.uploaderName,
            share_id: who.visitor?.shareId ?? null,
            visitor_key: who.visitor?.key ?? null,
            created_at: this.#d.now(),
          });
        })
        .catch(async (error: unknown) => {
          await this.#d.storage.deletePrefix(attachmentKeys.item(place));
          throw error;
        });
      await this.#d.topics.publish('topic.updated', topic, { changed: ['attachments'] });
      return row;
    } finally {
      await rm(received.path, { force: true });
    }
  }

  async file(userId: string, id: string, thumbnail: boolean): Promise<AttachmentContent> {
    const { row } = await this.#attachmentAccess(this.#d.data.repos, userId, id);
    return this.#content(row, thumbnail);
  }

  async delete(userId: string, id: string): Promise<void> {
    const { row, topic } = await this.#d.data.transaction(async (repos) => {
      const { row, access } = await this.#attachmentAccess(repos, userId, id);
      assertCan(access, 'attachment.delete', { ownerId: row.uploader_id ?? undefined });
      await repos.topics.attachments.delete(row.id);
      const topic = await repos.topics.findTopic(row.topic_id);
      return { row, topic };
    });
    await this.#d.cleanup.attachments([row]);
    if (topic) await this.#d.topics.publish('topic.updated', topic, { changed: ['attachments'] });
  }

  /** A visitor's list: the topic must be one the share shows (404 otherwise). */
  async visitorList(
    share: VisitorShare,
    token: string,
    topicId: string,
    ip: string,
  ): Promise<TopicAttachmentList> {
    const repos = this.#d.data.repos;
    const topic = await this.#d.visitors.visibleTopic(share, topicId);
    const rows = (await repos.topics.attachments.forTopics([topic.id])).filter((row) =>
      visitorMaySee(share, row),
    );
    const key = visitorKey(share.id, ip);
    const shown = await presentAttachments(repos, rows, visitorUrls(token), 'visitor');
    const attachments = shown.map((attachment, i) => ({
      ...attachment,
      yours: isVisitors(share, key, rows[i]!),
    }));
    // The size per file is offered only to visitors who may add one (Issue Editing, an issue).
    const adds = visitorMayAdd(share, topic);
    const max_bytes = adds ? (await this.#d.plans.of(await this.#ownerOf(topic))).maxFileBytes : 0;
    return { attachments, max_bytes };
  }

  /** The owner of the topic's project (whose plan a visitor's upload follows). */
  async #ownerOf(topic: TopicRow): Promise<string> {
    // A visitor is nobody's member: the nil id reads the project alone.
    const found = await findProjectAccess(this.#d.data.repos, topic.project_id, NIL_UUID);
    if (!found) throw new TopicNotFoundError('no project');
    return found.project.owner_id;
  }

  /**
   * A visitor whose share has "Issue Editing" attaches a file to an issue the share shows, as
   * a member would (the owner's plan, storage, type safety), at most
   * SHARE_VISITOR_POSTS_PER_MINUTE files a minute per visitor (429), under the name they give.
   */
  async visitorUpload(
    share: VisitorShare,
    token: string,
    ip: string,
    topicId: string,
    upload: Omit<AttachmentUpload, 'query'> & { query: ShareAttachmentUploadQuery },
  ): Promise<TopicAttachment> {
    const topic = await this.#d.visitors.visibleTopic(share, topicId).catch((error: unknown) => {
      upload.body.resume();
      throw error;
    });
    if (!visitorMayAdd(share, topic)) {
      upload.body.resume();
      throw new ForbiddenError('share visitors attach files to issues with Issue Editing');
    }
    const key = visitorKey(share.id, ip);
    const repos = this.#d.data.repos;
    const since = () => new Date(this.#d.now().getTime() - 60_000);
    const overCap = async (tx: TopicsRepositories) =>
      (await tx.topics.attachments.visitorUploadsSince(share.id, key, since())) >=
      SHARE_VISITOR_POSTS_PER_MINUTE;
    // Refused before the body is read when the visitor is already at the cap, and again in the
    // row's transaction (uploads racing each other).
    if (await overCap(repos)) {
      upload.body.resume();
      throw new TooManyRequestsError(60);
    }
    const { authorName, ...query } = upload.query;
    const row = await this.#store(
      await this.#ownerOf(topic),
      topic,
      { ...upload, query },
      {
        commentId: null,
        uploaderId: null,
        uploaderName: authorName,
        visitor: { shareId: share.id, key },
        beforeInsert: async (tx) => {
          if (await overCap(tx)) throw new TooManyRequestsError(60);
        },
      },
    );
    const [shown] = await presentAttachments(repos, [row], visitorUrls(token), 'visitor');
    return { ...shown!, yours: true };
  }

  /**
   * A visitor deletes a file they uploaded: through the same share, from the same visitor key
   * (share and address, as the rate limit knows a visitor), while the share still has "Issue
   * Editing". Anything else is 403 (404 when the share does not show the file).
   */
  async visitorDelete(share: VisitorShare, ip: string, id: string): Promise<void> {
    const repos = this.#d.data.repos;
    const row = await repos.topics.attachments.find(id);
    if (!row) throw new AttachmentNotFoundError();
    // (Read outside any transaction: the visitors' service reads on its own connection.)
    const topic = await this.#d.visitors.visibleTopic(share, row.topic_id).catch(() => {
      throw new AttachmentNotFoundError('not this share');
    });
    if (!visitorMaySee(share, row)) throw new AttachmentNotFoundError('comments hidden');
    if (!visitorMayAdd(share, topic) || !isVisitors(share, visitorKey(share.id, ip), row)) {
      throw new ForbiddenError('visitors delete only the files they uploaded');
    }
    await repos.topics.attachments.delete(row.id);
    await this.#d.cleanup.attachments([row]);
    await this.#d.topics.publish('topic.updated', topic, { changed: ['attachments'] });
  }

  async visitorFile(
    share: VisitorShare,
    id: string,
    thumbnail: boolean,
  ): Promise<AttachmentContent> {
    const row = await this.#d.data.repos.topics.attachments.find(id);
    if (!row) throw new AttachmentNotFoundError();
    await this.#d.visitors.visibleTopic(share, row.topic_id).catch(() => {
      throw new AttachmentNotFoundError('not this share');
    });
    if (!visitorMaySee(share, row)) throw new AttachmentNotFoundError('comments hidden');
    return this.#content(row, thumbnail);
  }

  async #content(row: TopicAttachmentRow, thumbnail: boolean): Promise<AttachmentContent> {
    if (thumbnail) {
      if (!row.has_thumbnail) throw new AttachmentNotFoundError('no thumbnail');
      const stream = await this.#d.storage.get(attachmentKeys.thumbnail(row));
      return { row, stream, type: 'image/jpeg' };
    }
    const stream = await this.#d.storage.get(attachmentKeys.file(row));
    return { row, stream, type: row.content_type };
  }
}

/** How a project's user reads uploaders' names: guests never see an address (as visitors). */
function readerOf(access: ProjectAccess): 'member' | 'visitor' {
  return hidesEmails(access) ? 'visitor' : 'member';
}

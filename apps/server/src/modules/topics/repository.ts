import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { TopicAttachmentsRepository } from './attachments/repository.ts';
import { TopicsBcfRepository } from './bcf/repository.ts';
import { TopicViewpointsRepository } from './viewpoints-repository.ts';
import {
  TopicListRepository,
  type TopicFilter,
  type TopicListRow,
  type TopicPage,
} from './topic-list-repository.ts';
import type {
  Database,
  TopicCommentRow,
  TopicCommentsTable,
  TopicFileRow,
  TopicFilesTable,
  TopicRow,
  TopicsTable,
} from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type { TopicFilter, TopicListRow, TopicPage };
export type { TopicViews, ViewpointMetaRow, ViewpointSummaryRow } from './viewpoints-repository.ts';

/** Where a page of comments starts or ends: a comment's time (microseconds) and id. */
export interface CommentCursor {
  micros: string;
  id: string;
}

/** Before every comment (the first page, oldest first). */
const FIRST_COMMENT: CommentCursor = {
  micros: '-62135596800000000',
  id: '00000000-0000-0000-0000-000000000000',
};

/** The only place that touches the topic tables. */
export class TopicsRepository {
  constructor(private readonly db: Executor) {}

  /** The BCF import's batched writes and the export's reads. */
  get bcf(): TopicsBcfRepository {
    return new TopicsBcfRepository(this.db);
  }

  /** Files attached to topics and comments (their rows; the bytes are in the storage). */
  get attachments(): TopicAttachmentsRepository {
    return new TopicAttachmentsRepository(this.db);
  }

  /** A topic's viewpoints: their summaries, components, snapshots and writes. */
  get viewpoints(): TopicViewpointsRepository {
    return new TopicViewpointsRepository(this.db);
  }

  /** Reserves `count` consecutive numbers in the project; returns the first (atomic upsert). */
  async reserveNumbers(projectId: string, count: number): Promise<number> {
    const row = await this.db
      .insertInto('topic_counters')
      .values({ project_id: projectId, last_number: count })
      .onConflict((oc) =>
        oc
          .column('project_id')
          .doUpdateSet({ last_number: sql<number>`topic_counters.last_number + ${count}` }),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return row.last_number - count + 1;
  }

  async insertTopic(values: Insertable<TopicsTable>): Promise<TopicRow> {
    return this.db.insertInto('topics').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async updateTopic(id: string, patch: Updateable<TopicsTable>): Promise<TopicRow> {
    return this.db
      .updateTable('topics')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteTopic(id: string): Promise<void> {
    await this.db.deleteFrom('topics').where('id', '=', id).execute();
  }

  async findTopic(id: string): Promise<TopicRow | undefined> {
    return this.db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findTopicsByGuid(projectId: string, guids: readonly string[]): Promise<TopicRow[]> {
    if (guids.length === 0) return [];
    return this.db
      .selectFrom('topics')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('guid', 'in', guids)
      .execute();
  }

  /** One page of a project's topics with the number of matches (topic-list-repository.ts). */
  async list(
    projectId: string,
    filter: TopicFilter,
    page: TopicPage,
  ): Promise<{ total: number; rows: TopicListRow[] }> {
    return new TopicListRepository(this.db).page(projectId, filter, page);
  }

  async commentCounts(topicIds: readonly string[]): Promise<Map<string, number>> {
    return new TopicListRepository(this.db).commentCounts(topicIds);
  }

  async commentCount(topicId: string): Promise<number> {
    const row = await this.db
      .selectFrom('topic_comments')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('topic_id', '=', topicId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Locks a topic's row to the end of the transaction (writes that count what it holds). */
  async lockTopic(id: string): Promise<void> {
    await this.db.selectFrom('topics').select('id').where('id', '=', id).forUpdate().execute();
  }

  async comments(topicIds: readonly string[]): Promise<TopicCommentRow[]> {
    if (topicIds.length === 0) return [];
    return this.db
      .selectFrom('topic_comments')
      .selectAll()
      .where('topic_id', 'in', topicIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * One page of a topic's comments by (created_at, id), oldest first, with the cursors of the
   * pages before and after it (null when there is none). No cursor: the newest page. A cursor
   * is the boundary comment's time in microseconds and id, so a deleted comment's cursor still
   * pages on.
   */
  async commentPage(
    topicId: string,
    page: { before?: CommentCursor; after?: CommentCursor; limit: number },
  ): Promise<{
    rows: TopicCommentRow[];
    before: CommentCursor | null;
    after: CommentCursor | null;
  }> {
    const forward = page.after !== undefined && page.before === undefined;
    const at = (cursor: CommentCursor) =>
      sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
    let query = this.db
      .selectFrom('topic_comments')
      .selectAll()
      .select(sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`.as('micros'))
      .where('topic_id', '=', topicId);
    if (page.before) {
      const { id } = page.before;
      query = query.where(sql<boolean>`(created_at, id) < (${at(page.before)}, ${id}::uuid)`);
    }
    if (page.after) {
      const { id } = page.after;
      query = query.where(sql<boolean>`(created_at, id) > (${at(page.after)}, ${id}::uuid)`);
    }
    const order = forward ? 'asc' : 'desc';
    const found = await query
      .orderBy('created_at', order)
      .orderBy('id', order)
      .limit(page.limit + 1)
      .execute();
    const more = found.length > page.limit;
    const rows = found.slice(0, page.limit);
    if (!forward) rows.reverse();
    const cursor = (row: (typeof found)[number] | undefined): CommentCursor | null =>
      row ? { micros: row.micros, id: row.id } : null;
    const first = rows[0];
    const last = rows[rows.length - 1];
    const plain = rows.map(({ micros: _micros, ...row }) => row as TopicCommentRow);
    if (forward) return { rows: plain, before: cursor(first), after: more ? cursor(last) : null };
    return {
      rows: plain,
      before: more ? cursor(first) : null,
      after: page.before ? (cursor(last) ?? page.before) : null,
    };
  }

  /** A topic's comments in pages of `size`, oldest first (the BCF export's iteration). */
  async *commentPages(topicIds: readonly string[], size = 1000): AsyncGenerator<TopicCommentRow[]> {
    for (const topicId of topicIds) {
      let after: CommentCursor | undefined;
      for (;;) {
        const page = await this.commentPage(topicId, {
          after: after ?? FIRST_COMMENT,
          limit: size,
        });
        if (page.rows.length) yield page.rows;
        if (!page.after) break;
        after = page.after;
      }
    }
  }

  async findComment(id: string): Promise<TopicCommentRow | undefined> {
    return this.db.selectFrom('topic_comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertComment(values: Insertable<TopicCommentsTable>): Promise<TopicCommentRow> {
    return this.db
      .insertInto('topic_comments')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateComment(id: string, patch: Updateable<TopicCommentsTable>): Promise<TopicCommentRow> {
    return this.db
      .updateTable('topic_comments')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteComment(id: string): Promise<void> {
    await this.db.deleteFrom('topic_comments').where('id', '=', id).execute();
  }

  async deleteComments(topicId: string): Promise<void> {
    await this.db.deleteFrom('topic_comments').where('topic_id', '=', topicId).execute();
  }

  async touchTopic(id: string, at: Date, byName: string): Promise<void> {
    await this.db
      .updateTable('topics')
      .set({ modified_at: at, modified_by_name: byName })
      .where('id', '=', id)
      .execute();
  }

  async files(topicIds: readonly string[]): Promise<TopicFileRow[]> {
    if (topicIds.length === 0) return [];
    return this.db
      .selectFrom('topic_files')
      .selectAll()
      .where('topic_id', 'in', topicIds)
      .execute();
  }

  async replaceFiles(topicId: string, files: Insertable<TopicFilesTable>[]): Promise<void> {
    await this.db.deleteFrom('topic_files').where('topic_id', '=', topicId).execute();
    if (files.length) await this.db.insertInto('topic_files').values(files).execute();
  }

  async extraTypes(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('topic_types')
      .select('name')
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('name')
      .execute();
    return rows.map((row) => row.name);
  }

  async addTypes(projectId: string, names: readonly string[], at: Date): Promise<void> {
    if (names.length === 0) return;
    await this.db
      .insertInto('topic_types')
      .values(names.map((name) => ({ project_id: projectId, name, created_at: at })))
      .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
      .execute();
  }

  /** Open issues (Open, In Progress) per model of the project; models without any are absent. */
  async openIssueCounts(projectId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('topics')
      .select(['model_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('project_id', '=', projectId)
      .where('kind', '=', 'issue')
      .where('status', 'in', ['Open', 'In Progress'])
      .where('model_id', 'is not', null)
      .groupBy('model_id')
      .execute();
    const counts: Record<string, number> = {};
    for (const row of rows) if (row.model_id) counts[row.model_id] = Number(row.count);
    return counts;
  }

  /** Accepted members of the project among `userIds` (assignees and mentions must be members). */
  async memberIds(projectId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('status', '=', 'accepted')
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /** The name fields of users' profiles (users' displayName composes them). */
  async nameFields(userIds: readonly string[]) {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'full_name', 'first_name', 'last_name', 'name_format'])
      .where('id', 'in', userIds)
      .execute();
  }

  async userNames(
    userIds: readonly string[],
  ): Promise<Map<string, { name: string; email: string | null }>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'full_name'])
      .where('id', 'in', userIds)
      .execute();
    return new Map(
      rows.map((row) => [row.id, { name: row.full_name || row.email || '', email: row.email }]),
    );
  }

  /** Topics and comments posted through `shareId` by one visitor since `since`. */
  async visitorPostsSince(shareId: string, visitorKey: string, since: Date): Promise<number> {
    const count = async (table: 'topics' | 'topic_comments') => {
      const row = await this.db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .where('share_id', '=', shareId)
        .where('visitor_key', '=', visitorKey)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return (await count('topics')) + (await count('topic_comments'));
  }

  /**
   * Live shares of a model (their pages get the model's topic events); with `commentsOnly`,
   * those that show comments (comment events never reach a share that hides them).
   */
  async liveShareIds(modelId: string, now: Date, commentsOnly = false): Promise<string[]> {
    let query = this.db
      .selectFrom('shares')
      .select('id')
      .where('model_id', '=', modelId)
      .where('status', '=', 'active');
    if (commentsOnly) query = query.where('allow_comments', '=', true);
    const rows = await query
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute();
    return rows.map((row) => row.id);
  }
}

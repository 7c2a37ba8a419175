import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, TopicAttachmentRow, TopicAttachmentsTable } from '../../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The only place that touches `topic_attachments` (the bytes are in the object storage). */
export class TopicAttachmentsRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: Insertable<TopicAttachmentsTable>): Promise<TopicAttachmentRow> {
    return this.db
      .insertInto('topic_attachments')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(id: string): Promise<TopicAttachmentRow | undefined> {
    return this.db
      .selectFrom('topic_attachments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The files of these topics (and their comments), oldest first. */
  async forTopics(topicIds: readonly string[]): Promise<TopicAttachmentRow[]> {
    if (topicIds.length === 0) return [];
    return this.db
      .selectFrom('topic_attachments')
      .selectAll()
      .where('topic_id', 'in', topicIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Ids of a comment's files (their stored bytes go after the comment is deleted). */
  async idsOfComment(commentId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('topic_attachments')
      .select('id')
      .where('comment_id', '=', commentId)
      .execute();
    return rows.map((row) => row.id);
  }

  /** How many files a visitor (share and key) uploaded since `since` (the per-minute cap). */
  async visitorUploadsSince(shareId: string, visitorKey: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('topic_attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('share_id', '=', shareId)
      .where('visitor_key', '=', visitorKey)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('topic_attachments').where('id', '=', id).execute();
  }
}

import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type {
  Database,
  TopicCommentsTable,
  TopicFilesTable,
  TopicRow,
  TopicsTable,
  TopicViewpointsTable,
} from '../../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row INSERT (PostgreSQL allows 65 535 parameters per statement). */
const ROWS_PER_INSERT = 500;
/** Viewpoints carry snapshots: fewer per statement keeps one statement's size sane. */
const VIEWPOINTS_PER_INSERT = 50;
/** Values per `IN (...)` list. */
const KEYS_PER_QUERY = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * The BCF import's and export's statements over the topic tables: batched inserts (an import
 * of thousands of topics is a few dozen statements in one transaction) and the reads an export
 * needs. Reached through `repos.topics.bcf`.
 */
export class TopicsBcfRepository {
  constructor(private readonly db: Executor) {}

  async topicsByGuid(projectId: string, guids: readonly string[]): Promise<TopicRow[]> {
    const rows: TopicRow[] = [];
    for (const part of chunks(guids, KEYS_PER_QUERY)) {
      for (const row of await this.db
        .selectFrom('topics')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('guid', 'in', part)
        .execute())
        rows.push(row);
    }
    return rows;
  }

  async insertTopics(
    values: readonly Insertable<TopicsTable>[],
  ): Promise<{ id: string; guid: string }[]> {
    const rows: { id: string; guid: string }[] = [];
    for (const part of chunks(values, ROWS_PER_INSERT)) {
      for (const row of await this.db
        .insertInto('topics')
        .values(part)
        .returning(['id', 'guid'])
        .execute())
        rows.push(row);
    }
    return rows;
  }

  async updateTopic(id: string, patch: Updateable<TopicsTable>): Promise<void> {
    await this.db.updateTable('topics').set(patch).where('id', '=', id).execute();
  }

  async viewpointKeys(
    topicIds: readonly string[],
  ): Promise<{ id: string; topic_id: string; guid: string; position: number }[]> {
    const rows = [];
    for (const part of chunks(topicIds, KEYS_PER_QUERY)) {
      for (const row of await this.db
        .selectFrom('topic_viewpoints')
        .select(['id', 'topic_id', 'guid', 'position'])
        .where('topic_id', 'in', part)
        .execute())
        rows.push(row);
    }
    return rows;
  }

  async insertViewpoints(
    values: readonly Insertable<TopicViewpointsTable>[],
  ): Promise<{ id: string; topic_id: string; guid: string }[]> {
    const rows = [];
    for (const part of chunks(values, VIEWPOINTS_PER_INSERT)) {
      for (const row of await this.db
        .insertInto('topic_viewpoints')
        .values(part)
        .returning(['id', 'topic_id', 'guid'])
        .execute())
        rows.push(row);
    }
    return rows;
  }

  async updateViewpoint(id: string, patch: Updateable<TopicViewpointsTable>): Promise<void> {
    await this.db.updateTable('topic_viewpoints').set(patch).where('id', '=', id).execute();
  }

  async commentKeys(
    topicIds: readonly string[],
  ): Promise<{ id: string; topic_id: string; guid: string }[]> {
    const rows = [];
    for (const part of chunks(topicIds, KEYS_PER_QUERY)) {
      for (const row of await this.db
        .selectFrom('topic_comments')
        .select(['id', 'topic_id', 'guid'])
        .where('topic_id', 'in', part)
        .execute())
        rows.push(row);
    }
    return rows;
  }

  /** Snapshot bytes per viewpoint of the given topics (the import's per-topic cap). */
  async snapshotSizes(
    topicIds: readonly string[],
  ): Promise<{ topic_id: string; guid: string; bytes: number }[]> {
    const rows: { topic_id: string; guid: string; bytes: number }[] = [];
    for (const part of chunks(topicIds, KEYS_PER_QUERY)) {
      const found = await this.db
        .selectFrom('topic_viewpoints')
        .select(['topic_id', 'guid', sql<number>`coalesce(octet_length(snapshot), 0)`.as('bytes')])
        .where('topic_id', 'in', part)
        .execute();
      for (const row of found) rows.push({ ...row, bytes: Number(row.bytes) });
    }
    return rows;
  }

  async insertComments(values: readonly Insertable<TopicCommentsTable>[]): Promise<void> {
    for (const part of chunks(values, ROWS_PER_INSERT)) {
      await this.db.insertInto('topic_comments').values(part).execute();
    }
  }

  async updateComment(id: string, patch: Updateable<TopicCommentsTable>): Promise<void> {
    await this.db.updateTable('topic_comments').set(patch).where('id', '=', id).execute();
  }

  /** Replaces the archive files of the given topics with `files`. */
  async replaceFiles(
    topicIds: readonly string[],
    files: readonly Insertable<TopicFilesTable>[],
  ): Promise<void> {
    for (const part of chunks(topicIds, KEYS_PER_QUERY)) {
      await this.db.deleteFrom('topic_files').where('topic_id', 'in', part).execute();
    }
    for (const part of chunks(files, VIEWPOINTS_PER_INSERT)) {
      await this.db.insertInto('topic_files').values(part).execute();
    }
  }

  /** Topics of the project for an export (all, or those GUIDs), by number. */
  async exportTopics(projectId: string, guids?: readonly string[]): Promise<TopicRow[]> {
    if (guids)
      return (await this.topicsByGuid(projectId, guids)).sort((a, b) => a.number - b.number);
    return this.db
      .selectFrom('topics')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('number')
      .execute();
  }

  /** E-mail addresses of the project's accepted members (BCF names users by address). */
  async memberEmails(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select('u.email')
      .where('pm.project_id', '=', projectId)
      .where('pm.status', '=', 'accepted')
      // Members without an address (WeChat sign-ups) cannot be named in BCF.
      .where('u.email', 'is not', null)
      .orderBy('u.email')
      .$narrowType<{ email: string }>()
      .execute();
    return rows.map((row) => row.email);
  }

  /** Members by e-mail (a BCF AssignedTo names a user by address). */
  async memberIdsByEmail(
    projectId: string,
    emails: readonly string[],
  ): Promise<Map<string, string>> {
    if (emails.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select(['u.id', 'u.email'])
      .where('pm.project_id', '=', projectId)
      .where('pm.status', '=', 'accepted')
      .where(
        'u.email',
        'in',
        emails.map((email) => email.toLowerCase()),
      )
      .$narrowType<{ email: string }>()
      .execute();
    return new Map(rows.map((row) => [row.email, row.id]));
  }

  /** Ready models of the project with their metadata location (GlobalId matching). */
  async readyModels(
    projectId: string,
  ): Promise<
    { id: string; name: string; derived_prefix: string | null; metadata_hash: string | null }[]
  > {
    return this.db
      .selectFrom('models')
      .select(['id', 'name', 'derived_prefix', 'metadata_hash'])
      .where('project_id', '=', projectId)
      .where('status', '=', 'ready')
      .where('deleted_at', 'is', null)
      .execute();
  }
}

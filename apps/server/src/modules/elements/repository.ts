import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SavedQueryRow } from '../../db/schema.ts';
import type { ElementColumns, PropertyColumns } from './element-rows.ts';

export type SavedQueryWithAuthor = SavedQueryRow & { author_name: string | null };

export type NewSavedQuery = Pick<SavedQueryRow, 'project_id' | 'name' | 'created_by'> & {
  query: unknown;
  models: string[] | null;
  at: Date;
};

function slice<T extends object>(columns: T, from: number, to: number): T {
  return Object.fromEntries(
    Object.entries(columns).map(([key, list]) => [key, (list as unknown[]).slice(from, to)]),
  ) as T;
}

/** The element index's rows and state, and saved queries. */
export class ElementsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** The metadata hash each of these model versions was indexed from. */
  async indexedHashes(versionIds: readonly string[]): Promise<Map<string, string>> {
    if (versionIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('element_index_state')
      .select(['version_id', 'metadata_hash'])
      .where('version_id', 'in', versionIds)
      .execute();
    return new Map(rows.map((row) => [row.version_id, row.metadata_hash]));
  }

  /**
   * Locks the version's index state for this transaction (made when missing) and gives the hash
   * it holds: '' for a new one. Returns null when the version no longer exists.
   */
  async lockState(versionId: string, at: Date): Promise<string | null> {
    await sql`INSERT INTO element_index_state
        (version_id, model_id, metadata_hash, elements, properties, indexed_at)
      SELECT id, model_id, '', 0, 0, ${at} FROM model_versions WHERE id = ${versionId}
      ON CONFLICT (version_id) DO NOTHING`.execute(this.db);
    const row = await this.db
      .selectFrom('element_index_state')
      .select('metadata_hash')
      .where('version_id', '=', versionId)
      .forUpdate()
      .executeTakeFirst();
    return row ? row.metadata_hash : null;
  }

  /** Deletes the version's rows and marks its index as not written ('' hash). */
  async clear(versionId: string): Promise<void> {
    await this.db.deleteFrom('element_properties').where('version_id', '=', versionId).execute();
    await this.db.deleteFrom('elements').where('version_id', '=', versionId).execute();
    await this.db
      .updateTable('element_index_state')
      .set({ metadata_hash: '', elements: 0, properties: 0 })
      .where('version_id', '=', versionId)
      .execute();
  }

  /** Inserts rows `from` to `to` of the version's elements and of its properties. */
  async insertRows(
    version: { modelId: string; versionId: string },
    rows: { elements: ElementColumns; properties: PropertyColumns },
    part: { elements: [number, number]; properties: [number, number] },
  ): Promise<void> {
    const { modelId, versionId } = version;
    if (part.elements[1] > part.elements[0]) {
      const c = slice(rows.elements, ...part.elements);
      await sql`INSERT INTO elements (version_id, model_id, element_id, guid, type, name, storey)
        SELECT ${versionId}::uuid, ${modelId}::uuid, * FROM unnest(${c.elementId}::int[],
          ${c.guid}::text[], ${c.type}::text[], ${c.name}::text[], ${c.storey}::text[])`.execute(
        this.db,
      );
    }
    if (part.properties[1] > part.properties[0]) {
      const c = slice(rows.properties, ...part.properties);
      await sql`INSERT INTO element_properties
          (version_id, model_id, element_id, pset, name, value, num)
        SELECT ${versionId}::uuid, ${modelId}::uuid, * FROM unnest(${c.elementId}::int[],
          ${c.pset}::text[], ${c.name}::text[], ${c.value}::text[], ${c.num}::float8[])`.execute(
        this.db,
      );
    }
  }

  /** Marks the version's index as written from `metadataHash`. */
  async markWritten(
    versionId: string,
    metadataHash: string,
    counts: { elements: number; properties: number },
    at: Date,
  ): Promise<void> {
    await this.db
      .updateTable('element_index_state')
      .set({ metadata_hash: metadataHash, ...counts, indexed_at: at })
      .where('version_id', '=', versionId)
      .execute();
  }

  #withAuthor() {
    return this.db
      .selectFrom('saved_queries as q')
      .leftJoin('users as u', 'u.id', 'q.created_by')
      .selectAll('q')
      .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('author_name'));
  }

  async listQueries(projectId: string): Promise<SavedQueryWithAuthor[]> {
    return this.#withAuthor().where('q.project_id', '=', projectId).orderBy('q.seq').execute();
  }

  async findQuery(id: string): Promise<SavedQueryWithAuthor | undefined> {
    return this.#withAuthor().where('q.id', '=', id).executeTakeFirst();
  }

  async countQueries(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('saved_queries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertQuery(query: NewSavedQuery): Promise<string> {
    const row = await this.db
      .insertInto('saved_queries')
      .values({
        project_id: query.project_id,
        name: query.name,
        query: JSON.stringify(query.query),
        models: query.models === null ? null : JSON.stringify(query.models),
        created_by: query.created_by,
        created_at: query.at,
        updated_at: query.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateQuery(
    id: string,
    change: { name?: string; query?: unknown; models?: string[] | null },
    at: Date,
  ): Promise<void> {
    await this.db
      .updateTable('saved_queries')
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.query === undefined ? {} : { query: JSON.stringify(change.query) }),
        ...(change.models === undefined
          ? {}
          : { models: change.models === null ? null : JSON.stringify(change.models) }),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async deleteQuery(id: string): Promise<void> {
    await this.db.deleteFrom('saved_queries').where('id', '=', id).execute();
  }
}

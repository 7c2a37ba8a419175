import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface Usage {
  /** Projects the user owns. */
  projects: number;
  /** The most accepted members in any project the user owns. */
  maxMembersPerProject: number;
  /** The most (not trashed) models in any project the user owns. */
  maxModelsPerProject: number;
  /** Bytes of every model (trash included) and topic attachment in projects the user owns. */
  storageBytes: number;
}

export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Ids of the projects the user owns (what their usage figures depend on). */
  async ownedProjectIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('projects')
      .select('id')
      .where('owner_id', '=', userId)
      .execute();
    return rows.map((row) => row.id);
  }

  async usage(userId: string): Promise<Usage> {
    const { rows } = await sql<{
      projects: number;
      max_members: number;
      max_models: number;
      storage_bytes: number | string;
    }>`
      SELECT count(*) AS projects,
             coalesce(max(members.n), 0) AS max_members,
             coalesce(max(models.n), 0) AS max_models,
             coalesce(sum(stored.bytes), 0) + coalesce(sum(attached.bytes), 0) AS storage_bytes
        FROM projects p
        LEFT JOIN (SELECT project_id, count(*) AS n
                     FROM project_members
                    WHERE status = 'accepted'
                    GROUP BY project_id) members ON members.project_id = p.id
        LEFT JOIN (SELECT project_id, count(*) FILTER (WHERE deleted_at IS NULL) AS n
                     FROM models
                    GROUP BY project_id) models ON models.project_id = p.id
        -- Every version's original counts (trash included), not only the current one's.
        LEFT JOIN (SELECT m.project_id, sum(v.size_bytes) AS bytes
                     FROM model_versions v
                     JOIN models m ON m.id = v.model_id
                    GROUP BY m.project_id) stored ON stored.project_id = p.id
        -- Files on topics and comments count like models (the file, not its thumbnail).
        LEFT JOIN (SELECT project_id, sum(size_bytes) AS bytes
                     FROM topic_attachments
                    GROUP BY project_id) attached ON attached.project_id = p.id
       WHERE p.owner_id = ${userId}
    `.execute(this.db);
    const row = rows[0];
    return {
      projects: Number(row?.projects ?? 0),
      maxMembersPerProject: Number(row?.max_members ?? 0),
      maxModelsPerProject: Number(row?.max_models ?? 0),
      storageBytes: Number(row?.storage_bytes ?? 0),
    };
  }
}

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SavedViewRow } from '../../db/schema.ts';

/** A saved view with its creator's name (email when the name is empty; null when deleted). */
export type SavedViewWithAuthor = SavedViewRow & { author_name: string | null };

export type NewSavedView = Pick<
  SavedViewRow,
  'model_id' | 'name' | 'state' | 'thumbnail' | 'thumbnail_type' | 'created_by' | 'model_ids'
> & { at: Date };

export class SavedViewsRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  #withAuthor() {
    return this.db
      .selectFrom('saved_views as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .selectAll('v')
      .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('author_name'));
  }

  async listForModel(modelId: string): Promise<SavedViewWithAuthor[]> {
    return this.#withAuthor().where('v.model_id', '=', modelId).orderBy('v.seq').execute();
  }

  async find(id: string): Promise<SavedViewWithAuthor | undefined> {
    return this.#withAuthor().where('v.id', '=', id).executeTakeFirst();
  }

  async countForModel(modelId: string): Promise<number> {
    const row = await this.db
      .selectFrom('saved_views')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('model_id', '=', modelId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(view: NewSavedView): Promise<string> {
    const { at, model_ids, ...columns } = view;
    const row = await this.db
      .insertInto('saved_views')
      .values({
        ...columns,
        model_ids: JSON.stringify(model_ids),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async rename(id: string, name: string, at: Date): Promise<void> {
    await this.db
      .updateTable('saved_views')
      .set({ name, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('saved_views').where('id', '=', id).execute();
  }
}

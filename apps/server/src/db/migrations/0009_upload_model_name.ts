import { sql, type Kysely } from 'kysely';

/**
 * The name the finished upload's model gets when it differs from the uploaded file's: files
 * picked together (an OBJ with its MTL and textures) arrive as one zip the browser made, and the
 * model is named after the main file, not the zip (issue 17, item 7). Null: the file name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE uploads ADD COLUMN model_name text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE uploads DROP COLUMN model_name`.execute(db);
}

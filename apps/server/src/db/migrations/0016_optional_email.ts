import { sql, type Kysely } from 'kysely';

/**
 * Accounts without an email: a WeChat sign-up has none until the user adds one (verified by a
 * mailed code). `users.email` may be NULL (the unique index lets any number of NULLs through);
 * `email_codes.email` is the address an `add_email` code was mailed to, which becomes the
 * account's email once the code comes back.
 */
const upStatements = [
  `ALTER TABLE users ALTER COLUMN email DROP NOT NULL`,
  `ALTER TABLE email_codes ADD COLUMN email text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE email_codes DROP COLUMN email').execute(db);
  // Accounts still without an email cannot be kept under NOT NULL: they get a placeholder.
  await sql
    .raw(`UPDATE users SET email = 'no-email+' || id || '@truss.invalid' WHERE email IS NULL`)
    .execute(db);
  await sql.raw('ALTER TABLE users ALTER COLUMN email SET NOT NULL').execute(db);
}

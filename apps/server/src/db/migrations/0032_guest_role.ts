import { sql, type Kysely } from 'kysely';

/**
 * The guest role (issue 35): an outside party who sees a project's models and topics but not its
 * members. Memberships and invitations may now carry it. The CHECK constraints were declared
 * inline in 0001 and 0002, so they have PostgreSQL's generated names `<table>_role_check`.
 */
const upStatements = [
  'ALTER TABLE project_members DROP CONSTRAINT project_members_role_check',
  `ALTER TABLE project_members ADD CONSTRAINT project_members_role_check
     CHECK (role IN ('owner', 'admin', 'member', 'guest'))`,
  'ALTER TABLE project_invitations DROP CONSTRAINT project_invitations_role_check',
  `ALTER TABLE project_invitations ADD CONSTRAINT project_invitations_role_check
     CHECK (role IN ('admin', 'member', 'guest'))`,
];

/** Down turns guests into members first: the old constraints would refuse their rows. */
const downStatements = [
  `UPDATE project_members SET role = 'member' WHERE role = 'guest'`,
  `UPDATE project_invitations SET role = 'member' WHERE role = 'guest'`,
  'ALTER TABLE project_members DROP CONSTRAINT project_members_role_check',
  `ALTER TABLE project_members ADD CONSTRAINT project_members_role_check
     CHECK (role IN ('owner', 'admin', 'member'))`,
  'ALTER TABLE project_invitations DROP CONSTRAINT project_invitations_role_check',
  `ALTER TABLE project_invitations ADD CONSTRAINT project_invitations_role_check
     CHECK (role IN ('admin', 'member'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}

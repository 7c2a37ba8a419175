import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Modules own their data (issue 34): only a module's own code names its tables. Another module
 * goes through the functions the owner's index.ts exports (`findModel(repos, id)`,
 * `queue.enqueue(repos, ...)`, `userAccounts(repos)`), which run on the caller's executor, inside
 * its transaction. This scan reads every module's source (tests and `testing/` helpers aside) for
 * the tables its queries name and checks each against the owner below.
 */

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const modulesDir = path.join(srcDir, 'modules');

/** Every table of db/schema.ts and the module that owns it. */
const TABLE_OWNERS: Record<string, string> = {
  users: 'users',
  user_preferences: 'users',
  notification_settings: 'users',
  email_codes: 'auth',
  refresh_tokens: 'auth',
  login_failures: 'auth',
  user_identities: 'oauth',
  projects: 'projects',
  project_members: 'members',
  project_invitations: 'members',
  models: 'models',
  model_versions: 'models',
  uploads: 'uploads',
  upload_locks: 'uploads',
  jobs: 'jobs',
  dev_mail: 'dev',
  shares: 'shares',
  share_code_failures: 'shares',
  share_visit_salts: 'shares',
  share_visitor_marks: 'shares',
  topic_counters: 'topics',
  topic_types: 'topics',
  topics: 'topics',
  topic_viewpoints: 'topics',
  topic_comments: 'topics',
  topic_files: 'topics',
  topic_attachments: 'topics',
  topic_notices: 'topics',
  orders: 'payments',
  payment_callbacks: 'payments',
  payment_sandbox_trades: 'payments',
  subscription_periods: 'payments',
  subscription_reminders: 'payments',
  quota_events: 'quotas',
  sales_contacts: 'sales',
  saved_views: 'saved-views',
  element_index_state: 'elements',
  elements: 'elements',
  element_properties: 'elements',
  saved_queries: 'elements',
};

/**
 * Reads of another module's tables not yet behind its functions, file by file (module-relative
 * path -> foreign tables). Each is a join or an aggregate over several modules' rows; take an
 * entry out when its file stops naming the table (the test below fails on stale entries too).
 */
const ALLOWED_FOREIGN_TABLES: Record<string, string[]> = {
  // A refresh token's session joins its user (one query per authenticated request).
  'auth/repository.ts': ['users'],
  // The index state is seeded from the version row; saved queries join their author's name.
  'elements/repository.ts': ['model_versions', 'users'],
  // Invitations read the project (locked, named in mails), its members, and invitees' accounts.
  'members/invitations-repository.ts': ['projects', 'users'],
  // Member lists join the members' names.
  'members/repository.ts': ['users'],
  // Model lists join creators' names.
  'models/repository.ts': ['users'],
  'models/versions-repository.ts': ['users'],
  // The project list counts models and members and joins the owner's name.
  'projects/repository.ts': ['models', 'project_members', 'users'],
  'saved-views/repository.ts': ['users'],
  // A share joins its model, project, versions and creator (one query per shared link).
  'shares/repository.ts': ['model_versions', 'models', 'projects', 'users'],
  // Plan usage: one aggregate over the owner's projects, members, models, versions and the
  // files attached to topics (they count in storage as models do).
  'subscriptions/repository.ts': [
    'model_versions',
    'models',
    'project_members',
    'projects',
    'topic_attachments',
  ],
  // Topics: assignees and mentions are project members; authors' names; shared links' topics.
  'topics/bcf/repository.ts': ['models', 'project_members', 'users'],
  'topics/notices-repository.ts': ['project_members', 'projects', 'users'],
  'topics/repository.ts': ['project_members', 'shares', 'users'],
  // Reserved bytes join the projects the owner owns.
  'uploads/repository.ts': ['projects'],
};

/** Kysely's table-naming calls (first argument, `'table'` or `'table as alias'`). */
const BUILDER_TABLE =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)/g;
/** Raw SQL (`sql` templates): a table after FROM, JOIN, INTO or UPDATE. */
const RAW_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The tables a source text names in its queries. */
function tablesNamed(source: string): Set<string> {
  const tables = new Set<string>();
  for (const match of source.matchAll(BUILDER_TABLE)) tables.add(match[1]!);
  for (const match of source.matchAll(RAW_TABLE)) {
    if (match[1]! in TABLE_OWNERS) tables.add(match[1]!);
  }
  return tables;
}

/** `modules/<m>/file.ts` -> the foreign tables it names, for every file naming one. */
function foreignTablesByFile(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of sourceFiles(modulesDir)) {
    const relative = path.relative(modulesDir, file).split(path.sep).join('/');
    const module = relative.split('/')[0]!;
    const foreign = [...tablesNamed(readFileSync(file, 'utf8'))]
      .filter((table) => TABLE_OWNERS[table] !== undefined && TABLE_OWNERS[table] !== module)
      .sort();
    if (foreign.length > 0) found[relative] = foreign;
  }
  return found;
}

describe('modules own their data', () => {
  it('the ownership map names every table of db/schema.ts, each owned by a module', () => {
    const schema = readFileSync(path.join(srcDir, 'db/schema.ts'), 'utf8');
    const database = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const tables = [...database.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1]);
    expect(tables.length).toBeGreaterThan(30);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables].sort());
    const modules = new Set(readdirSync(modulesDir));
    for (const owner of new Set(Object.values(TABLE_OWNERS))) expect(modules).toContain(owner);
  });

  it('the scan sees builder calls, joins and raw SQL', () => {
    const sample = `
      db.selectFrom('models as m').innerJoin('users as u', 'u.id', 'm.created_by');
      db.insertInto('jobs'); db.updateTable('uploads'); db.deleteFrom('shares');
      sql\`SELECT 1 FROM project_members pm LEFT JOIN topics t ON true FROM (SELECT 1) sub\`;
    `;
    expect([...tablesNamed(sample)].sort()).toEqual([
      'jobs',
      'models',
      'project_members',
      'shares',
      'topics',
      'uploads',
      'users',
    ]);
  });

  it("no module names another module's tables, beyond the allowlist", () => {
    expect(foreignTablesByFile()).toEqual(ALLOWED_FOREIGN_TABLES);
  });

  it("no module builds another module's repositories (only app-data.ts assembles them)", () => {
    const offenders = sourceFiles(modulesDir).filter((file) =>
      /import[^;]*\bcreate\w+Repositories\b[^;]*from '(?:\.\.\/)+[a-z-]+\/index\.ts'/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders.map((file) => path.relative(modulesDir, file))).toEqual([]);
  });
});

/**
 * Topic list, filter and search latency (issue 16: a project with 10 000 topics and 50 000
 * comments answers list and filter under 50 ms p95 on PostgreSQL). The real app (buildApp) over a
 * fresh database, seeded in bulk by SQL, measured over HTTP as the issues page calls it.
 *
 *   npm run bench:topics -w @truss/bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   (default)
 *   BENCH_ENGINE=pglite      run on embedded PGlite instead
 *   BENCH_SAMPLES=100        requests per measure;  BENCH_TOPICS=10000  topics (5 comments each)
 *   BENCH_KEEP=1             keep the PostgreSQL database (its name is printed) for EXPLAIN ANALYZE
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../apps/server/src/db/schema.ts';
import { printTable, summarize, timeEach, type Summary } from '../stats.ts';
import { BENCH_ENGINE, startInProcessTruss } from '../support/in-process-truss.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const TOPICS = Number(process.env.BENCH_TOPICS ?? 10_000);
const COMMENTS_PER_TOPIC = 5;
const ENGINE = BENCH_ENGINE;
const TARGET_MS = 50;

const WORDS = [
  'door',
  'duct',
  'wall',
  'slab',
  'beam',
  'column',
  'pipe',
  'cable',
  'tray',
  'window',
  'stair',
  'ramp',
  'roof',
  'facade',
  'sprinkler',
  'damper',
  'valve',
  'shaft',
  'ceiling',
  'riser',
];

/** 10 000 topics (3 in 4 issues), one viewpoint each, 5 comments each; 6 assignees. */
async function seed(db: Kysely<Database>, projectId: string, ownerId: string): Promise<string[]> {
  const members: string[] = [ownerId];
  for (let i = 0; i < 5; i++) {
    const row = await db
      .insertInto('users')
      .values({ email: `bench-member-${i}-${randomBytes(3).toString('hex')}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: row.id, role: 'member', status: 'accepted' })
      .execute();
    members.push(row.id);
  }
  const words = sql.val(WORDS);
  const assignees = sql.val([...members]);
  await sql`
    INSERT INTO topics (project_id, guid, number, kind, title, description, type, status, priority,
      labels, assignee_id, due_date, pin, author_id, author_name, created_at, modified_at)
    SELECT ${projectId}, gen_random_uuid()::text, i,
      CASE WHEN i % 4 = 0 THEN 'comment' ELSE 'issue' END,
      initcap((${words}::text[])[1 + i % 20]) || ' clashes with ' || (${words}::text[])[1 + (i / 20) % 20]
        || ' on level ' || (i % 12),
      'Found in coordination round ' || (i % 50) || ': the ' || (${words}::text[])[1 + (i / 7) % 20]
        || ' needs ' || (i % 300) || ' mm more clearance near grid ' || chr(65 + i % 26) || (i % 9),
      (ARRAY['Issue', 'Request', 'Clash', 'Remark'])[1 + (i / 3) % 4],
      (ARRAY['Open', 'In Progress', 'Resolved', 'Closed'])[1 + (i / 5) % 4],
      (ARRAY['Low', 'Normal', 'High', 'Critical'])[1 + (i / 11) % 4],
      (ARRAY['[]', '["MEP"]', '["Structure", "Level 2"]', '["Facade"]', '["MEP", "Urgent"]'])[1 + i % 5]::jsonb,
      CASE WHEN i % 7 = 0 THEN NULL ELSE (${assignees}::uuid[])[1 + i % 6] END,
      CASE WHEN i % 3 = 0 THEN NULL ELSE now() + ((i % 120) - 40) * interval '1 day' END,
      jsonb_build_object(
        'position', jsonb_build_object('x', i % 100, 'y', i % 37, 'z', i % 5),
        'elementId', i, 'globalId', lpad(i::text, 22, '0')),
      ${ownerId}, 'Bench Owner',
      now() - (${TOPICS} - i) * interval '1 minute', now() - (${TOPICS} - i) * interval '30 second'
    FROM generate_series(1, ${TOPICS}) AS i`.execute(db);
  await sql`INSERT INTO topic_counters (project_id, last_number) VALUES (${projectId}, ${TOPICS})`.execute(
    db,
  );
  await sql`
    INSERT INTO topic_viewpoints (topic_id, guid, position, camera, visibility, created_at)
    SELECT id, gen_random_uuid()::text, 0,
      '{"type":"perspective","position":{"x":10,"y":5,"z":3},"direction":{"x":-1,"y":0,"z":0},"up":{"x":0,"y":0,"z":1},"fieldOfView":60,"aspectRatio":1.5}'::jsonb,
      '{"defaultVisibility":true,"exceptions":[]}'::jsonb, created_at
    FROM topics WHERE project_id = ${projectId}`.execute(db);
  await sql`
    INSERT INTO topic_comments (topic_id, guid, author_id, author_name, text, created_at)
    SELECT t.id, gen_random_uuid()::text, ${ownerId}, 'Bench Owner',
      'Checked on site, round ' || g || ': see the ' || (${words}::text[])[1 + (t.number + g) % 20],
      t.created_at + g * interval '1 hour'
    FROM topics t CROSS JOIN generate_series(1, ${COMMENTS_PER_TOPIC}) AS g
    WHERE t.project_id = ${projectId}`.execute(db);
  // What autovacuum does in a live database: bulk inserts leave the GIN indexes' pending lists
  // full (the planner then avoids them) and the statistics empty.
  await sql`VACUUM ANALYZE`.execute(db);
  return members;
}

async function main(): Promise<void> {
  const { handle, base, auth, userId, projectId, close } = await startInProcessTruss('topics');
  try {
    const seeding = performance.now();
    const members = await seed(handle.db, projectId, userId);
    console.log(
      `seeded ${TOPICS} topics, ${TOPICS * COMMENTS_PER_TOPIC} comments, ${TOPICS} viewpoints on ${ENGINE} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const get = async (path: string, expectTotal?: (total: number) => boolean) => {
      const response = await fetch(`${base}${path}`, { headers: auth });
      const body = (await response.json()) as { total?: number };
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      if (expectTotal && !expectTotal(body.total ?? -1)) {
        throw new Error(`${path}: unexpected total ${body.total}`);
      }
    };
    const list = `/api/project/${projectId}/topics`;
    const measures: [string, string][] = [
      ['list, newest 50', `${list}?limit=50`],
      ['list, page 100 (offset 4950)', `${list}?limit=50&offset=4950`],
      ['filter status=Open', `${list}?status=Open&limit=50`],
      [
        'filter issues, Open+In Progress, one assignee',
        `${list}?kind=issue&status=Open,In%20Progress&assignee=${members[2]}&limit=50`,
      ],
      ['filter type=Clash, sort by due', `${list}?type=Clash&sort=due&order=asc&limit=50`],
      ['filter label=MEP, sort by priority', `${list}?label=MEP&sort=priority&limit=50`],
      [
        'filter due before +10 days',
        `${list}?dueBefore=${encodeURIComponent(new Date(Date.now() + 10 * 86_400_000).toISOString())}&limit=50`,
      ],
      ['filter no due date, Open', `${list}?due=none&status=Open&limit=50`],
      ['filter no due date', `${list}?due=none&limit=50`],
      ['search "sprinkler" (title/text)', `${list}?q=sprinkler&limit=50`],
      ['search "grid Q7" (rare)', `${list}?q=grid%20Q7&limit=50`],
      ['search "#4242" (number)', `${list}?q=%234242&limit=50`],
      ['open issues per model (topic-counts)', `/api/project/${projectId}/topic-counts`],
    ];
    const rows: [string, Summary][] = [];
    for (const [name, path] of measures) {
      await timeEach(10, () => get(path)); // warm-up
      rows.push([name, summarize(await timeEach(SAMPLES, () => get(path)))]);
    }
    printTable(
      `Topics on ${ENGINE}: ${TOPICS} topics, ${TOPICS * COMMENTS_PER_TOPIC} comments, HTTP GET, ${SAMPLES} requests each (target p95 < ${TARGET_MS} ms)`,
      rows,
    );
    const over = rows.filter(([, s]) => s.p95 >= TARGET_MS).map(([name]) => name);
    console.log(over.length ? `\nover target: ${over.join('; ')}` : '\nall under target');
  } finally {
    await close();
  }
}

await main();

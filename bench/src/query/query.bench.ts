/**
 * Property query latency (issue 18: a query across a project of 10 models / 200,000 elements
 * answers under 200 ms p95 on PostgreSQL). The real app (buildApp) over a fresh database; the
 * element index is seeded in bulk by SQL (10 ready models, each with its index state in step
 * with its viewable, so no query re-indexes), then POST /api/project/{id}/elements/query is
 * measured over HTTP as the Find elements panel sends it (count + a page of 200).
 *
 *   npm run bench:query -w @truss/bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   (default)
 *   BENCH_ENGINE=pglite      run on embedded PGlite instead
 *   BENCH_SAMPLES=50         requests per query;  BENCH_ELEMENTS=200000  elements in all
 *   BENCH_KEEP=1             keep the database afterwards (for EXPLAIN)
 */
import { sql, type Kysely } from 'kysely';
import type { ElementWhere } from '@truss/contracts';
import type { Database } from '../../../apps/server/src/db/schema.ts';
import { printTable, summarize, timeEach, type Summary } from '../stats.ts';
import { BENCH_ENGINE, startInProcessTruss } from '../support/in-process-truss.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 200_000);
const MODELS = 10;
const ENGINE = BENCH_ENGINE;
const TARGET_MS = 200;

/** IFC classes of a building, in rough proportion (walls and fittings most common). */
const TYPES = [
  'IfcWallStandardCase',
  'IfcWallStandardCase',
  'IfcWall',
  'IfcSlab',
  'IfcBeam',
  'IfcColumn',
  'IfcDoor',
  'IfcWindow',
  'IfcWindow',
  'IfcFlowSegment',
  'IfcFlowSegment',
  'IfcFlowFitting',
  'IfcFurnishingElement',
  'IfcCovering',
  'IfcMember',
  'IfcRailing',
];

/**
 * 10 ready models of ELEMENTS / 10 elements each: one row per element (class, name, storey of
 * 20) and eight properties: Pset_*Common.IsExternal and .FireRating, BaseQuantities.Length,
 * .Width, .NetVolume (numbers), Identity Data.Mark, Phasing.Phase Created and the attribute
 * Tag: about 1.6 million property rows.
 */
async function seed(db: Kysely<Database>, projectId: string, ownerId: string): Promise<string[]> {
  const perModel = Math.floor(ELEMENTS / MODELS);
  const models: string[] = [];
  for (let m = 0; m < MODELS; m++) {
    const row = await db
      .insertInto('models')
      .values({
        project_id: projectId,
        name: `Building ${String.fromCharCode(65 + m)}`,
        size_bytes: 50_000_000,
        created_by: ownerId,
        status: 'ready',
        format: 'ifc',
        derived_prefix: `bench/${m}/`,
        metadata_hash: `bench-${m}`,
        converted_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    models.push(row.id);
  }
  const types = sql.val(TYPES);
  const ids = sql.val(models);
  // Each model is its version 1 (same id), current and processed, as the server makes them.
  await sql`
    INSERT INTO model_versions (id, model_id, number, created_by, created_at, updated_at,
      size_bytes, format, status, progress, derived_prefix, metadata_hash, converted_at)
    SELECT id, id, 1, created_by, now(), now(), size_bytes, format, 'ready', 100,
      derived_prefix, metadata_hash, now()
    FROM models WHERE id = ANY(${ids}::uuid[])`.execute(db);
  await sql`UPDATE models SET current_version_id = id WHERE id = ANY(${ids}::uuid[])`.execute(db);
  await sql`
    INSERT INTO element_index_state (model_id, version_id, metadata_hash, elements, properties,
      indexed_at)
    SELECT id, id, metadata_hash, ${perModel}, ${perModel * 8}, now() FROM models
    WHERE id = ANY(${ids}::uuid[])`.execute(db);
  await sql`
    INSERT INTO elements (model_id, version_id, element_id, guid, type, name, storey)
    SELECT (${ids}::uuid[])[1 + m], (${ids}::uuid[])[1 + m], i,
      lpad(to_hex(m * 1000000 + i), 22, '0'),
      (${types}::text[])[1 + (i * 7 + m) % ${TYPES.length}],
      (${types}::text[])[1 + (i * 7 + m) % ${TYPES.length}] || ' ' || i,
      'Level ' || (1 + (i / 50) % 20)
    FROM generate_series(0, ${MODELS - 1}) AS m, generate_series(0, ${perModel - 1}) AS i`.execute(
    db,
  );
  await sql`
    INSERT INTO element_properties (model_id, version_id, element_id, pset, name, value, num)
    SELECT e.model_id, e.version_id, e.element_id, p.pset, p.name, lower(p.value),
      CASE WHEN p.value ~ '^[0-9.]+$' THEN p.value::float8 END
    FROM elements e
    CROSS JOIN LATERAL (VALUES
      ('pset_' || lower(substr(e.type, 4)) || 'common', 'isexternal',
        CASE WHEN e.element_id % 3 = 0 THEN 'true' ELSE 'false' END),
      ('pset_' || lower(substr(e.type, 4)) || 'common', 'firerating',
        (ARRAY['EI30', 'EI60', 'EI90', 'REI120', 'None'])[1 + e.element_id % 5]),
      ('basequantities', 'length', ((e.element_id % 1000) / 100.0)::text),
      ('basequantities', 'width', ((e.element_id % 37) / 100.0 + 0.1)::text),
      ('basequantities', 'netvolume', ((e.element_id % 211) / 10.0)::text),
      ('identity data', 'mark', 'M-' || (e.element_id % 5000)),
      ('phasing', 'phase created', (ARRAY['Existing', 'New Construction'])[1 + e.element_id % 2]),
      ('attributes', 'tag', (100000 + e.element_id)::text)
    ) AS p(pset, name, value)
    WHERE e.model_id = ANY(${ids}::uuid[])`.execute(db);
  // What autovacuum does in a live database: statistics for the planner.
  await sql`VACUUM ANALYZE`.execute(db);
  return models;
}

async function main(): Promise<void> {
  const { handle, base, auth, userId, projectId, close } = await startInProcessTruss('query');
  try {
    const json = { 'content-type': 'application/json' };

    const seeding = performance.now();
    const models = await seed(handle.db, projectId, userId);
    console.log(
      `seeded ${MODELS} models, ${ELEMENTS} elements, ${ELEMENTS * 8} properties on ${ENGINE} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const run = async (where: ElementWhere, only?: string[]) => {
      const response = await fetch(`${base}/api/project/${projectId}/elements/query`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({ where, limit: 200, ...(only ? { models: only } : {}) }),
      });
      const body = (await response.json()) as { count?: number };
      if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
      return body.count ?? -1;
    };
    const type = (value: string) => ({ field: 'type', op: '=', value }) as const;
    const measures: [string, ElementWhere, string[]?][] = [
      ['type = IfcWall (subclasses included)', { all: [type('IfcWall')] }],
      [
        'IfcDoor AND Pset_DoorCommon.FireRating = EI30',
        { all: [type('IfcDoor'), { field: 'Pset_DoorCommon.FireRating', op: '=', value: 'EI30' }] },
      ],
      [
        '(IfcDoor OR IfcWindow) AND storey = Level 3',
        {
          all: [
            { any: [type('IfcDoor'), type('IfcWindow')] },
            { field: 'storey', op: '=', value: 'Level 3' },
          ],
        },
      ],
      [
        'BaseQuantities.Length > 5 AND < 5.5',
        {
          all: [
            { field: 'BaseQuantities.Length', op: '>', value: 5 },
            { field: 'BaseQuantities.Length', op: '<', value: 5.5 },
          ],
        },
      ],
      [
        'IfcWall AND Pset_WallCommon.IsExternal != true',
        { all: [type('IfcWall'), { field: 'Pset_WallCommon.IsExternal', op: '!=', value: true }] },
      ],
      [
        'name contains "beam 1999"',
        { all: [{ field: 'name', op: 'contains', value: 'beam 1999' }] },
      ],
      [
        'Identity Data.Mark = M-42 OR Attributes.Tag = 100042',
        {
          any: [
            { field: 'Identity Data.Mark', op: '=', value: 'M-42' },
            { field: 'Attributes.Tag', op: '=', value: 100042 },
          ],
        },
      ],
      [
        'Pset_DoorCommon.FireRating exists',
        { all: [{ field: 'Pset_DoorCommon.FireRating', op: 'exists' }] },
      ],
      ['type = IfcWall, one model', { all: [type('IfcWall')] }, [models[3]!]],
    ];
    const rows: [string, Summary][] = [];
    for (const [name, where, only] of measures) {
      const count = await run(where, only);
      await timeEach(5, () => run(where, only).then(() => undefined)); // warm-up
      rows.push([
        `${name} (${count})`,
        summarize(await timeEach(SAMPLES, () => run(where, only).then(() => undefined))),
      ]);
    }
    printTable(
      `Property queries on ${ENGINE}: ${MODELS} models, ${ELEMENTS} elements, ${ELEMENTS * 8} properties, HTTP POST (count + 200 rows), ${SAMPLES} requests each (target p95 < ${TARGET_MS} ms)`,
      rows,
    );
    const over = rows.filter(([, s]) => s.p95 >= TARGET_MS).map(([name]) => name);
    console.log(over.length ? `\nover target: ${over.join('; ')}` : '\nall under target');
  } finally {
    await close();
  }
}

await main();

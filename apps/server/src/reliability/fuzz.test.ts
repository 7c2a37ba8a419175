import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS } from './access-table.ts';
import { buildWorld, startWorldServer, type World } from './fixture.ts';
import {
  listOperations,
  send,
  validRequest,
  type Operation,
  type PreparedRequest,
} from './operations.ts';
import { hostileParam, hostileString, mutatedBody, sampleValid } from './schema-sample.ts';

/** Random cases per operation (RELIABILITY_FUZZ_RUNS=200 for a long local run). */
const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 4);
/** RELIABILITY_FUZZ_SEED replays a run; the seed of every run is printed. */
const SEED = Number(process.env.RELIABILITY_FUZZ_SEED ?? Date.now() % 2 ** 31);

/**
 * The product's own rows. Counters of refusals (sign-in and share-code failures, rate limits),
 * the mail outbox, job rows and unfinished tus uploads are left out: refusals are meant to
 * count there.
 */
const DOMAIN_TABLES = [
  'users',
  'user_identities',
  'user_preferences',
  'notification_settings',
  'projects',
  'project_members',
  'project_invitations',
  'models',
  'shares',
  'topic_types',
  'topics',
  'topic_viewpoints',
  'topic_comments',
  'topic_attachments',
  'orders',
  'subscription_periods',
] as const;

/** A digest of every domain row: any insert, update or delete changes it. */
async function snapshot(world: World): Promise<string> {
  const parts = DOMAIN_TABLES.map(
    (table) =>
      sql<{
        t: string;
        h: string;
      }>`select ${table}::text as t, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from ${sql.table(table)} r`,
  );
  const union = parts.reduce((all, part) => sql`${all} union all ${part}`);
  const result = await union.execute(world.server.db);
  return result.rows.map((row) => `${row.t}:${row.h}`).join(' ');
}

interface Case {
  kind: string;
  request: PreparedRequest;
}

/** Cases that do not depend on the schema: broken JSON, wrong content types, empty bodies. */
function fixedCases(op: Operation, base: PreparedRequest): Case[] {
  if (!op.body?.contentType.includes('json')) return [];
  const json = { ...base.headers, 'content-type': 'application/json' };
  return [
    { kind: 'bad JSON', request: { ...base, headers: json, body: '{"name": "x",' } },
    { kind: 'NUL in JSON', request: { ...base, headers: json, body: '{"name":"a\\u0000b"}' } },
    { kind: 'empty body', request: { ...base, headers: json, body: '' } },
    {
      kind: 'text/plain',
      request: { ...base, headers: { ...base.headers, 'content-type': 'text/plain' } },
    },
    {
      kind: 'form encoded',
      request: {
        ...base,
        headers: { ...base.headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=x&description=y',
      },
    },
    {
      kind: 'huge JSON',
      request: { ...base, headers: json, body: JSON.stringify({ name: 'x'.repeat(3_000_000) }) },
    },
  ];
}

/** A random mutation of the valid request: its body, a query parameter or a path parameter. */
function randomCase(op: Operation, world: World, base: PreparedRequest): fc.Arbitrary<Case> {
  const options: fc.Arbitrary<Case>[] = [];
  if (op.body?.contentType.includes('json')) {
    const valid = sampleValid(op.body.schema, world.hints);
    options.push(
      mutatedBody(op.body.schema, valid).map(({ kind, body }) => ({
        kind,
        request: { ...base, body: JSON.stringify(body) },
      })),
    );
  }
  const query = op.parameters.filter((p) => p.in === 'query');
  if (query.length) {
    options.push(
      fc.tuple(fc.constantFrom(...query), hostileParam).map(([parameter, value]) => {
        const [path, search = ''] = base.url.split('?');
        const params = new URLSearchParams(search);
        params.set(parameter.name, value);
        return { kind: `query ${parameter.name}`, request: { ...base, url: `${path}?${params}` } };
      }),
    );
  }
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length) {
    options.push(
      fc.tuple(fc.constantFrom(...names), hostileParam).map(([name, value]) => ({
        kind: `path ${name}`,
        request: {
          ...base,
          url: op.path.replace(/\{(\w+)\}/g, (_, n: string) =>
            pathPart(n === name ? value || ' ' : world.param(op.path, n)),
          ),
        },
      })),
    );
  }
  options.push(
    hostileString.map((value) => ({
      kind: 'hostile header',
      request: {
        ...base,
        // What an HTTP client can send at all: no control characters, bytes up to 0xff.
        headers: {
          ...base.headers,
          'accept-language': value.slice(0, 200).replace(/[^\x20-\x7e\x80-\xff]/g, '?'),
        },
      },
    })),
  );
  return fc.oneof(...options);
}

describe('fuzz: every operation from its schema', () => {
  let world: World;
  let operations: Operation[];
  /** Signs in a throwaway account for the operations that end sessions or the account. */
  let throwaway: string;

  beforeAll(async () => {
    const server = await startWorldServer();
    world = await buildWorld(server);
    operations = listOperations(server.app);
    throwaway = (await server.createUser()).token;
  }, 120_000);
  afterAll(() => world?.server.close());

  it(
    'never answers 5xx, keeps the error contract, changes nothing when it refuses',
    {
      timeout: 300_000,
    },
    async () => {
      const failures: string[] = [];
      let requests = 0;
      const check = async (op: Operation, c: Case) => {
        const before = await snapshot(world);
        const response = await send(world.server.url, c.request).catch((error: unknown) => ({
          status: 599,
          text: String(error),
          contentType: '',
        }));
        requests += 1;
        const where = `${op.key} [${c.kind}] ${c.request.method} ${c.request.url.slice(0, 120)}`;
        if (response.status >= 500) {
          failures.push(`${where}: ${response.status} ${response.text.slice(0, 200)}`);
          return;
        }
        // HEAD answers carry no body to hold an error.
        if (
          response.status >= 400 &&
          c.request.method !== 'HEAD' &&
          response.contentType.includes('json')
        ) {
          const body = JSON.parse(response.text || '{}') as { code?: unknown; message?: unknown };
          if (typeof body.code !== 'string' || typeof body.message !== 'string') {
            failures.push(
              `${where}: ${response.status} outside the error contract ${response.text}`,
            );
          }
        }
        if (response.status >= 400 && (await snapshot(world)) !== before) {
          failures.push(`${where}: refused with ${response.status} but rows changed`);
        }
      };

      for (const op of operations) {
        const declaration = ACCESS[op.key];
        // Operations that remove their target act on an id nobody has (validation still runs);
        // those that end sessions or the account act as a throwaway account.
        const params = declaration?.fresh
          ? Object.fromEntries(
              [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, randomUUID()] as const),
            )
          : {};
        const base = validRequest(op, world, 'owner', { params });
        if (declaration?.fresh === 'session') base.headers.authorization = `Bearer ${throwaway}`;
        for (const c of fixedCases(op, base)) await check(op, c);
        const cases = fc.sample(randomCase(op, world, base), { numRuns: RUNS, seed: SEED });
        for (const c of cases) await check(op, c);
      }
      console.log(
        `fuzz: ${operations.length} operations, ${requests} requests (seed ${SEED}), ${failures.length} failures`,
      );
      expect(failures).toEqual([]);
    },
  );
});

/**
 * A path segment as a client can send it: a lone surrogate half has no UTF-8 form, so
 * encodeURIComponent throws on it; such halves go out as U+FFFD (what a browser sends).
 */
function pathPart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

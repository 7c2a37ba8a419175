import {
  BCF_TOPIC_MAX_COMMENTS,
  BCF_TOPIC_MAX_VIEWPOINT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINTS,
  TOPIC_DETAIL_COMMENTS,
  TOPIC_FOCUS_MAX,
  type BcfImportReport,
  type CommentPage,
  type Share,
  type Topic,
  type TopicWithComments,
  type Viewpoint,
} from '@truss/contracts';
import { loadavg } from 'node:os';
import { lyingZipBomb } from '@truss/converter/testing/zip-bomb';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShare, createShareTeam, type ShareTeam } from '../testing/share-fixture.ts';
import { startShareServer } from '../testing/share-fixture.ts';
import { testEngine, type TestServer } from '../testing/test-server.ts';
import {
  BCF_VERSION_3 as VERSION,
  importBcf,
  minimalMarkup,
  storedTopics,
  topicGuid as guid,
} from '../modules/topics/testing/bcf-test-helpers.ts';

/**
 * Issue 33 items 2, 10 and 11 (BCF part): a file that amplifies itself (300,000 comments in
 * 1.6 MB, zip entries that lie about their size, hostile XML) is refused as a whole with a
 * stable 4xx, a topic at the caps reads in pages that keep the server responsive, an import
 * touching a topic with hundreds of thousands of comments answers 422 (not a stack overflow),
 * and a share without comments hears no comment events.
 */

const IFC_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
const ifcGuid = (n: number) => {
  let text = '';
  for (let i = 0; i < 22; i += 1) text += IFC_CHARS[(n * 31 + i * 17 + (n >> (i % 8))) % 64];
  return text;
};
const uuid = (prefix: number, i: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** One BCF 3.0 topic with `comments` comments and `viewpoints` viewpoints of `components` each. */
function bigTopic(
  topic: string,
  options: { comments: number; viewpoints?: number; components?: number; commentOffset?: number },
): Zippable {
  const parts: string[] = [
    `<?xml version="1.0"?><Markup><Topic Guid="${topic}" TopicType="Issue" TopicStatus="Open"><Title>Big</Title><CreationDate>2024-01-02T03:04:05Z</CreationDate><CreationAuthor>a@example.com</CreationAuthor><Comments>`,
  ];
  const offset = options.commentOffset ?? 0;
  for (let i = 0; i < options.comments; i += 1) {
    parts.push(
      `<Comment Guid="${uuid(7, offset + i)}"><Date>${new Date(Date.UTC(2024, 1, 3) + (offset + i) * 1000).toISOString()}</Date><Author>b@example.com</Author><Comment>c${i}</Comment></Comment>`,
    );
  }
  parts.push('</Comments><Viewpoints>');
  const files: Zippable = {};
  for (let v = 0; v < (options.viewpoints ?? 0); v += 1) {
    const id = uuid(9, v);
    parts.push(`<ViewPoint Guid="${id}"><Viewpoint>${id}.bcfv</Viewpoint></ViewPoint>`);
    const selection: string[] = [];
    for (let c = 0; c < (options.components ?? 0); c += 1) {
      selection.push(`<Component IfcGuid="${ifcGuid(v * 100_000 + c)}"/>`);
    }
    files[`${topic}/${id}.bcfv`] = strToU8(
      `<?xml version="1.0"?><VisualizationInfo Guid="${id}"><Components><Selection>${selection.join('')}</Selection></Components></VisualizationInfo>`,
    );
  }
  parts.push('</Viewpoints></Topic></Markup>');
  files[`${topic}/markup.bcf`] = strToU8(parts.join(''));
  return files;
}

const bcf = (...topics: Zippable[]) =>
  zipSync(Object.assign({ 'bcf.version': VERSION }, ...topics) as Zippable, { level: 6 });

/** /api/health/live answered in a loop while `work` runs: every latency in ms. */
async function healthDuring(server: TestServer, work: () => Promise<unknown>) {
  const times: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/health/live`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await work();
  done = true;
  await probe;
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!;
  return { n: times.length, p99, max: times[times.length - 1]! };
}

/** Three members read the topic at once, `rounds` times; bodies are taken as bytes. */
async function threeReads(server: TestServer, token: string, topicId: string, rounds = 6) {
  let bytes = 0;
  for (let round = 0; round < rounds; round += 1) {
    const bodies = await Promise.all(
      [0, 1, 2].map(async () => {
        const res = await fetch(`${server.url}/api/topics/${topicId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        return (await res.arrayBuffer()).byteLength;
      }),
    );
    bytes = Math.max(bytes, ...bodies);
  }
  return bytes;
}

/** The issue's bound: three concurrent reads keep health p99 under this (above the noise). */
const HEALTH_P99_MS = 200;

/**
 * Health p99 during three concurrent reads x6 of a topic, minus health p99 with no reads for as
 * long (the shared box's own noise), with the load average beside it. Measured again once when
 * over HEALTH_P99_MS: two bad runs in a row are the server's, one may be the neighbours' (the
 * statements run back to back, before db/pglite-dialect.ts's I/O turn, added 330-650 ms each run).
 */
async function readsOverQuiet(server: TestServer, token: string, topicId: string, label: string) {
  let best = Infinity;
  for (let attempt = 1; attempt <= 2 && best >= HEALTH_P99_MS; attempt += 1) {
    const one = performance.now();
    const bytes = await threeReads(server, token, topicId, 1);
    const oneMs = performance.now() - one;
    const quiet = await healthDuring(
      server,
      () => new Promise((resolve) => setTimeout(resolve, Math.max(2000, oneMs * 6))),
    );
    const load = loadavg()[0]!.toFixed(1);
    const health = await healthDuring(server, () => threeReads(server, token, topicId));
    console.log(
      `${testEngine()}: 3 concurrent reads x6 of ${label} (${bytes} bytes each, one round ` +
        `${oneMs.toFixed(0)} ms): health p99 ${health.p99.toFixed(1)} ms, max ` +
        `${health.max.toFixed(1)} ms, n ${health.n}; without the reads p99 ` +
        `${quiet.p99.toFixed(1)} ms; load average ${load} (attempt ${attempt})`,
    );
    best = Math.min(best, health.p99 - quiet.p99);
  }
  return best;
}

describe(`reliability: BCF amplification (${testEngine()})`, () => {
  let server: TestServer;
  let team: ShareTeam;

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
  }, 60_000);
  afterAll(() => server?.close());

  it('refuses 300,000 comments on one topic in seconds, storing nothing', async () => {
    const bytes = bcf(bigTopic(guid(1), { comments: 300_000 }));
    const started = performance.now();
    const res = await importBcf(server, team.owner.token, team.project.id, bytes, {
      'accept-language': 'zh-CN',
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`300,000-comment BCF (${bytes.length} bytes) refused in ${seconds.toFixed(2)} s`);
    // Its markup inflates to 45 MB: stopped at the 32 MiB an XML file may hold.
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('BCF_FILE_TOO_LARGE');
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    // Refused in 2-5 s on a quiet machine (25 s with the 2-core box at load 12); it used to be
    // imported whole in 28-48 s. The status above is the point; this bound only catches a parse.
    expect(seconds).toBeLessThan(45);
    // 20,000 comments (3 MB of XML) pass that cap: counted by the scan, refused before parsing.
    const scanned = bcf(bigTopic(guid(1), { comments: 20_000 }));
    const counted = await importBcf(server, team.owner.token, team.project.id, scanned);
    expect([counted.status, counted.body.code]).toEqual([413, 'BCF_TOO_MANY_COMMENTS']);
    expect(await storedTopics(server, team.project.id)).toEqual([]);
  }, 120_000);

  it('refuses zip entries that lie about their size, or expand like a bomb, while inflating', async () => {
    const refuse = async (bytes: Uint8Array, status: number, code: string) => {
      const started = performance.now();
      const res = await importBcf(server, team.owner.token, team.project.id, bytes);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).toBe(code);
      return performance.now() - started;
    };
    // Declares 1 KiB in both headers, inflates to 256 MiB: stopped after its first chunk.
    const liar = lyingZipBomb(`${guid(2)}/markup.bcf`, 256 * 1024 * 1024, 1024);
    const ms = await refuse(liar, 413, 'BCF_ZIP_BOMB');
    console.log(`lying zip bomb (${liar.length} bytes -> 256 MiB) refused in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(3000);
    // Honest about its 64 MiB, but 1,000x: past the ratio cap.
    await refuse(lyingZipBomb('big.bin', 64 * 1024 * 1024, 64 * 1024 * 1024), 413, 'BCF_ZIP_BOMB');
    expect(await storedTopics(server, team.project.id)).toEqual([]);
  }, 60_000);

  it('refuses hostile XML as a whole file with one 4xx, never a 200 with skipped topics', async () => {
    const good = { [`${guid(3)}/markup.bcf`]: minimalMarkup(guid(3), 'Fine') };
    const xxe = {
      [`${guid(4)}/markup.bcf`]: strToU8(
        `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><Markup><Topic Guid="${guid(4)}"><Title>&x;</Title></Topic></Markup>`,
      ),
    };
    const laughs = {
      [`${guid(5)}/markup.bcf`]: strToU8(
        `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Markup><Topic Guid="${guid(5)}"><Title>&b;</Title></Topic></Markup>`,
      ),
    };
    const broken = { [`${guid(6)}/markup.bcf`]: strToU8('<Markup><Topic><Title>x</Markup>') };
    for (const [hostile, code] of [
      [xxe, 'BCF_FILE_UNSAFE'],
      [laughs, 'BCF_FILE_UNSAFE'],
      [broken, 'BCF_FILE_INVALID'],
    ] as const) {
      const res = await importBcf(server, team.owner.token, team.project.id, bcf(good, hostile));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    }
    // Too many viewpoints, and viewpoints too large, in one topic.
    const many = bcf(
      bigTopic(guid(7), { comments: 1, viewpoints: BCF_TOPIC_MAX_VIEWPOINTS + 1, components: 1 }),
    );
    const res = await importBcf(server, team.owner.token, team.project.id, many);
    expect([res.status, res.body.code]).toEqual([413, 'BCF_TOO_MANY_VIEWPOINTS']);
    const components = Math.ceil(BCF_TOPIC_MAX_VIEWPOINT_BYTES / 2 / 35);
    const large = bcf(bigTopic(guid(8), { comments: 1, viewpoints: 3, components }));
    const big = await importBcf(server, team.owner.token, team.project.id, large);
    expect([big.status, big.body.code]).toEqual([413, 'BCF_TOO_MANY_VIEWPOINTS']);
    expect(await storedTopics(server, team.project.id)).toEqual([]);
  }, 60_000);

  it('a topic at the caps reads in pages; three concurrent reads keep health responsive', async () => {
    // 5,000 comments and 200 viewpoints: the count caps at once (the byte cap is the next case).
    const file = bcf(
      bigTopic(guid(10), {
        comments: BCF_TOPIC_MAX_COMMENTS,
        viewpoints: BCF_TOPIC_MAX_VIEWPOINTS,
        components: 5,
      }),
    );
    const imported = await importBcf(server, team.owner.token, team.project.id, file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((imported.body as BcfImportReport).created).toBe(1);
    const { id } = await server.db
      .selectFrom('topics')
      .select('id')
      .where('guid', '=', guid(10))
      .executeTakeFirstOrThrow();

    // One comment more in the file: refused by the reader; with the topic's own: 422.
    const over = bcf(bigTopic(guid(11), { comments: BCF_TOPIC_MAX_COMMENTS + 1 }));
    const refused = await importBcf(server, team.owner.token, team.project.id, over);
    expect([refused.status, refused.body.code]).toEqual([413, 'BCF_TOO_MANY_COMMENTS']);
    const more = bcf(bigTopic(guid(10), { comments: 1, commentOffset: BCF_TOPIC_MAX_COMMENTS }));
    const full = await importBcf(server, team.owner.token, team.project.id, more);
    expect([full.status, full.body.code]).toEqual([422, 'BCF_TOPIC_FULL']);
    // The same file again updates it in place (its comments are known by GUID).
    const again = await importBcf(server, team.owner.token, team.project.id, file);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 1 });

    const detail = await server.api<TopicWithComments>('GET', `/api/topics/${id}`, {
      token: team.member.token,
    });
    expect(detail.body.comment_count).toBe(BCF_TOPIC_MAX_COMMENTS);
    expect(detail.body.comments).toHaveLength(TOPIC_DETAIL_COMMENTS);
    expect(detail.body.comments.at(-1)!.text).toBe(`c${BCF_TOPIC_MAX_COMMENTS - 1}`);
    expect(detail.body.viewpoints).toHaveLength(BCF_TOPIC_MAX_VIEWPOINTS);
    // Earlier pages by cursor cover the thread once, oldest first.
    const seen = new Set(detail.body.comments.map((c) => c.id));
    let before = detail.body.comments_before;
    while (before) {
      const page = await server.api<CommentPage>(
        'GET',
        `/api/topics/${id}/comments?limit=200&before=${before}`,
        { token: team.member.token },
      );
      expect(page.status).toBe(200);
      for (const c of page.body.comments) seen.add(c.id);
      before = page.body.before;
    }
    expect(seen.size).toBe(BCF_TOPIC_MAX_COMMENTS);

    // The issue's 200 ms. Was a 1 s bound: PGlite ran the three reads' statements back to back
    // in microtasks while health waited (330 ms at p99 at load 14); each statement now waits
    // for an I/O turn (db/pglite-dialect.ts): 43 ms above the quiet p99 at load 12.
    const excess = await readsOverQuiet(server, team.member.token, id, 'a topic at the caps');
    expect(excess).toBeLessThan(HEALTH_P99_MS);
  }, 300_000);

  it('the biggest topic the caps allow: three concurrent reads keep health p99 low', async () => {
    // Every count cap and the visinfo byte cap at once; the detail carries viewpoint summaries.
    const components = Math.floor(BCF_TOPIC_MAX_VIEWPOINT_BYTES / BCF_TOPIC_MAX_VIEWPOINTS / 50);
    const file = bcf(
      bigTopic(guid(12), {
        comments: BCF_TOPIC_MAX_COMMENTS,
        viewpoints: BCF_TOPIC_MAX_VIEWPOINTS,
        components,
      }),
    );
    const imported = await importBcf(server, team.owner.token, team.project.id, file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const { id } = await server.db
      .selectFrom('topics')
      .select('id')
      .where('guid', '=', guid(12))
      .executeTakeFirstOrThrow();
    // The detail is light: summaries, never the components (those come one viewpoint a time).
    const detail = await server.api<TopicWithComments>('GET', `/api/topics/${id}`, {
      token: team.member.token,
    });
    expect(detail.body.viewpoints).toHaveLength(BCF_TOPIC_MAX_VIEWPOINTS);
    expect(detail.body.viewpoints[0]!.counts.selection).toBe(components);
    expect(detail.body.focus).toHaveLength(TOPIC_FOCUS_MAX);
    // Its components alone are ~1.5 MB of JSON; the detail stays under a tenth of that.
    expect(JSON.stringify(detail.body).length).toBeLessThan(150_000);
    const one = await server.api<Viewpoint>(
      'GET',
      `/api/topics/${id}/viewpoints/${detail.body.viewpoints[0]!.id}`,
      { token: team.member.token },
    );
    expect(one.body.selection).toHaveLength(components);

    const label =
      `the biggest allowed topic (${BCF_TOPIC_MAX_COMMENTS} comments, ` +
      `${BCF_TOPIC_MAX_VIEWPOINTS} viewpoints, ${components * BCF_TOPIC_MAX_VIEWPOINTS} components)`;
    const excess = await readsOverQuiet(server, team.member.token, id, label);
    expect(excess).toBeLessThan(HEALTH_P99_MS);
  }, 300_000);

  it('a topic with 200,000 comments (older data) reads paged and a later import answers 422, not 500', async () => {
    const topic = await server.api<Topic>('POST', `/api/project/${team.project.id}/topics`, {
      token: team.owner.token,
      body: { kind: 'issue', title: 'Legacy', modelId: team.model.id },
    });
    const id = topic.body.id;
    await sql`
      INSERT INTO topic_comments (topic_id, guid, author_name, text, created_at)
      SELECT ${id}::uuid, 'legacy-' || n, 'Old', 'comment ' || n,
             timestamptz '2020-01-01' + n * interval '1 second'
      FROM generate_series(1, 200000) AS n`.execute(server.db);
    const detail = await server.api<TopicWithComments>('GET', `/api/topics/${id}`, {
      token: team.member.token,
    });
    expect(detail.body.comment_count).toBe(200_000);
    expect(detail.body.comments).toHaveLength(TOPIC_DETAIL_COMMENTS);
    const health = await healthDuring(server, () => threeReads(server, team.member.token, id));
    console.log(
      `${testEngine()}: 3 concurrent reads x6 of a 200,000-comment topic: ` +
        `health p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(1)} ms`,
    );
    // Not a topic the caps allow (its exact count is still read: ~25 ms a read on PGlite), but
    // far from the 8 s p99 of whole-thread reads.
    expect(health.p99).toBeLessThan(1000);
    // The import that once overflowed the stack in commentKeys.
    const touch = bcf(bigTopic(topic.body.guid, { comments: 1 }));
    const res = await importBcf(server, team.owner.token, team.project.id, touch);
    expect([res.status, res.body.code]).toEqual([422, 'BCF_TOPIC_FULL']);
  }, 300_000);

  it('a share with comments off hears no comment events nor comment threads', async () => {
    const open = (s: Share) => {
      const abort = new AbortController();
      const response = fetch(`${server.url}/api/share/${s.token}/events`, {
        signal: abort.signal,
      });
      return { abort, response };
    };
    const make = (allowComments: boolean) =>
      createShare(server, team.owner.token, {
        modelId: team.model.id,
        type: 'public',
        expiration: '7d',
        allowComments,
        issuePermission: 'view',
      });
    const [quiet, chatty] = [await make(false), await make(true)];
    const streams = [open(quiet), open(chatty)];
    const readers = await Promise.all(
      streams.map(async ({ response }) => {
        const res = await response;
        expect(res.status).toBe(200);
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        expect((await reader.read()).value).toContain('retry:');
        return reader;
      }),
    );
    const issue = await server.api<Topic>('POST', `/api/project/${team.project.id}/topics`, {
      token: team.owner.token,
      body: { kind: 'issue', title: 'Visible to both', modelId: team.model.id },
    });
    const thread = await server.api<Topic>('POST', `/api/project/${team.project.id}/topics`, {
      token: team.owner.token,
      body: { kind: 'comment', title: 'Members only thread', modelId: team.model.id },
    });
    await server.api('POST', `/api/topics/${issue.body.id}/comments`, {
      token: team.owner.token,
      body: { text: 'a reply' },
    });
    // A last issue event marks the end: everything before it has been delivered.
    const last = await server.api<Topic>('POST', `/api/project/${team.project.id}/topics`, {
      token: team.owner.token,
      body: { kind: 'issue', title: 'The end', modelId: team.model.id },
    });
    const until = async (reader: ReadableStreamDefaultReader<string>) => {
      let text = '';
      while (!text.includes(last.body.id)) text += (await reader.read()).value ?? '';
      return text;
    };
    const [heardQuiet, heardChatty] = await Promise.all(readers.map(until));
    for (const { abort } of streams) abort.abort();
    expect(heardChatty).toContain(thread.body.id);
    expect(heardChatty).toContain('comment.created');
    expect(heardQuiet).toContain(issue.body.id);
    expect(heardQuiet).not.toContain(thread.body.id);
    expect(heardQuiet).not.toContain('comment.');
    // Its comment routes answer nothing either.
    const page = await server.api<CommentPage>(
      'GET',
      `/api/share/${quiet.token}/topics/${issue.body.id}/comments`,
    );
    expect(page.body).toEqual({ comments: [], total: 0, before: null, after: null });
  }, 60_000);
});

import { request } from 'node:http';
import { sql } from 'kysely';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPaidPlan } from '../../../testing/paid-plan.ts';
import { createProject, createTeam, type Team } from '../../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../../testing/test-server.ts';
import {
  BCF_VERSION_3 as VERSION,
  exportBcf,
  importBcf,
  manyTopics,
  minimalMarkup as markup,
  storedTopics,
  topicGuid as guid,
} from '../testing/bcf-test-helpers.ts';

/** A zip that declares its one big entry at ~4 GB uncompressed (a bomb's signature). */
function zipBomb(): Uint8Array {
  const zip = zipSync({ 'bcf.version': VERSION, 'big.bin': new Uint8Array(4096) });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at < zip.length - 4; at += 1) {
    const signature = view.getUint32(at, true);
    const nameAt = signature === 0x04034b50 ? at + 30 : signature === 0x02014b50 ? at + 46 : -1;
    if (nameAt < 0) continue;
    const name = new TextDecoder().decode(zip.subarray(nameAt, nameAt + 7));
    if (name !== 'big.bin') continue;
    view.setUint32(at + (signature === 0x04034b50 ? 22 : 24), 0xf0000000, true);
  }
  return zip;
}

describe(`BCF routes: permissions and bad files (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  const good = () =>
    zipSync({ 'bcf.version': VERSION, [`${guid(1)}/markup.bcf`]: markup(guid(1), 'Fine') });

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
    // These tests create more projects than the Free plan allows.
    await grantPaidPlan(server.db, team.owner.user.id, 'pro', server.clock());
  });
  afterAll(() => server?.close());

  it('import: owner and admin; a member is refused, an outsider gets 404, anonymous 401', async () => {
    const id = team.project.id;
    expect((await importBcf(server, team.member.token, id, good())).status).toBe(403);
    expect((await importBcf(server, team.outsider.token, id, good())).status).toBe(404);
    expect((await importBcf(server, null, id, good())).status).toBe(401);
    expect(await storedTopics(server, id)).toEqual([]);
    expect((await importBcf(server, team.admin.token, id, good())).body.created).toBe(1);
    expect((await importBcf(server, team.owner.token, id, good())).body.updated).toBe(1);
  });

  it('export: every member; an outsider gets 404, anonymous 401; a bad version is a 400', async () => {
    const id = team.project.id;
    expect((await exportBcf(server, team.member.token, id)).status).toBe(200);
    expect((await exportBcf(server, team.outsider.token, id)).status).toBe(404);
    expect((await exportBcf(server, null, id)).status).toBe(401);
    expect((await exportBcf(server, team.member.token, id, 'version=1.0')).status).toBe(400);
  });

  it('refuses what is no BCF with a stable code and a message in the caller language', async () => {
    const project = await createProject(server, team.owner.token, 'Bad files');
    const refuse = async (bytes: Uint8Array, status: number, code: string) => {
      const res = await importBcf(server, team.owner.token, project.id, bytes, {
        'accept-language': 'zh-CN',
      });
      expect(res.status, new TextDecoder().decode(res.bytes)).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    };
    await refuse(strToU8('hello, not a zip'), 400, 'BCF_FILE_INVALID');
    await refuse(new Uint8Array(0), 400, 'BCF_FILE_INVALID');
    await refuse(zipSync({ 'readme.txt': strToU8('no markup here') }), 400, 'BCF_FILE_INVALID');
    await refuse(zipBomb(), 413, 'BCF_FILE_TOO_LARGE');
    const xxe = strToU8(
      '<?xml version="1.0"?><!DOCTYPE v [<!ENTITY x SYSTEM "file:///etc/passwd">]><Version VersionId="&x;"/>',
    );
    // Was BCF_FILE_INVALID: hostile XML has its own code now.
    await refuse(zipSync({ 'bcf.version': xxe }), 400, 'BCF_FILE_UNSAFE');
    await refuse(manyTopics(20_001), 413, 'BCF_TOO_MANY_TOPICS');
    const png = await fetch(`${server.url}/api/project/${project.id}/bcf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.owner.token}`, 'content-type': 'image/png' },
      body: good(),
    });
    expect(png.status).toBe(415);
    expect(await storedTopics(server, project.id)).toEqual([]);
    // Builds and reads a 20,001-topic zip: about 9 s alone, several times that on a busy box.
  }, 120_000);

  it('refuses a body over the upload cap from its Content-Length alone', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/api/project/${team.project.id}/bcf`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${team.owner.token}`,
          'content-type': 'application/octet-stream',
          'content-length': String(200 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write(new Uint8Array(1024));
    });
    expect(status).toBe(413);
  });

  it('refuses a file with a broken or entity-laden topic as a whole; a topic without a title is reported', async () => {
    // Was: a 200 importing the good topic and listing the two bad ones under `skipped`. Hostile
    // or broken XML now refuses the whole file (issue 33); only benign gaps stay per topic.
    const project = await createProject(server, team.owner.token, 'Partial');
    const good = markup(guid(1), 'Good one');
    const entity = zipSync({
      'bcf.version': VERSION,
      [`${guid(1)}/markup.bcf`]: good,
      [`${guid(2)}/markup.bcf`]: strToU8(
        `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><Markup><Topic Guid="${guid(2)}"><Title>&x;</Title></Topic></Markup>`,
      ),
    });
    const unsafe = await importBcf(server, team.owner.token, project.id, entity);
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.code).toBe('BCF_FILE_UNSAFE');
    expect(JSON.stringify(unsafe.body)).not.toContain('root:');
    const broken = zipSync({
      'bcf.version': VERSION,
      [`${guid(1)}/markup.bcf`]: good,
      [`${guid(3)}/markup.bcf`]: strToU8('<Markup><Topic><Title>unclosed</Markup>'),
    });
    const invalid = await importBcf(server, team.owner.token, project.id, broken);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('BCF_FILE_INVALID');
    expect(await storedTopics(server, project.id)).toEqual([]);
    const untitled = zipSync({
      'bcf.version': VERSION,
      [`${guid(1)}/markup.bcf`]: good,
      [`${guid(4)}/markup.bcf`]: markup(guid(4), ' '),
      [`${guid(5)}/viewpoint.bcfv`]: strToU8('<VisualizationInfo/>'),
    });
    const res = await importBcf(server, team.owner.token, project.id, untitled);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, topics: [{ guid: guid(1), title: 'Good one' }] });
    expect(res.body.skipped.map((s) => s.guid)).toEqual([guid(4)]);
  });

  it('writes nothing when the transaction fails part-way', async () => {
    const project = await createProject(server, team.owner.token, 'Atomic');
    await sql
      .raw(
        `CREATE FUNCTION poison_topic() RETURNS trigger AS $$ BEGIN
           IF NEW.title = 'poison' THEN RAISE EXCEPTION 'poisoned' USING ERRCODE = 'unique_violation'; END IF;
           RETURN NEW; END $$ LANGUAGE plpgsql`,
      )
      .execute(server.db);
    await sql
      .raw(
        'CREATE TRIGGER poison BEFORE INSERT ON topics FOR EACH ROW EXECUTE FUNCTION poison_topic()',
      )
      .execute(server.db);
    try {
      const files: Zippable = { 'bcf.version': VERSION };
      for (let i = 0; i < 700; i += 1) {
        files[`${guid(i)}/markup.bcf`] = markup(guid(i), i === 650 ? 'poison' : `T${i}`);
      }
      const res = await importBcf(server, team.owner.token, project.id, zipSync(files));
      expect(res.status).toBe(409);
      expect(await storedTopics(server, project.id)).toEqual([]);
      const counters = await server.db
        .selectFrom('topic_counters')
        .selectAll()
        .where('project_id', '=', project.id)
        .execute();
      expect(counters).toEqual([]);
    } finally {
      await sql.raw('DROP TRIGGER poison ON topics').execute(server.db);
      await sql.raw('DROP FUNCTION poison_topic()').execute(server.db);
    }
  });

  it('a re-import of a changed file updates the topic, adds new comments and keeps Truss ones', async () => {
    const project = await createProject(server, team.owner.token, 'Changes');
    const comment = (id: string, text: string) =>
      `<Comment Guid="${id}"><Date>2024-02-03T04:05:06Z</Date><Author>b@example.com</Author><Comment>${text}</Comment></Comment>`;
    const file = (title: string, comments: string) =>
      zipSync({
        'bcf.version': VERSION,
        [`${guid(1)}/markup.bcf`]: strToU8(
          `<?xml version="1.0"?><Markup><Topic Guid="${guid(1)}" TopicType="Fault" TopicStatus="Open"><Title>${title}</Title><CreationDate>2024-01-02T03:04:05Z</CreationDate><CreationAuthor>a@example.com</CreationAuthor><Comments>${comments}</Comments></Topic></Markup>`,
        ),
      });
    const first = await importBcf(
      server,
      team.owner.token,
      project.id,
      file('Before', comment(guid(11), 'one')),
    );
    expect(first.body.created).toBe(1);
    const [topic] = await storedTopics(server, project.id);
    const row = await server.db
      .selectFrom('topics')
      .select('id')
      .where('guid', '=', guid(1))
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    await server.api('POST', `/api/topics/${row.id}/comments`, {
      token: team.owner.token,
      body: { text: 'from Truss' },
    });
    const second = await importBcf(
      server,
      team.owner.token,
      project.id,
      file('After', comment(guid(11), 'one, edited') + comment(guid(12), 'two')),
    );
    expect(second.body).toMatchObject({ created: 0, updated: 1 });
    const [after] = await storedTopics(server, project.id);
    expect(topic!.title).toBe('Before');
    expect(after!.title).toBe('After');
    expect(after!.type).toBe('Fault');
    expect(after!.comments.map((c) => c.text).sort()).toEqual(['from Truss', 'one, edited', 'two']);
  });

  it('imports 10 000 topics in one request', async () => {
    const project = await createProject(server, team.owner.token, 'Big');
    const bytes = manyTopics(10_000);
    const started = performance.now();
    const res = await importBcf(server, team.owner.token, project.id, bytes);
    const seconds = (performance.now() - started) / 1000;
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(10_000);
    console.log(`BCF import of 10 000 topics (${bytes.length} bytes): ${seconds.toFixed(1)} s`);
    const again = await importBcf(server, team.owner.token, project.id, bytes);
    expect(again.body).toMatchObject({ created: 0, updated: 10_000 });
  }, 180_000);
});
